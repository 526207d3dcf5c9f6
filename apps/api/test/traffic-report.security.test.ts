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
import { buildTestApp, type TestApp } from './helper';
import { expectOk, merchantWithStore, signInAdmin } from './shop-helper';
import { insertPackage, recordCall, recordCalls, storeRef, type StoreRef } from './traffic-helper';

const MERCHANT_PATHS = [
  merchantTrafficDashboard,
  merchantApiLogStats,
  merchantStoreUsage,
  merchantApiEnum,
  merchantListApiLogs,
  merchantApiLogDetail,
];
const ADMIN_PATHS = [
  adminTrafficDashboard,
  adminPlatformStats,
  adminMerchantStats,
  adminApiLogStats,
  adminListApiLogs,
  adminApiLogDetail,
  adminApiEnum,
];

describe('traffic reports: security', () => {
  let t: TestApp;
  let a: { token: string; store: StoreRef; logId: number };
  let b: { token: string; store: StoreRef };
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    const first = await merchantWithStore(t);
    const store = await storeRef(t, first.shopId);
    const pkg = await insertPackage(t, { merchantId: store.merchantId, units: 1000 });
    await recordCalls(t, 3, { store, package: pkg });
    const logId = await recordCall(t, {
      store,
      status: 'failed_upstream',
      params: { secret_item: 'A-only' },
      error: 'upstream said no',
    });
    a = { token: first.token, store, logId };
    const second = await merchantWithStore(t);
    b = { token: second.token, store: await storeRef(t, second.shopId) };
    await insertPackage(t, { merchantId: b.store.merchantId, units: 10 });
  });
  afterAll(() => t.close());

  describe('[TENANCY]', () => {
    it("merchant B sees none of merchant A's calls, stores or packages in any report", async () => {
      const dashboard = await expectOk(t.call(merchantTrafficDashboard, {}, b.token));
      expect(dashboard.totals.calls).toBe(0);
      expect(dashboard.balance).toMatchObject({ active_packages: 1, units_left: 10 });
      expect(dashboard.by_store).toEqual([]);
      expect((await expectOk(t.call(merchantApiLogStats, {}, b.token))).totals.calls).toBe(0);
      const usage = await expectOk(t.call(merchantStoreUsage, {}, b.token));
      expect(usage.list.map((row) => row.shop_id)).toEqual([b.store.shopId]);
      const options = await expectOk(t.call(merchantApiEnum, {}, b.token));
      expect(options.stores.map((row) => row.shop_id)).toEqual([b.store.shopId]);
      expect((await expectOk(t.call(merchantListApiLogs, {}, b.token))).total).toBe(0);
    });

    it("merchant B naming A's store or log by id gets nothing, and A still sees its own", async () => {
      expect((await expectOk(t.call(merchantListApiLogs, { shop_id: a.store.shopId }, b.token))).total).toBe(0);
      expect(
        (await expectOk(t.call(merchantTrafficDashboard, { shop_id: a.store.shopId }, b.token))).totals.calls,
      ).toBe(0);
      expect((await expectOk(t.call(merchantApiLogStats, { shop_id: a.store.shopId }, b.token))).totals.calls).toBe(0);
      const detail = await t.call(merchantApiLogDetail, { id: a.logId }, b.token);
      expect(detail.code).toBe(10004);
      expect(JSON.stringify(detail)).not.toContain('A-only');
      expect((await expectOk(t.call(merchantListApiLogs, {}, a.token))).total).toBe(4);
      expect((await t.call(merchantApiLogDetail, { id: a.logId }, a.token)).code).toBe(200);
    });

    it('ignores a merchant_id in a merchant body: the tenant is the session', async () => {
      const answer = await expectOk(t.callRaw(merchantListApiLogs, { merchant_id: a.store.merchantId }, b.token));
      expect(answer.total).toBe(0);
      const dashboard = await expectOk(
        t.callRaw(merchantTrafficDashboard, { merchant_id: a.store.merchantId }, b.token),
      );
      expect(dashboard.totals.calls).toBe(0);
    });
  });

  describe('[ROLES]', () => {
    it('refuses a merchant token on every operator traffic report, and an operator token on the merchant ones', async () => {
      const adminToken = await signInAdmin(t);
      for (const path of ADMIN_PATHS) {
        expect((await t.call(path, { id: a.logId }, a.token)).code, path.path).toBe(10003);
        expect((await t.call(path, { id: a.logId })).code, path.path).toBe(10000);
      }
      for (const path of MERCHANT_PATHS) {
        expect((await t.call(path, { id: a.logId }, adminToken)).code, path.path).toBe(10003);
        expect((await t.call(path, { id: a.logId })).code, path.path).toBe(10000);
      }
    });
  });
});
