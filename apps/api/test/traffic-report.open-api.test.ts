import {
  adminTrafficDashboard,
  merchantApiLogDetail,
  merchantApiLogStats,
  merchantListApiLogs,
  merchantTrafficDashboard,
  OPEN_API_LOG_ERRORS,
} from '@parlour/contract/calls/traffic-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { grantPackage, openCall, storeWithKey } from './open-api-helper';
import { expectOk, signInAdmin } from './shop-helper';

type LogRow = { status: string; platform: string; api_code: string; charged_units: number; response_ms: number | null };

/** Real calls through POST /open/v1 (sandbox provider); every report must agree with the log rows they left. */
describe('traffic reports: agree with real Open API calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  it('counts what the Open API logged and charged, in the dashboard, statistics, log list and detail', async () => {
    const store = await storeWithKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 5, name: 'Report test package' });
    for (const numIid of ['101', '102', '103'])
      expect((await openCall(t, '1688/item_get', { num_iid: numIid }, store.key)).code).toBe(200);
    expect((await openCall(t, 'taobao/item_search', { q: '保温杯' }, store.key)).code).toBe(200);
    // The package is used up (3 × 1 + 2 units): quota exhausted, not charged. Bad parameters: rejected.
    expect((await openCall(t, 'jd/item_get', { num_iid: '104' }, store.key)).code).toBe(13006);
    expect((await openCall(t, '1688/item_get', { num_iid: 'bad id!' }, store.key)).code).toBe(13005);

    const { rows } = await t.database.executeSql(
      'select status, platform, api_code, charged_units, response_ms from api_call_logs where shop_ref = $1',
      [store.shopRef],
    );
    const logs = rows as LogRow[];
    const settled = logs.filter((row) => row.status !== 'pending');
    const count = (status: string) => settled.filter((row) => row.status === status).length;
    expect(settled).toHaveLength(6);

    const dashboard = await expectOk(t.call(merchantTrafficDashboard, { time_range: 'today' }, store.token));
    expect(dashboard.totals).toMatchObject({
      calls: settled.length,
      success: count('success'),
      failed_upstream: count('failed_upstream'),
      quota_exhausted: count('quota_exhausted'),
      rejected: count('rejected'),
      units: settled.reduce((sum, row) => sum + Number(row.charged_units), 0),
      avg_response_ms: Math.round(settled.reduce((sum, row) => sum + Number(row.response_ms ?? 0), 0) / settled.length),
    });
    expect(dashboard.totals).toMatchObject({ success: 4, units: 5, quota_exhausted: 1 });
    // The only package is exhausted now: nothing left, nothing active.
    expect(dashboard.balance).toMatchObject({ active_packages: 0, units_left: 0 });
    expect(dashboard.by_platform.map((row) => [row.platform, row.calls])).toEqual(
      (['1688', 'taobao', 'micro_store', 'jd'] as const).map((platform) => [
        platform,
        settled.filter((row) => row.platform === platform).length,
      ]),
    );

    const stats = await expectOk(t.call(merchantApiLogStats, { time_range: 'today' }, store.token));
    for (const row of stats.list) {
      const same = settled.filter((log) => log.platform === row.platform && log.api_code === row.api_code);
      expect(row.calls, `${row.platform}/${row.api_code}`).toBe(same.length);
      expect(row.units).toBe(same.reduce((sum, log) => sum + Number(log.charged_units), 0));
    }

    const list = await expectOk(t.call(merchantListApiLogs, { time_range: 'today', limit: 100 }, store.token));
    expect(list.total).toBe(logs.length);
    const charged = list.list.filter((row) => row.package_id === packageId);
    expect(charged.map((row) => row.package_name)).toEqual([
      'Report test package',
      'Report test package',
      'Report test package',
      'Report test package',
    ]);
    const rejected = list.list.find((row) => row.status === 'rejected')!;
    const detail = await expectOk(t.call(merchantApiLogDetail, { id: rejected.id }, store.token));
    expect(detail.request_params).toMatchObject({ num_iid: 'bad id!' });
    expect(detail.error).not.toBe('');
    expect(detail.error_code).toBe('OPEN_PARAMS_INVALID');
    // Consume source and package are two fields: the kind of package, and its name.
    expect(charged.map((row) => row.consume_source)).toEqual([
      'general_package',
      'general_package',
      'general_package',
      'general_package',
    ]);
    expect(list.list.filter((row) => row.package_id === null).map((row) => row.consume_source)).toEqual([null, null]);
    const exhausted = await expectOk(
      t.call(merchantApiLogDetail, { id: list.list.find((row) => row.status === 'quota_exhausted')!.id }, store.token),
    );
    expect(exhausted.error_code).toBe('OPEN_QUOTA_EXHAUSTED');
    // Every outcome code the Open API logged is one the console has a label for.
    for (const row of list.list.filter((log) => log.status !== 'success')) {
      const code = (await expectOk(t.call(merchantApiLogDetail, { id: row.id }, store.token))).error_code;
      expect(OPEN_API_LOG_ERRORS).toContain(code);
    }

    const adminToken = await signInAdmin(t);
    const admin = await expectOk(t.call(adminTrafficDashboard, { time_range: 'today' }, adminToken));
    expect(admin.top_merchants.find((row) => row.merchant_id === store.merchantId)).toMatchObject({
      calls: settled.length,
      units: 5,
    });

    // A store package is told apart from a general one.
    const storePackage = await grantPackage(t, {
      merchantId: store.merchantId,
      shopRef: store.shopRef,
      units: 5,
      name: 'Store package',
    });
    expect((await openCall(t, 'jd/item_get', { num_iid: '105' }, store.key)).code).toBe(200);
    const latest = await expectOk(t.call(merchantListApiLogs, { time_range: 'today', limit: 1 }, store.token));
    expect(latest.list[0]).toMatchObject({
      package_id: storePackage,
      package_name: 'Store package',
      consume_source: 'store_package',
    });
  });

  it('shows the charged package in the language of the reader: English name in English, falling back to the Chinese name logged at charge time', async () => {
    const store = await storeWithKey(t);
    const translated = await grantPackage(t, {
      merchantId: store.merchantId,
      units: 1,
      name: '夜间包',
      nameEn: 'Night pack',
    });
    expect((await openCall(t, '1688/item_get', { num_iid: '201' }, store.key)).code).toBe(200);
    const untranslated = await grantPackage(t, { merchantId: store.merchantId, units: 1, name: '标准包' });
    expect((await openCall(t, '1688/item_get', { num_iid: '202' }, store.key)).code).toBe(200);
    const names = async (lang: string) => {
      const { list } = await expectOk(
        t.call(merchantListApiLogs, { time_range: 'today', limit: 10, lang_code: lang }, store.token),
      );
      return Object.fromEntries(
        list.filter((row) => row.package_id !== null).map((row) => [row.package_id!, row.package_name]),
      );
    };
    expect(await names('en-US')).toEqual({ [translated]: 'Night pack', [untranslated]: '标准包' });
    expect(await names('zh-CN')).toEqual({ [translated]: '夜间包', [untranslated]: '标准包' });

    const { list } = await expectOk(t.call(merchantListApiLogs, { time_range: 'today', limit: 10 }, store.token));
    const id = list.find((row) => row.package_id === translated)!.id;
    expect((await expectOk(t.call(merchantApiLogDetail, { id, lang_code: 'en-US' }, store.token))).package_name).toBe(
      'Night pack',
    );
    expect((await expectOk(t.call(merchantApiLogDetail, { id, lang_code: 'zh-CN' }, store.token))).package_name).toBe(
      '夜间包',
    );
    // The log keeps the Chinese name it was charged under.
    const { rows } = await t.database.executeSql('select package_name from api_call_logs where id = $1', [id]);
    expect(rows[0]).toEqual({ package_name: '夜间包' });
  });
});
