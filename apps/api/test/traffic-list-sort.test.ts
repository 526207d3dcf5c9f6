import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminListApiLogs, merchantListApiLogs } from '@parlour/contract/calls/traffic-report';
import { merchantListPackages, merchantListPlans } from '@parlour/contract/calls/traffic';
import { buildTestApp, businessDay, createTestClock, registerMerchant, type TestApp } from './helper';
import { expectOk, merchantWithStore, payThroughCashier, signInAdmin } from './shop-helper';
import { listPackages, orderPackage, PLAN, type TTrafficPackage } from './traffic-package-helper';
import { daysAgo, insertPackage, recordCall, storeRef, type StoreRef } from './traffic-helper';

type Page<T> = { list: T[]; total: number };

/**
 * Server-side sorting of the merchant's traffic lists (docs/lists.md): the package list on purchase
 * time, expiry, units left and used, and price, both ways, ties broken by the id; the call logs on
 * time both ways; a column outside a list's whitelist refused.
 */
describe('traffic list sorting', () => {
  let t: TestApp;
  let adminToken: string;
  let merchant: { token: string; id: number };
  /** Package ids in creation order. */
  const packageIds: number[] = [];
  let store: StoreRef;
  let storeToken: string;
  /** Call log ids oldest first. */
  const logIds: number[] = [];

  beforeAll(async () => {
    // Noon of today's business day (Asia/Shanghai): the calls 10 to 30 minutes ago are on "today"
    // whatever the hour the suite runs at (at 00:20 in Shanghai they were yesterday's).
    t = await buildTestApp({
      clock: createTestClock(new Date(`${businessDay(new Date())}T04:00:00Z`)),
      env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' },
    });
    adminToken = await signInAdmin(t);
    merchant = await registerMerchant(t);
    // Units left 90, 100, 200 (unpaid: no expiry yet), 0; used 10, 400, 0, 50; expiring in 29, 10, —, 90 days.
    const packages = [
      { units: 100, used: 10, paidAt: daysAgo(t, 1), validDays: 30 },
      { units: 500, used: 400, paidAt: daysAgo(t, 20), validDays: 30 },
      { units: 200, used: 0, paidAt: null, validDays: 30 },
      { units: 50, used: 50, paidAt: t.clock.now(), validDays: 90 },
    ];
    for (const [index, options] of packages.entries()) {
      // The unpaid one is bought as a merchant buys it (a pending package lives by its unpaid bill).
      const id = options.paidAt
        ? (await insertPackage(t, { merchantId: merchant.id, ...options })).id
        : (await orderPackage(t, merchant.token, { plan_id: PLAN.trial })).package.id;
      await t.database.db.execute(
        sql`update traffic_packages set units_total = ${options.units}, units_used = ${options.used},
          created_at = ${new Date(t.clock.now().getTime() - (10 - index) * 60_000)}
          where id = ${id}`,
      );
      packageIds.push(id);
    }

    const withStore = await merchantWithStore(t);
    storeToken = withStore.token;
    store = await storeRef(t, withStore.shopId);
    for (const minutes of [30, 20, 10])
      logIds.push(await recordCall(t, { store, at: new Date(t.clock.now().getTime() - minutes * 60_000) }));
  });
  afterAll(() => t.close());

  const packageOrder = (answer: Page<TTrafficPackage>) => answer.list.map((pkg) => packageIds.indexOf(pkg.id));
  const sorted = async (sort_field: string, sort_order?: string) =>
    packageOrder(await listPackages(t, merchant.token, { sort_field, sort_order }));

  it('sorts the merchant package list on purchase time, expiry, units left and units used, both ways', async () => {
    expect(packageOrder(await listPackages(t, merchant.token))).toEqual([3, 2, 1, 0]);
    expect(await sorted('created_at', 'ascend')).toEqual([0, 1, 2, 3]);
    // An unpaid package has no expiry yet: last both ways.
    expect(await sorted('expires_at', 'ascend')).toEqual([1, 0, 3, 2]);
    expect(await sorted('expires_at', 'descend')).toEqual([3, 0, 1, 2]);
    expect(await sorted('units_remaining', 'descend')).toEqual([2, 1, 0, 3]);
    expect(await sorted('units_remaining', 'ascend')).toEqual([3, 0, 1, 2]);
    expect(await sorted('units_used')).toEqual([1, 3, 0, 2]);
    expect(await sorted('units_used', 'ascend')).toEqual([2, 0, 3, 1]);
  });

  it('keeps the sort across pages and under the status filter', async () => {
    const page = async (number: number) =>
      packageOrder(
        await listPackages(t, merchant.token, {
          sort_field: 'units_remaining',
          sort_order: 'ascend',
          page: number,
          limit: 3,
        }),
      );
    expect([...(await page(1)), ...(await page(2))]).toEqual([3, 0, 1, 2]);
    expect(
      packageOrder(
        await listPackages(t, merchant.token, { status: 'active', sort_field: 'expires_at', sort_order: 'ascend' }),
      ),
    ).toEqual([1, 0]);
  });

  it('sorts by price; another merchant sees none of these packages whatever the sort', async () => {
    const buyer = await registerMerchant(t);
    const plans = await expectOk(t.call(merchantListPlans, {}, buyer.token));
    const bought: Array<{ id: number; price: number }> = [];
    for (const planId of [PLAN.standard, PLAN.trial, PLAN.professional]) {
      const order = await orderPackage(t, buyer.token, { plan_id: planId });
      await expectOk(payThroughCashier(t, order.payment));
      bought.push({ id: order.package.id, price: plans.list.find((plan) => plan.id === planId)!.price });
    }
    const byPrice = [...bought].sort((a, b) => a.price - b.price || a.id - b.id).map((pkg) => pkg.id);
    const ids = async (sort_order: string) =>
      (await listPackages(t, buyer.token, { sort_field: 'amount', sort_order })).list.map((pkg) => pkg.id);
    expect(await ids('ascend')).toEqual(byPrice);
    expect(await ids('descend')).toEqual([...byPrice].reverse());
    for (const field of ['created_at', 'expires_at', 'units_remaining', 'units_used', 'amount']) {
      const answer = await listPackages(t, buyer.token, { sort_field: field, sort_order: 'ascend' });
      expect(answer.list.every((pkg) => !packageIds.includes(pkg.id))).toBe(true);
    }
  });

  it('sorts the merchant and operator call logs by time both ways', async () => {
    const logs = async (body: Record<string, unknown>) =>
      (await expectOk(t.call(merchantListApiLogs, { time_range: 'today', ...body }, storeToken))).list.map(
        (log) => log.id,
      );
    expect(await logs({})).toEqual([...logIds].reverse());
    expect(await logs({ sort_field: 'created_at', sort_order: 'ascend' })).toEqual(logIds);
    expect(await logs({ sort_field: 'created_at', sort_order: 'ascend', limit: 2, page: 2 })).toEqual([logIds[2]]);
    const adminLogs = async (body: Record<string, unknown>) =>
      (
        await expectOk(
          t.call(adminListApiLogs, { time_range: 'today', merchant_id: store.merchantId, ...body }, adminToken),
        )
      ).list.map((log) => log.id);
    expect(await adminLogs({ sort_field: 'created_at', sort_order: 'ascend' })).toEqual(logIds);
    expect(await adminLogs({ sort_field: 'created_at', sort_order: 'descend' })).toEqual([...logIds].reverse());
  });

  it('refuses a column outside each whitelist with a translated message naming the sort field', async () => {
    for (const [path, token, field] of [
      [merchantListPackages, merchant.token, 'bill_ref'],
      [merchantListApiLogs, storeToken, 'charged_units'],
      [adminListApiLogs, adminToken, 'response_ms; drop table api_call_logs'],
    ] as const) {
      const en = await t.callRaw<unknown>(path, { sort_field: field, lang_code: 'en-US' }, token);
      expect(en.code).not.toBe(200);
      expect(en.msg).toBe('Sort field must be one of the sortable columns of this list');
      expect((en.data as { errors: Array<{ field: string }> }).errors[0].field).toBe('sort_field');
      const zh = await t.callRaw(path, { sort_field: field, lang_code: 'zh-CN' }, token);
      expect(zh.msg).toBe('排序字段须为该列表可排序的列之一');
    }
  });
});
