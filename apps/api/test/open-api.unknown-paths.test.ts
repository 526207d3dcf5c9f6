import {
  adminApiLogDetail,
  adminApiLogStats,
  adminListApiLogs,
  adminMerchantStats,
  adminPlatformStats,
  adminTrafficDashboard,
  merchantApiLogDetail,
  merchantApiLogStats,
  merchantListApiLogs,
  merchantStoreUsage,
  merchantTrafficDashboard,
  type TCallTotals,
} from '@parlour/contract/calls/traffic-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { grantPackage, logsOf, openCall, storeWithKey } from './open-api-helper';
import { expectOk, signInAdmin } from './shop-helper';
import { daysAgo, recordCall, storeRef } from './traffic-helper';

/** The sums of a report's rows, as its totals must be. */
function sumOf(rows: TCallTotals[]) {
  return rows.reduce(
    (sum, row) => ({
      calls: sum.calls + row.calls,
      rejected: sum.rejected + row.rejected,
      units: sum.units + row.units,
    }),
    {
      calls: 0,
      rejected: 0,
      units: 0,
    },
  );
}

describe('Open API: paths that name no API of the catalogue', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  it('answers a platform or an API that does not exist, logs neither, and every report still answers', async () => {
    const store = await storeWithKey(t);
    await grantPackage(t, { merchantId: store.merchantId, units: 10 });
    expect((await openCall(t, 'taobao/item_get', { num_iid: '1' }, store.key)).code).toBe(200);
    // The probe's attack: any store, with its own key.
    expect((await openCall(t, 'notaplatform/item_get', { num_iid: '1' }, store.key)).code).toBe(13003);
    expect((await openCall(t, 'taobao/not_an_api', { num_iid: '1' }, store.key)).code).toBe(13004);
    expect((await openCall(t, '%E2%98%83/item_get', {}, store.key)).code).toBe(13003);
    // A disabled API that is in the catalogue is still logged as rejected.
    await t.database.executeSql("update open_apis set is_enabled = false where platform = 'jd' and code = 'item_get'");
    try {
      expect((await openCall(t, 'jd/item_get', { num_iid: '1' }, store.key)).code).toBe(13004);
    } finally {
      await t.database.executeSql("update open_apis set is_enabled = true where platform = 'jd' and code = 'item_get'");
    }
    const logs = await logsOf(t, store.shopRef);
    expect(logs.map((row) => [row.platform, row.api_code, row.status])).toEqual([
      ['taobao', 'item_get', 'success'],
      ['jd', 'item_get', 'rejected'],
    ]);

    const merchantStats = await t.call(merchantApiLogStats, { time_range: 'today' }, store.token);
    expect(merchantStats.code, merchantStats.msg).toBe(200);
    expect(merchantStats.data.list.map((row) => `${row.platform}/${row.api_code}`).sort()).toEqual([
      'jd/item_get',
      'taobao/item_get',
    ]);
    const adminStats = await t.call(
      adminApiLogStats,
      { time_range: 'today', merchant_id: store.merchantId },
      adminToken,
    );
    expect(adminStats.code, adminStats.msg).toBe(200);
    expect(adminStats.data.totals).toMatchObject({ calls: 2, success: 1, rejected: 1 });
  });

  it('does not log a refused store’s call to an unknown path either', async () => {
    const store = await storeWithKey(t);
    await t.database.executeSql("update shops set status = 'disabled', is_disabled_by_operator = true where id = $1", [
      store.shopRef,
    ]);
    expect((await openCall(t, 'nowhere/item_get', { num_iid: '1' }, store.key)).code).toBe(13002);
    expect((await openCall(t, 'taobao/item_get', { num_iid: '1' }, store.key)).code).toBe(13002);
    expect((await logsOf(t, store.shopRef)).map((row) => row.platform)).toEqual(['taobao']);
  });

  it('reports leave out the rows an older version logged under another platform, live and folded; the log still shows them', async () => {
    const store = await storeWithKey(t);
    const ref = await storeRef(t, store.shopId);
    const other = 'notaplatform' as '1688';
    await recordCall(t, { store: ref, platform: 'taobao', status: 'success' });
    const oldToday = await recordCall(t, { store: ref, platform: other, status: 'rejected' });
    await recordCall(t, { store: ref, platform: 'jd', status: 'rejected', at: daysAgo(t, 3) });
    await recordCall(t, { store: ref, platform: other, status: 'rejected', at: daysAgo(t, 3) });
    // Days before today are folded into the compact roll-ups, which the reports read for them.
    await t.app.jobs.find((job) => job.queue === 'usage-fold')!.run();

    // The taobao success and the jd rejection; not the two rows under another name.
    const expected = { calls: 2, rejected: 1, units: 1 };
    const merchantStats = await t.call(merchantApiLogStats, { time_range: 'last_7_days' }, store.token);
    expect(merchantStats.code, merchantStats.msg).toBe(200);
    expect(merchantStats.data.totals).toMatchObject(expected);
    expect(sumOf(merchantStats.data.list)).toEqual(expected);
    // One store: the shop roll-up (no platform column) answers the folded days.
    const storeStats = await expectOk(
      t.call(merchantApiLogStats, { time_range: 'last_7_days', shop_id: store.shopId }, store.token),
    );
    expect(storeStats.totals).toMatchObject(expected);
    expect(storeStats.trend.reduce((sum, day) => sum + day.calls, 0)).toBe(2);
    const adminStats = await t.call(
      adminApiLogStats,
      { time_range: 'last_7_days', merchant_id: store.merchantId },
      adminToken,
    );
    expect(adminStats.code, adminStats.msg).toBe(200);
    expect(adminStats.data.totals).toMatchObject(expected);
    expect(sumOf(adminStats.data.list)).toEqual(expected);
    // Every operator grouping across merchants too (the total roll-up).
    const everyone = await t.call(adminApiLogStats, { time_range: 'last_7_days' }, adminToken);
    expect(everyone.code, everyone.msg).toBe(200);
    expect(everyone.data.list.every((row) => ['1688', 'taobao', 'micro_store', 'jd'].includes(row.platform))).toBe(
      true,
    );
    expect(everyone.data.totals.calls).toBe(sumOf(everyone.data.list).calls);

    const dashboard = await expectOk(t.call(merchantTrafficDashboard, { time_range: 'last_7_days' }, store.token));
    expect(dashboard.totals).toMatchObject(expected);
    expect(dashboard.by_store.find((row) => row.shop_id === store.shopId)?.calls).toBe(2);
    const usage = await expectOk(t.call(merchantStoreUsage, { time_range: 'last_7_days' }, store.token));
    expect(usage.list.find((row) => row.shop_id === store.shopId)).toMatchObject(expected);
    expect((await t.call(adminTrafficDashboard, { time_range: 'last_7_days' }, adminToken)).code).toBe(200);
    const platforms = await expectOk(
      t.call(adminPlatformStats, { time_range: 'last_7_days', merchant_id: store.merchantId }, adminToken),
    );
    expect(platforms.totals).toMatchObject(expected);
    const merchants = await expectOk(t.call(adminMerchantStats, { time_range: 'last_7_days', limit: 100 }, adminToken));
    expect(merchants.list.find((row) => row.merchant_id === store.merchantId)?.calls).toBe(2);

    // The log lists every row as it was written, and its detail opens.
    const list = await expectOk(t.call(merchantListApiLogs, { time_range: 'last_7_days', limit: 100 }, store.token));
    expect(list.list.map((row) => row.platform).sort()).toEqual(['jd', 'notaplatform', 'notaplatform', 'taobao']);
    expect(await expectOk(t.call(merchantApiLogDetail, { id: oldToday }, store.token))).toMatchObject({
      platform: 'notaplatform',
      status: 'rejected',
    });
    const adminList = await expectOk(
      t.call(adminListApiLogs, { time_range: 'last_7_days', merchant_id: store.merchantId, limit: 100 }, adminToken),
    );
    expect(adminList.total).toBe(4);
    expect(await expectOk(t.call(adminApiLogDetail, { id: oldToday }, adminToken))).toMatchObject({
      platform: 'notaplatform',
    });
  });
});

describe('Open API: other methods than POST', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each(['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const)(
    '%s answers 405 in the Open API envelope with Allow: POST',
    async (method) => {
      const response = await t.app.inject({
        method,
        url: '/open/v1/taobao/item_get?num_iid=1',
        headers: { 'accept-language': 'en-US' },
      });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('POST');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ code: 10405, msg: 'Method not allowed: use POST', data: null });
    },
  );

  it('answers in Chinese by default, for any path under the Open API, and HEAD without a body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/open/v1/whatever' });
    expect(response.statusCode).toBe(405);
    expect(response.json()).toMatchObject({ code: 10405, msg: '不支持该请求方法，请使用 POST' });
    const head = await t.app.inject({ method: 'HEAD', url: '/open/v1/taobao/item_get' });
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow).toBe('POST');
    expect(head.body).toBe('');
  });
});
