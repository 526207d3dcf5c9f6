import type { PayMethod, TermType } from '@parlour/contract/constants';
import type { App } from '../../app';
import type { Config } from '../../config';

/** The demo merchant's stores by the part they play (seed.ts makes the first three, the refresh the last). */
export const DEMO_STORES = {
  trial: 'demotrial',
  yearly: 'demoglobal',
  monthly: 'demotaobao',
  closed: 'democlosed',
} as const;

const DAY_MS = 86_400_000;

/** Whether a bill to be paid with `method` can be paid at all: a provider takes the method (the sandbox, or one an operator set up). */
export async function takesPayments(app: App, method: PayMethod) {
  return (await app.services.paymentProviders.forMethod(method)) !== null;
}

/** Whether the seed itself can pay a bill made for `method`: only through the sandbox cashier, which moves no money. */
export async function sandboxPays(app: App, method: PayMethod) {
  return (await app.services.paymentProviders.forMethod(method))?.name === 'sandbox';
}

/**
 * A demo store opened by the operator and paid offline (a merchant who paid by bank transfer): the
 * operator's own path, which needs no payment provider. Answers the store's row id.
 */
export async function addOfflineDemoStore(
  app: App,
  options: {
    adminId: number;
    merchantId: number;
    shopId: string;
    name: string;
    packageId: number;
    termType: TermType;
    term: number;
  },
) {
  const added = await app.services.shopAdmin.add({
    adminId: options.adminId,
    input: {
      merchant_id: options.merchantId,
      shop_id: options.shopId,
      shop_name: options.name,
      contact_email: `${options.shopId}@parlour.dev`,
      package_id: options.packageId,
      mode: 'offline',
      term_type: options.termType,
      term: options.term,
      remark: '线下转账开通',
    },
    lang: 'zh-CN',
  });
  return added.id;
}

/** How the demo's unpaid renewal bills are to be paid. */
export const DEMO_RENEWAL_METHOD: PayMethod = 'wechat';

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
  const { shops, shopAdmin, bills, settings, accounts } = app.services;
  const result: DemoRefreshResult = {};
  const demoStores = async () =>
    new Map(
      (
        await shops.listForMerchant(merchantId, { page: 1, limit: 100, tab: 'all', sort_order: 'descend' }, 'zh-CN')
      ).list.map((store) => [store.shop_id, store]),
    );
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
    if (await shops.setDemoExpiry(merchantId, monthly.shop_id, new Date(app.clock.now().getTime() - lapsedFor)))
      result.pendingRenewal = monthly.shop_id;
  });

  await step('keep a disabled store', async () => {
    let stores = await demoStores();
    if ([...stores.values()].some((store) => store.status === 'disabled')) return;
    const adminId = await accounts.findAdminId(config.adminAccount);
    if (adminId === undefined) return;
    if (!stores.has(DEMO_STORES.closed)) {
      const addedId = await addOfflineDemoStore(app, {
        adminId,
        merchantId,
        shopId: DEMO_STORES.closed,
        name: '优选海淘馆（已停用）',
        packageId: 1,
        termType: 'month',
        term: 6,
      });
      await shops.provisionStore(addedId);
      stores = await demoStores();
    }
    const closed = stores.get(DEMO_STORES.closed);
    if (!closed || closed.status === 'unpaid' || closed.status === 'initializing') return;
    await shopAdmin.setStatus({
      shopId: closed.shop_id,
      isDisabled: true,
      remark: '商品信息待整改，整改完成后由运营恢复',
      lang: 'zh-CN',
    });
    result.disabled = closed.shop_id;
  });

  // Without a provider for the method (PAYMENT_PROVIDER=none and none set up by the operator) no bill
  // can be paid: there is no payable bill to keep, and the log says so.
  await step('keep an unpaid bill', async () => {
    if (
      (await bills.listForMerchant(merchantId, { status: 'unpaid', page: 1, limit: 1, sort_order: 'descend' }, 'zh-CN'))
        .total > 0
    )
      return;
    if (!(await takesPayments(app, DEMO_RENEWAL_METHOD))) {
      app.log.info('demo data: no payable bill kept, since no payment provider takes payments (PAYMENT_PROVIDER=none)');
      return;
    }
    const stores = await demoStores();
    for (const shopId of [DEMO_STORES.monthly, DEMO_STORES.yearly]) {
      const store = stores.get(shopId);
      if (!store || store.status === 'initializing') continue;
      const renewal = await shops.renew({
        merchantId,
        shopId,
        termType: 'month',
        term: 3,
        payMethod: DEMO_RENEWAL_METHOD,
        lang: 'zh-CN',
      });
      result.unpaidBill = renewal.bill.bill_no;
      return;
    }
  });

  if (Object.keys(result).length > 0) app.log.info(result, 'demo data refreshed');
  return result;
}
