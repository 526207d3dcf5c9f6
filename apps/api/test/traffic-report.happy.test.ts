import {
  adminApiEnum,
  adminApiLogDetail,
  adminApiLogStats,
  adminListApiLogs,
  adminMerchantStats,
  adminPlatformStats,
  adminTrafficDashboard,
  merchantApiEnum,
  merchantApiLogDetail,
  merchantApiLogStats,
  merchantListApiLogs,
  merchantStoreUsage,
  merchantTrafficDashboard,
} from '@parlour/contract/calls/traffic-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, businessDay, registerMerchant, type TestApp } from './helper';
import { expectOk, merchantWithStore, signInAdmin } from './shop-helper';
import { daysAgo, insertPackage, recordCall, recordCalls, storeRef, type StoreRef } from './traffic-helper';

const day = businessDay;

/**
 * One merchant (A) with two stores and a mix of calls over the last ten days, a second merchant (B)
 * with a few calls today; every report is compared with the numbers laid down here.
 */
describe('traffic reports: happy paths', () => {
  let t: TestApp;
  let a: { token: string; store1: StoreRef; store2: StoreRef };
  let b: { token: string; store: StoreRef };
  let adminToken: string;
  let failedId: number;

  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
    const first = await merchantWithStore(t);
    const second = await merchantWithStore(t, { token: first.token });
    a = { token: first.token, store1: await storeRef(t, first.shopId), store2: await storeRef(t, second.shopId) };
    const other = await merchantWithStore(t);
    b = { token: other.token, store: await storeRef(t, other.shopId) };

    const general = await insertPackage(t, { merchantId: a.store1.merchantId, units: 1000, validDays: 30 });
    const storePackage = await insertPackage(t, {
      merchantId: a.store1.merchantId,
      shopRef: a.store2.shopRef,
      units: 500,
      validDays: 90,
      paidAt: daysAgo(t, 5),
    });
    // Not active: expired, pending (unpaid), voided, exhausted.
    await insertPackage(t, { merchantId: a.store1.merchantId, units: 800, validDays: 30, paidAt: daysAgo(t, 40) });
    await insertPackage(t, { merchantId: a.store1.merchantId, units: 800, paidAt: null });
    await insertPackage(t, { merchantId: a.store1.merchantId, units: 800, paidAt: null, voided: true });
    await insertPackage(t, { merchantId: a.store1.merchantId, units: 100, used: 100 });
    const bPackage = await insertPackage(t, { merchantId: b.store.merchantId, units: 50, validDays: 7 });

    // Today.
    await recordCalls(t, 3, {
      store: a.store1,
      platform: '1688',
      apiCode: 'item_get',
      package: general,
      responseMs: 100,
    });
    await recordCalls(t, 2, {
      store: a.store1,
      platform: 'taobao',
      apiCode: 'item_search',
      package: general,
      responseMs: 300,
    });
    failedId = await recordCall(t, {
      store: a.store2,
      platform: 'jd',
      apiCode: 'item_get',
      status: 'failed_upstream',
      responseMs: 5000,
      params: { num_iid: '100012043978' },
      error: 'upstream timeout after 5000 ms',
    });
    await recordCall(t, {
      store: a.store1,
      platform: '1688',
      apiCode: 'item_get',
      status: 'quota_exhausted',
      responseMs: 10,
    });
    await recordCall(t, { store: a.store2, platform: '1688', apiCode: 'item_get', status: 'rejected', responseMs: 10 });
    await recordCall(t, {
      store: a.store1,
      platform: '1688',
      apiCode: 'item_get',
      status: 'pending',
      package: general,
    });
    // Three and ten days ago.
    await recordCalls(t, 2, {
      store: a.store2,
      platform: 'micro_store',
      apiCode: 'item_get',
      package: storePackage,
      at: daysAgo(t, 3),
      responseMs: 200,
    });
    await recordCall(t, {
      store: a.store1,
      platform: '1688',
      apiCode: 'item_search',
      package: general,
      at: daysAgo(t, 10),
      responseMs: 400,
    });
    // Merchant B, today.
    await recordCalls(t, 4, {
      store: b.store,
      platform: '1688',
      apiCode: 'item_get',
      package: bPackage,
      responseMs: 50,
    });
  });
  afterAll(() => t.close());

  describe('[MERCHANT DASHBOARD]', () => {
    it('sums the last 7 days by default, with units left across active packages and days to the first expiry', async () => {
      const data = await expectOk(t.call(merchantTrafficDashboard, {}, a.token));
      expect(data.range).toEqual({ start_date: day(daysAgo(t, 6)), end_date: day(t.clock.now()), days: 7 });
      expect(data.totals).toMatchObject({
        calls: 10,
        success: 7,
        failed_upstream: 1,
        quota_exhausted: 1,
        rejected: 1,
        units: 9,
        success_rate: 0.7,
      });
      // 3×100 + 2×300 + 5000 + 10 + 10 + 2×200 = 6320 ms over 10 calls.
      expect(data.totals.avg_response_ms).toBe(632);
      // General 1000 − (3 + 4 + 1 pending + 2) and store 500 − 2; the other four are not active.
      expect(data.balance).toMatchObject({ active_packages: 2, units_left: 990 + 498, days_to_first_expiry: 30 });
      expect(data.trend).toHaveLength(7);
      expect(data.trend.at(-1)).toEqual({ date: day(t.clock.now()), calls: 8, success: 5, units: 7 });
      expect(data.trend.find((point) => point.date === day(daysAgo(t, 3)))).toMatchObject({
        calls: 2,
        success: 2,
        units: 2,
      });
      expect(data.trend.reduce((sum, point) => sum + point.calls, 0)).toBe(10);
      expect(data.by_platform).toEqual([
        { platform: '1688', calls: 5, success: 3, units: 3 },
        { platform: 'taobao', calls: 2, success: 2, units: 4 },
        { platform: 'micro_store', calls: 2, success: 2, units: 2 },
        { platform: 'jd', calls: 1, success: 0, units: 0 },
      ]);
      expect(data.by_store).toEqual([
        { shop_id: a.store1.shopId, shop_name: a.store1.shopName, calls: 6, success: 5, units: 7 },
        { shop_id: a.store2.shopId, shop_name: a.store2.shopName, calls: 4, success: 2, units: 2 },
      ]);
    });

    it('covers today, the last 30 days and a custom range', async () => {
      const today = await expectOk(t.call(merchantTrafficDashboard, { time_range: 'today' }, a.token));
      expect(today.totals).toMatchObject({ calls: 8, success: 5, units: 7 });
      expect(today.trend).toHaveLength(1);
      const month = await expectOk(t.call(merchantTrafficDashboard, { time_range: 'last_30_days' }, a.token));
      expect(month.totals).toMatchObject({ calls: 11, success: 8, units: 11 });
      expect(month.trend).toHaveLength(30);
      const custom = await expectOk(
        t.call(
          merchantTrafficDashboard,
          { time_range: 'custom', start_date: day(daysAgo(t, 10)), end_date: day(daysAgo(t, 3)) },
          a.token,
        ),
      );
      expect(custom.range).toEqual({ start_date: day(daysAgo(t, 10)), end_date: day(daysAgo(t, 3)), days: 8 });
      expect(custom.totals).toMatchObject({ calls: 3, success: 3, units: 4 });
    });

    it('narrows usage to one store', async () => {
      const data = await expectOk(t.call(merchantTrafficDashboard, { shop_id: a.store2.shopId }, a.token));
      expect(data.totals).toMatchObject({ calls: 4, success: 2, units: 2 });
      expect(data.by_store.map((row) => row.shop_id)).toEqual([a.store2.shopId]);
    });

    it('shows zeros and no balance for a merchant without traffic', async () => {
      const { token } = await registerMerchant(t);
      const data = await expectOk(t.call(merchantTrafficDashboard, {}, token));
      expect(data.totals).toMatchObject({ calls: 0, success: 0, units: 0, success_rate: 0, avg_response_ms: 0 });
      expect(data.balance).toEqual({
        active_packages: 0,
        units_left: 0,
        first_expires_at: null,
        days_to_first_expiry: null,
      });
      expect(data.trend.every((point) => point.calls === 0)).toBe(true);
      expect(data.by_store).toEqual([]);
    });
  });

  describe('[STATISTICS]', () => {
    it('gives one row per API and platform with outcomes, units and average response time', async () => {
      const data = await expectOk(t.call(merchantApiLogStats, {}, a.token));
      expect(data.list).toEqual([
        {
          platform: '1688',
          api_code: 'item_get',
          api_name: '商品详情',
          calls: 5,
          success: 3,
          failed_upstream: 0,
          quota_exhausted: 1,
          rejected: 1,
          units: 3,
          success_rate: 0.6,
          avg_response_ms: 64,
        },
        {
          platform: 'taobao',
          api_code: 'item_search',
          api_name: '关键词搜索',
          calls: 2,
          success: 2,
          failed_upstream: 0,
          quota_exhausted: 0,
          rejected: 0,
          units: 4,
          success_rate: 1,
          avg_response_ms: 300,
        },
        {
          platform: 'micro_store',
          api_code: 'item_get',
          api_name: '商品详情',
          calls: 2,
          success: 2,
          failed_upstream: 0,
          quota_exhausted: 0,
          rejected: 0,
          units: 2,
          success_rate: 1,
          avg_response_ms: 200,
        },
        {
          platform: 'jd',
          api_code: 'item_get',
          api_name: '商品详情',
          calls: 1,
          success: 0,
          failed_upstream: 1,
          quota_exhausted: 0,
          rejected: 0,
          units: 0,
          success_rate: 0,
          avg_response_ms: 5000,
        },
      ]);
      expect(data.totals).toMatchObject({ calls: 10, units: 9 });
    });

    it('filters by platform, API and store', async () => {
      const byPlatform = await expectOk(
        t.call(merchantApiLogStats, { platform: '1688', time_range: 'last_30_days' }, a.token),
      );
      expect(byPlatform.list.map((row) => `${row.platform}/${row.api_code}:${row.calls}`)).toEqual([
        '1688/item_get:5',
        '1688/item_search:1',
      ]);
      const byApi = await expectOk(
        t.call(merchantApiLogStats, { api_code: 'item_search', time_range: 'last_30_days' }, a.token),
      );
      expect(byApi.totals).toMatchObject({ calls: 3, units: 6 });
      const byStore = await expectOk(t.call(merchantApiLogStats, { shop_id: a.store2.shopId }, a.token));
      expect(byStore.totals).toMatchObject({ calls: 4, success: 2, failed_upstream: 1, rejected: 1 });
    });

    it('lists every store of the merchant, busiest first, with its own units left', async () => {
      const data = await expectOk(t.call(merchantStoreUsage, {}, a.token));
      expect(data.total).toBe(2);
      expect(data.list.map((row) => [row.shop_id, row.calls, row.units, row.store_units_left])).toEqual([
        [a.store1.shopId, 6, 7, 0],
        [a.store2.shopId, 4, 2, 498],
      ]);
      const page2 = await expectOk(t.call(merchantStoreUsage, { page: 2, limit: 1 }, a.token));
      expect(page2.list.map((row) => row.shop_id)).toEqual([a.store2.shopId]);
    });

    it("offers the filters' options: platforms, the catalogue, statuses, time ranges and the merchant's stores", async () => {
      const data = await expectOk(t.call(merchantApiEnum, {}, a.token));
      expect(data.platforms.map((row) => row.value)).toEqual(['1688', 'taobao', 'micro_store', 'jd']);
      expect(data.apis).toHaveLength(10); // item_get and item_search on each platform, item_password on Taobao and 1688
      expect(data.statuses).toEqual(['pending', 'success', 'failed_upstream', 'quota_exhausted', 'rejected']);
      expect(data.time_ranges).toEqual(['today', 'last_7_days', 'last_30_days', 'custom']);
      expect(data.stores.map((row) => row.shop_id).sort()).toEqual([a.store1.shopId, a.store2.shopId].sort());
    });
  });

  describe('[LOGS]', () => {
    it('lists calls newest first with the consume source, pending ones included', async () => {
      const data = await expectOk(t.call(merchantListApiLogs, {}, a.token));
      expect(data.total).toBe(11);
      expect(data.is_total_estimated).toBe(false);
      const times = data.list.map((row) => `${row.created_at}#${String(row.id).padStart(10, '0')}`);
      expect(times).toEqual([...times].sort().reverse());
      const pending = data.list.find((row) => row.status === 'pending')!;
      expect(pending).toMatchObject({
        package_name: '标准包',
        charged_units: 1,
        response_ms: null,
        merchant_id: a.store1.merchantId,
      });
      const failed = data.list.find((row) => row.id === failedId)!;
      expect(failed).toMatchObject({
        shop_id: a.store2.shopId,
        platform: 'jd',
        api_name: '商品详情',
        package_id: null,
        package_name: '',
        charged_units: 0,
        response_ms: 5000,
      });
    });

    it('filters by platform and status, API, store and time, and pages', async () => {
      const success1688 = await expectOk(t.call(merchantListApiLogs, { platform: '1688', status: 'success' }, a.token));
      expect(success1688.total).toBe(3);
      expect(success1688.list.every((row) => row.platform === '1688' && row.status === 'success')).toBe(true);
      expect(
        (await expectOk(t.call(merchantListApiLogs, { api_code: 'item_search', time_range: 'last_30_days' }, a.token)))
          .total,
      ).toBe(3);
      expect((await expectOk(t.call(merchantListApiLogs, { shop_id: a.store2.shopId }, a.token))).total).toBe(4);
      expect((await expectOk(t.call(merchantListApiLogs, { time_range: 'today' }, a.token))).total).toBe(9);
      const custom = await expectOk(
        t.call(
          merchantListApiLogs,
          { time_range: 'custom', start_date: day(daysAgo(t, 10)), end_date: day(daysAgo(t, 10)) },
          a.token,
        ),
      );
      expect(custom.list.map((row) => row.api_code)).toEqual(['item_search']);
      const all = await expectOk(t.call(merchantListApiLogs, { limit: 100 }, a.token));
      const page2 = await expectOk(t.call(merchantListApiLogs, { page: 2, limit: 5 }, a.token));
      expect(page2.list.map((row) => row.id)).toEqual(all.list.slice(5, 10).map((row) => row.id));
    });

    it("opens a call with its request parameters and a generic outcome, without the upstream's words", async () => {
      const detail = await expectOk(t.call(merchantApiLogDetail, { id: failedId }, a.token));
      expect(detail).toMatchObject({
        id: failedId,
        status: 'failed_upstream',
        request_params: { num_iid: '100012043978' },
        error: 'OPEN_UPSTREAM_FAILED',
        error_code: 'OPEN_UPSTREAM_FAILED',
      });
      expect(detail.finished_at).not.toBeNull();
      // The operator reads what the upstream said.
      expect(await expectOk(t.call(adminApiLogDetail, { id: failedId }, adminToken))).toMatchObject({
        error: 'upstream timeout after 5000 ms',
      });
    });
  });

  describe('[OPERATOR]', () => {
    it('sums every merchant on the dashboard and ranks the top merchants by units', async () => {
      const data = await expectOk(t.call(adminTrafficDashboard, { time_range: 'today' }, adminToken));
      expect(data.totals).toMatchObject({ calls: 12, success: 9, units: 11 });
      expect([data.active_merchants, data.active_stores]).toEqual([2, 3]);
      expect(data.balance).toMatchObject({ active_packages: 3, units_left: 990 + 498 + 46, days_to_first_expiry: 7 });
      expect(data.top_merchants.map((row) => [row.merchant_id, row.units, row.calls])).toEqual([
        [a.store1.merchantId, 7, 8],
        [b.store.merchantId, 4, 4],
      ]);
      expect(data.by_platform.find((row) => row.platform === '1688')).toEqual({
        platform: '1688',
        calls: 9,
        success: 7,
        units: 7,
      });
    });

    it('gives statistics per platform (every platform present), per merchant and per API', async () => {
      const platforms = await expectOk(t.call(adminPlatformStats, { time_range: 'last_30_days' }, adminToken));
      expect(platforms.list.map((row) => [row.platform, row.calls])).toEqual([
        ['1688', 10],
        ['taobao', 2],
        ['micro_store', 2],
        ['jd', 1],
      ]);
      expect(platforms.list[0].name).toBe('1688 货源');
      const onlyB = await expectOk(t.call(adminPlatformStats, { merchant_id: b.store.merchantId }, adminToken));
      expect(onlyB.totals.calls).toBe(4);
      const merchants = await expectOk(t.call(adminMerchantStats, { time_range: 'last_30_days' }, adminToken));
      expect(merchants.total).toBe(2);
      expect(merchants.list[0]).toMatchObject({ merchant_id: a.store1.merchantId, calls: 11, success: 8, units: 11 });
      expect(merchants.list[0].merchant_account).toContain('@example.com');
      const jdOnly = await expectOk(t.call(adminMerchantStats, { platform: 'jd' }, adminToken));
      expect(jdOnly.list.map((row) => row.merchant_id)).toEqual([a.store1.merchantId]);
      const stats = await expectOk(t.call(adminApiLogStats, { platform: '1688', api_code: 'item_get' }, adminToken));
      expect(stats.list).toHaveLength(1);
      expect(stats.list[0]).toMatchObject({ calls: 9, success: 7, quota_exhausted: 1, rejected: 1, units: 7 });
      const statsB = await expectOk(t.call(adminApiLogStats, { merchant_id: b.store.merchantId }, adminToken));
      expect(statsB.totals.calls).toBe(4);
    });

    it('lists every merchant’s calls, by merchant and filters, and opens one with its merchant', async () => {
      const all = await expectOk(t.call(adminListApiLogs, {}, adminToken));
      expect(all.total).toBe(15);
      const onlyB = await expectOk(t.call(adminListApiLogs, { merchant_id: b.store.merchantId }, adminToken));
      expect(onlyB.total).toBe(4);
      expect(onlyB.list[0]).toMatchObject({
        merchant_id: b.store.merchantId,
        shop_id: b.store.shopId,
        shop_name: b.store.shopName,
      });
      const failed = await expectOk(
        t.call(adminListApiLogs, { status: 'failed_upstream', platform: 'jd' }, adminToken),
      );
      expect(failed.list.map((row) => row.id)).toEqual([failedId]);
      const byStore = await expectOk(t.call(adminListApiLogs, { shop_id: a.store2.shopId }, adminToken));
      expect(byStore.total).toBe(4);
      const detail = await expectOk(t.call(adminApiLogDetail, { id: failedId }, adminToken));
      expect(detail).toMatchObject({
        merchant_id: a.store1.merchantId,
        error: 'upstream timeout after 5000 ms',
        request_params: { num_iid: '100012043978' },
      });
      expect(detail.merchant_account).toContain('@example.com');
      const options = await expectOk(t.call(adminApiEnum, {}, adminToken));
      expect([options.platforms.length, options.apis.length, options.stores.length]).toEqual([4, 10, 0]);
    });
  });

  describe('[CLOSED DAYS]', () => {
    it("shows today's calls at once, and a late call on a closed day within ten minutes", async () => {
      const { token, shopId } = await merchantWithStore(t);
      const store = await storeRef(t, shopId);
      const month = () => expectOk(t.call(merchantTrafficDashboard, { time_range: 'last_30_days' }, token));
      expect((await month()).totals.calls).toBe(0);
      await recordCall(t, { store });
      expect((await month()).totals.calls).toBe(1);
      // A call rolled up on a day closed long ago (as a late settlement would be) is read again once the cached part expires.
      await recordCall(t, { store, at: daysAgo(t, 5) });
      expect((await month()).totals.calls).toBe(1);
      t.clock.advance(11 * 60);
      expect((await month()).totals.calls).toBe(2);
    });
  });
});
