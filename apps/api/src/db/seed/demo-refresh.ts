import type { App } from '../../app';
import type { Config } from '../../config';

/** The demo merchant's stores by the part they play (seed.ts makes the first three, the refresh the last). */
export const DEMO_STORES = { trial: 'demotrial', yearly: 'demoglobal', monthly: 'demotaobao', closed: 'democlosed' } as const;

const DAY_MS = 86_400_000;

/** What a refresh changed, by store ID or bill number; empty when the demo was still as it should be. */
export interface DemoRefreshResult {
  pendingRenewal?: string;
  disabled?: string;
  unpaidBill?: string;
}

/**
 * Keeps the demo merchant's data showing every state the consoles have, however long ago it was
 * seeded: a store pending renewal, a disabled store and an unpaid bill that can still be paid (a
 * bill's payment window is 30 minutes, a monthly store lapses after a month). Runs on every start
 * on demo data and after the first seed; each step only acts when what it keeps is missing, so
 * restarts add nothing, and it only touches the demo merchant's own stores and bills. A step that
 * cannot be done (the store limit reached, a store ID taken by someone else) is logged and skipped:
 * the start goes on.
 */
export async function refreshDemoData(app: App, config: Config, merchantId: number): Promise<DemoRefreshResult> {
  const { shops, shopAdmin, bills, settings, accounts, cashier } = app.services;
  const result: DemoRefreshResult = {};
  const demoStores = async () => new Map((await shops.listForMerchant(merchantId, { page: 1, limit: 100, tab: 'all', sort_order: 'descend' }, 'zh-CN')).list.map((store) => [store.shop_id, store]));
  const step = async (what: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      app.log.warn({ err: error }, `demo data: could not ${what}`);
    }
  };

  await step('keep a store pending renewal', async () => {
    const stores = await demoStores();
    const { grace_days: graceDays } = await settings.getPlatformRules();
    if (graceDays === 0 || [...stores.values()].some((store) => store.status === 'pending_renewal')) return;
    const monthly = stores.get(DEMO_STORES.monthly);
    if (!monthly || monthly.is_disabled_by_operator) return;
    // Expired a day ago (or half the grace period when that is shorter): well inside the grace period.
    const lapsedFor = Math.min(DAY_MS, (graceDays * DAY_MS) / 2);
    if (await shops.setDemoExpiry(merchantId, monthly.shop_id, new Date(app.clock.now().getTime() - lapsedFor))) result.pendingRenewal = monthly.shop_id;
  });

  await step('keep a disabled store', async () => {
    let stores = await demoStores();
    if ([...stores.values()].some((store) => store.status === 'disabled')) return;
    const adminId = await accounts.findAdminId(config.adminAccount);
    if (adminId === undefined) return;
    if (!stores.has(DEMO_STORES.closed)) {
      // Opened by the operator with an offline payment, as a merchant who paid by bank transfer.
      const added = await shopAdmin.add({
        adminId,
        input: {
          merchant_id: merchantId,
          shop_id: DEMO_STORES.closed,
          shop_name: '优选海淘馆（已停用）',
          contact_email: `${DEMO_STORES.closed}@parlour.dev`,
          package_id: 1,
          mode: 'offline',
          term_type: 'month',
          term: 6,
          remark: '线下转账开通',
        },
        lang: 'zh-CN',
      });
      await shops.provisionStore(added.id);
      stores = await demoStores();
    }
    const closed = stores.get(DEMO_STORES.closed);
    if (!closed || closed.status === 'unpaid' || closed.status === 'initializing') return;
    await shopAdmin.setStatus({ shopId: closed.shop_id, isDisabled: true, remark: '商品信息待整改，整改完成后由运营恢复', lang: 'zh-CN' });
    result.disabled = closed.shop_id;
  });

  // Without a payment provider (PAYMENT_PROVIDER=none) there is no way to pay a bill: nothing to keep.
  if (cashier) {
    await step('keep an unpaid bill', async () => {
      if ((await bills.listForMerchant(merchantId, { status: 'unpaid', page: 1, limit: 1, sort_order: 'descend' }, 'zh-CN')).total > 0) return;
      const stores = await demoStores();
      for (const shopId of [DEMO_STORES.monthly, DEMO_STORES.yearly]) {
        const store = stores.get(shopId);
        if (!store || store.status === 'initializing') continue;
        const renewal = await shops.renew({ merchantId, shopId, termType: 'month', term: 3, payMethod: 'wechat', lang: 'zh-CN' });
        result.unpaidBill = renewal.bill.bill_no;
        return;
      }
    });
  }

  if (Object.keys(result).length > 0) app.log.info(result, 'demo data refreshed');
  return result;
}
