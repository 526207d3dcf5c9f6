import { merchantListBills, merchantPayPage } from '@parlour/contract/calls/bill';
import { adminListShops, adminSetShopStatus, merchantAddShop, merchantListShops } from '@parlour/contract/calls/store';
import { merchantLogin } from '@parlour/contract/calls/account';
import { describe, expect, it } from 'vitest';
import { DEMO_STORES, refreshDemoData } from '../src/db/seed/demo-refresh';
import { DEMO_MERCHANT, seedDatabase } from '../src/db/seed/seed';
import { buildTestApp, registerMerchant, testConfig, type TestApp } from './helper';
import { expectOk, shopFields, signInAdmin, VERSION } from './shop-helper';

const DAY_SECONDS = 86_400;

async function demoToken(t: TestApp) {
  return (await expectOk(t.call(merchantLogin, { account: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password })))
    .userinfo.token;
}

/** What the demo merchant sees: the store list with its tab counts, and the bills. */
async function demoView(t: TestApp, token: string) {
  const stores = await expectOk(t.call(merchantListShops, { tab: 'all', limit: 50 }, token));
  const bills = await expectOk(t.call(merchantListBills, { limit: 100 }, token));
  const unpaid = bills.list.filter((bill) => bill.status === 'unpaid');
  return {
    stores,
    bills,
    unpaid,
    statusOf: (shopId: string) => stores.list.find((store) => store.shop_id === shopId)?.status,
  };
}

/** Every tab of the store list has a store, and an unpaid bill can still be paid. */
async function expectEveryStateShown(t: TestApp, token: string) {
  const view = await demoView(t, token);
  expect(view.stores.counts.operating).toBeGreaterThan(0);
  expect(view.stores.counts.pending_renewal).toBeGreaterThan(0);
  expect(view.stores.counts.disabled).toBeGreaterThan(0);
  expect(view.unpaid.length).toBeGreaterThan(0);
  const payment = await t.call(merchantPayPage, { bill_no: view.unpaid[0].bill_no }, token);
  expect(payment.code).toBe(200);
  expect(payment.data.pay_url).toContain(view.unpaid[0].bill_no);
  expect(new Date(payment.data.expires_at).getTime()).toBeGreaterThan(t.clock.now().getTime());
  return view;
}

describe('demo data stays demo data', () => {
  it('seeds a store pending renewal, a disabled store and a payable unpaid bill, and a restart adds nothing', async () => {
    const t = await buildTestApp();
    try {
      const config = testConfig();
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: true });
      const token = await demoToken(t);
      const first = await expectEveryStateShown(t, token);
      expect(first.statusOf(DEMO_STORES.trial)).toBe('trial');
      expect(first.statusOf(DEMO_STORES.yearly)).toBe('operating');
      expect(first.statusOf(DEMO_STORES.monthly)).toBe('pending_renewal');
      expect(first.statusOf(DEMO_STORES.closed)).toBe('disabled');
      // The unpaid bill renews the store pending renewal; the disabled store was disabled by the operator.
      expect(first.unpaid.map((bill) => [bill.shop_id, bill.type])).toEqual([[DEMO_STORES.monthly, 'renewal']]);
      expect(first.stores.list.find((store) => store.shop_id === DEMO_STORES.closed)?.is_disabled_by_operator).toBe(
        true,
      );
      // One free slot under the store limit (5), so the demo merchant can try creating a store.
      expect(first.stores.counts.all).toBe(4);

      // A restart at once: nothing to refresh, nothing added.
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: false });
      const second = await demoView(t, token);
      expect(second.stores.counts).toEqual(first.stores.counts);
      expect(second.bills.total).toBe(first.bills.total);

      // With no other disabled store, a store the operator re-enabled is disabled again on the next start.
      const admin = await signInAdmin(t);
      expect(
        (await t.call(adminSetShopStatus, { shop_id: DEMO_STORES.closed, is_disabled: false, remark: '' }, admin)).code,
      ).toBe(200);
      expect((await demoView(t, token)).stores.counts.disabled).toBe(0);
      await seedDatabase(t.app, config);
      const third = await expectEveryStateShown(t, token);
      expect(third.statusOf(DEMO_STORES.closed)).toBe('disabled');
      expect(third.bills.total).toBe(first.bills.total);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('on a start after time spoiled the demo, brings back each state once, touching only the demo merchant', async () => {
    const t = await buildTestApp();
    try {
      const config = testConfig();
      await seedDatabase(t.app, config);
      const before = await demoView(t, await demoToken(t));

      // Another merchant's store on the same platform, which the refresh must leave alone.
      const otherMerchant = await registerMerchant(t);
      const otherStore = await expectOk(
        t.call(merchantAddShop, shopFields({ package_id: VERSION.starter }), otherMerchant.token),
      );
      const otherBefore = await expectOk(t.call(adminListShops, { keyword: otherStore.shop_id }, await signInAdmin(t)));

      // 40 days on: the unpaid bill expired long ago, the monthly store and the trial are past their
      // grace periods (disabled), and the operator has re-enabled the store they had disabled.
      t.clock.advance(40 * DAY_SECONDS);
      // Sessions do not last 40 days: sign in again.
      const token = await demoToken(t);
      const other = {
        ...otherMerchant,
        token: (
          await expectOk(t.call(merchantLogin, { account: otherMerchant.email, password: otherMerchant.password }))
        ).userinfo.token,
      };
      const admin = await signInAdmin(t);
      expect(
        (await t.call(adminSetShopStatus, { shop_id: DEMO_STORES.closed, is_disabled: false, remark: '' }, admin)).code,
      ).toBe(200);
      const spoiled = await demoView(t, token);
      expect(spoiled.unpaid).toEqual([]);
      expect(spoiled.statusOf(DEMO_STORES.monthly)).not.toBe('pending_renewal');

      // The next start refreshes, once.
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: false });
      const after = await expectEveryStateShown(t, token);
      expect(after.statusOf(DEMO_STORES.monthly)).toBe('pending_renewal');
      // The 14-day trial lapsed past its grace period: that is the disabled store now, and the store the
      // operator re-enabled stays enabled.
      expect(after.statusOf(DEMO_STORES.trial)).toBe('disabled');
      expect(after.statusOf(DEMO_STORES.closed)).toBe('operating');
      expect(after.unpaid).toHaveLength(1);
      expect(after.bills.total).toBe(before.bills.total + 1);
      const demoMerchantId = await t.app.services.accounts.findMerchantIdByEmail(DEMO_MERCHANT.email);
      expect(await refreshDemoData(t.app, config, demoMerchantId!)).toEqual({});
      expect((await demoView(t, token)).bills.total).toBe(after.bills.total);

      // The other merchant's store and bills are as they were (a trial has no bill).
      const otherAfter = await expectOk(t.call(adminListShops, { keyword: otherStore.shop_id }, admin));
      expect(otherAfter.list.map((store) => [store.shop_id, store.expires_at, store.is_disabled_by_operator])).toEqual(
        otherBefore.list.map((store) => [store.shop_id, store.expires_at, store.is_disabled_by_operator]),
      );
      expect((await expectOk(t.call(merchantListBills, {}, other.token))).total).toBe(0);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('leaves the demo merchant alone with SEED_DEMO=false', async () => {
    const t = await buildTestApp();
    try {
      await seedDatabase(t.app, testConfig());
      const before = await demoView(t, await demoToken(t));
      t.clock.advance(40 * DAY_SECONDS);
      await seedDatabase(t.app, testConfig({ SEED_DEMO: 'false' }));
      const after = await demoView(t, await demoToken(t));
      expect(after.bills.total).toBe(before.bills.total);
      expect(after.unpaid).toEqual([]);
    } finally {
      await t.close();
    }
  }, 90_000);

  /** A warning or error of the seed (the app's own start warnings, such as the development key, are not the seed's). */
  const isSeedWarning = (entry: { level: number; msg: string }) =>
    entry.level >= 40 && entry.msg.startsWith('demo data');

  it('seeds and refreshes without a payment provider (PAYMENT_PROVIDER=none): paid stores opened offline, no bill to pay, said in the log', async () => {
    const lines: string[] = [];
    const env = { PAYMENT_PROVIDER: 'none' };
    const t = await buildTestApp({
      env,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const config = testConfig(env);
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: true });
      const token = await demoToken(t);
      const first = await demoView(t, token);
      expect(first.statusOf(DEMO_STORES.trial)).toBe('trial');
      expect(first.statusOf(DEMO_STORES.yearly)).toBe('operating');
      expect(first.statusOf(DEMO_STORES.monthly)).toBe('pending_renewal');
      expect(first.statusOf(DEMO_STORES.closed)).toBe('disabled');
      // Every bill was paid offline through the operator's path; none waits for a payment nobody can take.
      expect(first.unpaid).toEqual([]);
      expect(first.bills.list.map((bill) => [bill.shop_id, bill.status, bill.channel]).sort()).toEqual(
        [DEMO_STORES.closed, DEMO_STORES.yearly, DEMO_STORES.monthly].map((shopId) => [shopId, 'paid', 'offline']),
      );
      const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; skipped?: string[] });
      expect(logged.find((entry) => entry.msg.startsWith('demo data: no sandbox cashier'))?.skipped).toEqual([
        'unpaid renewal bill',
        'traffic packages',
        'paid plugin',
      ]);
      expect(logged.filter(isSeedWarning)).toEqual([]);

      // 40 days on, a later start brings the store pending renewal back, without warnings.
      t.clock.advance(40 * DAY_SECONDS);
      lines.length = 0;
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: false });
      const later = await demoView(t, await demoToken(t));
      expect(later.statusOf(DEMO_STORES.monthly)).toBe('pending_renewal');
      expect(later.stores.counts.disabled).toBeGreaterThan(0);
      expect(later.unpaid).toEqual([]);
      const refreshed = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(refreshed.filter(isSeedWarning)).toEqual([]);
      expect(refreshed.map((entry) => entry.msg)).toContain(
        'demo data: no payable bill kept, since no payment provider takes payments (PAYMENT_PROVIDER=none)',
      );
    } finally {
      await t.close();
    }
  }, 90_000);
});
