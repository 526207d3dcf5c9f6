import { adminEditMerchant } from '@parlour/contract/calls/merchant-admin';
import { adminEnableDataSource, adminListDataSources } from '@parlour/contract/calls/open-core';
import { adminSetShopStatus } from '@parlour/contract/calls/store';
import {
  adminListApiLogs,
  merchantApiLogDetail,
  merchantListApiLogs,
  merchantTrafficDashboard,
} from '@parlour/contract/calls/traffic-report';
import type { ErrorKey } from '@parlour/contract/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { SETTLE_MARGIN_MS } from '../src/modules/traffic/open-api/open-api.service';
import { buildTestApp, type TestApp } from './helper';
import {
  grantPackage,
  logsOf,
  logTotalsOf,
  openCall,
  shopRefOf,
  storeWithKey,
  unitsUsed,
  usageOf,
} from './open-api-helper';
import { expectOk, merchantWithStore, signInAdmin } from './shop-helper';

/** A paid, operating store that has never had an API key (its merchant never opened the key page). */
async function storeWithoutKey(t: TestApp) {
  const store = await merchantWithStore(t);
  const ids = await shopRefOf(t, store.shopId);
  const { rows } = await t.database.executeSql('select count(*)::int as n from shop_api_keys where shop_ref = $1', [
    ids.shopRef,
  ]);
  expect(Number((rows[0] as { n: number }).n)).toBe(0);
  return { ...store, ...ids };
}

/** The error key a storefront call was refused with (the test fails when it was served). */
async function refusalOf(promise: Promise<unknown>): Promise<ErrorKey> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).key;
}

async function sourcesOf(t: TestApp, shopRef: number) {
  const { rows } = await t.database.executeSql(
    'select status, source from api_call_logs where shop_ref = $1 order by id',
    [shopRef],
  );
  return (rows as Array<{ status: string; source: string }>).map((row) => [row.status, row.source]);
}

describe('Open API: calls of the store’s own site (callForStore)', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const callForStore = (shopRef: number, apiCode = 'item_get', params: Record<string, string> = { num_iid: '1' }) =>
    t.app.services.openApi.callForStore({ shopRef, platform: 'taobao', apiCode, params });

  it('charges a store without an API key once per call and logs it with source storefront, in its statistics', async () => {
    const store = await storeWithoutKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 10, name: '体验包' });

    const item = (await callForStore(store.shopRef, 'item_get', { num_iid: '520813250866' })).data as {
      item_id: string;
    };
    expect(item.item_id).toBe('520813250866');
    await callForStore(store.shopRef, 'item_search', { q: '雨伞' });
    expect(await unitsUsed(t, packageId)).toEqual({ used: 3, total: 10 });

    const logs = await logsOf(t, store.shopRef);
    expect(logs.map((log) => [log.api_code, log.status, log.charged_units, log.package_ref])).toEqual([
      ['item_get', 'success', 1, packageId],
      ['item_search', 'success', 2, packageId],
    ]);
    expect(logs[0]).toMatchObject({ api_name: '商品详情', request_params: { num_iid: '520813250866' }, error: '' });
    expect(logs[0].response_ms).toBeGreaterThanOrEqual(0);
    expect(await sourcesOf(t, store.shopRef)).toEqual([
      ['success', 'storefront'],
      ['success', 'storefront'],
    ]);
    expect(await usageOf(t, store.shopRef)).toEqual({ success: { calls: 2, units: 3 } });
    // The merchant's statistics show the store's own site apart from its API key.
    const dashboard = await expectOk(t.call(merchantTrafficDashboard, { time_range: 'today' }, store.token));
    expect(dashboard.by_caller).toEqual([
      { source: 'api_key', calls: 0, success: 0, units: 0 },
      { source: 'storefront', calls: 2, success: 2, units: 3 },
    ]);

    // The merchant's and the operator's call logs say where each call came from.
    const mine = await expectOk(t.call(merchantListApiLogs, { time_range: 'today', page: 1, limit: 10 }, store.token));
    expect(mine.list.map((row) => [row.api_code, row.source, row.package_name, row.charged_units])).toEqual([
      ['item_search', 'storefront', '体验包', 2],
      ['item_get', 'storefront', '体验包', 1],
    ]);
    const detail = await expectOk(t.call(merchantApiLogDetail, { id: mine.list[1].id }, store.token));
    expect(detail).toMatchObject({ source: 'storefront', request_params: { num_iid: '520813250866' } });
    const operators = await expectOk(t.call(adminListApiLogs, { merchant_id: store.merchantId }, adminToken));
    expect(operators.list.map((row) => row.source)).toEqual(['storefront', 'storefront']);
  });

  it('without units answers OPEN_QUOTA_EXHAUSTED, logs it and charges nothing', async () => {
    const store = await storeWithoutKey(t);
    expect(await refusalOf(callForStore(store.shopRef))).toBe('OPEN_QUOTA_EXHAUSTED');
    const spent = await storeWithoutKey(t);
    const packageId = await grantPackage(t, { merchantId: spent.merchantId, units: 5, used: 5 });
    expect(await refusalOf(callForStore(spent.shopRef))).toBe('OPEN_QUOTA_EXHAUSTED');
    expect(await unitsUsed(t, packageId)).toEqual({ used: 5, total: 5 });
    for (const shopRef of [store.shopRef, spent.shopRef]) {
      expect(await sourcesOf(t, shopRef)).toEqual([['quota_exhausted', 'storefront']]);
      expect((await logsOf(t, shopRef))[0]).toMatchObject({ charged_units: 0, package_ref: null });
      expect(await usageOf(t, shopRef)).toEqual({ quota_exhausted: { calls: 1, units: 0 } });
    }
  });

  it('a store not running (past its term, or disabled by an operator) is refused and spends no units', async () => {
    const expired = await storeWithoutKey(t);
    const expiredPackage = await grantPackage(t, { merchantId: expired.merchantId, units: 10 });
    await t.database.db.execute(
      sql`update shops set expires_at = ${new Date(t.clock.now().getTime() - 1000)} where id = ${expired.shopRef}`,
    );
    const disabled = await storeWithoutKey(t);
    const disabledPackage = await grantPackage(t, { merchantId: disabled.merchantId, units: 10 });
    await expectOk(
      t.call(
        adminSetShopStatus,
        { shop_id: disabled.shopId, is_disabled: true, remark: 'storefront test' },
        adminToken,
      ),
    );

    for (const [store, packageId] of [
      [expired, expiredPackage],
      [disabled, disabledPackage],
    ] as const) {
      expect(await refusalOf(callForStore(store.shopRef))).toBe('OPEN_STORE_NOT_RUNNING');
      expect(await unitsUsed(t, packageId)).toEqual({ used: 0, total: 10 });
      // Logged as rejected, as a key's call of a store not running is.
      expect(await sourcesOf(t, store.shopRef)).toEqual([['rejected', 'storefront']]);
      expect((await logsOf(t, store.shopRef))[0].error).toBe('OPEN_STORE_NOT_RUNNING');
    }
  });

  it('a suspended merchant’s store and a store that does not exist are not running for buyers, and not logged', async () => {
    const store = await storeWithoutKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 10 });
    await expectOk(t.call(adminEditMerchant, { id: store.merchantId, status: 'disabled' }, adminToken));
    expect(await refusalOf(callForStore(store.shopRef))).toBe('OPEN_STORE_NOT_RUNNING');
    expect(await unitsUsed(t, packageId)).toEqual({ used: 0, total: 10 });
    expect(await logsOf(t, store.shopRef)).toEqual([]);
    expect(await refusalOf(callForStore(2_000_000_000))).toBe('OPEN_STORE_NOT_RUNNING');
    expect(await logsOf(t, 2_000_000_000)).toEqual([]);
  });

  it('applies the catalogue and parameter rules of a key’s call: disabled platform, unknown API, bad parameters', async () => {
    const store = await storeWithoutKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 10 });
    const { list: sources } = await expectOk(t.call(adminListDataSources, {}, adminToken));
    const taobao = sources.find((source) => source.platform === 'taobao')!;
    await expectOk(t.call(adminEnableDataSource, { id: taobao.id, is_enabled: false }, adminToken));
    try {
      expect(await refusalOf(callForStore(store.shopRef))).toBe('OPEN_PLATFORM_DISABLED');
    } finally {
      await expectOk(t.call(adminEnableDataSource, { id: taobao.id, is_enabled: true }, adminToken));
    }
    // Not in the catalogue: answered, not logged (as for a key).
    expect(await refusalOf(callForStore(store.shopRef, 'item_unknown'))).toBe('OPEN_API_DISABLED');
    expect(await refusalOf(callForStore(store.shopRef, 'item_get', {}))).toBe('OPEN_PARAMS_INVALID');
    expect(await unitsUsed(t, packageId)).toEqual({ used: 0, total: 10 });
    const logs = await logsOf(t, store.shopRef);
    expect(logs.map((log) => [log.status, log.error.split(':')[0]])).toEqual([
      ['rejected', 'OPEN_PLATFORM_DISABLED'],
      ['rejected', 'OPEN_PARAMS_INVALID'],
    ]);
    expect(await sourcesOf(t, store.shopRef)).toEqual([
      ['rejected', 'storefront'],
      ['rejected', 'storefront'],
    ]);
  });

  it('20 concurrent calls against a package of 10 units: exactly 10 succeed and 10 units are spent', async () => {
    const store = await storeWithoutKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 10 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        callForStore(store.shopRef, 'item_get', { num_iid: String(100 + index) }),
      ),
    );
    const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refusals = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [(outcome.reason as AppError).key] : [],
    );
    expect(fulfilled).toHaveLength(10);
    expect(refusals).toEqual(Array.from({ length: 10 }, () => 'OPEN_QUOTA_EXHAUSTED'));
    expect(await unitsUsed(t, packageId)).toEqual({ used: 10, total: 10 });
    const logs = await logsOf(t, store.shopRef);
    expect(logs).toHaveLength(20);
    expect(logs.reduce((sum, log) => sum + log.charged_units, 0)).toBe(10);
    expect(new Set((await sourcesOf(t, store.shopRef)).map(([, source]) => source))).toEqual(new Set(['storefront']));
    expect(await usageOf(t, store.shopRef)).toEqual({
      success: { calls: 10, units: 10 },
      quota_exhausted: { calls: 10, units: 0 },
    });
    expect(await usageOf(t, store.shopRef)).toEqual(await logTotalsOf(t, store.shopRef));
  });

  it('a key’s call still logs source api_key, also when it shares a batch with a storefront call of its store', async () => {
    const store = await storeWithKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 10 });
    expect((await openCall(t, 'taobao/item_get', { num_iid: '1' }, store.key)).code).toBe(200);
    const [byKey] = await Promise.all([
      openCall(t, 'taobao/item_get', { num_iid: '2' }, store.key),
      callForStore(store.shopRef, 'item_get', { num_iid: '3' }),
    ]);
    expect(byKey.code).toBe(200);
    expect(await unitsUsed(t, packageId)).toEqual({ used: 3, total: 10 });
    const logs = await logsOf(t, store.shopRef);
    const { rows } = await t.database.executeSql('select id, source from api_call_logs where shop_ref = $1', [
      store.shopRef,
    ]);
    const sourceOf = new Map(
      (rows as Array<{ id: number; source: string }>).map((row) => [Number(row.id), row.source]),
    );
    expect(
      logs.map((log) => [log.request_params.num_iid, sourceOf.get(log.id)]).sort(([a], [b]) => a!.localeCompare(b!)),
    ).toEqual([
      ['1', 'api_key'],
      ['2', 'api_key'],
      ['3', 'storefront'],
    ]);
    const mine = await expectOk(t.call(merchantListApiLogs, { time_range: 'today', page: 1, limit: 10 }, store.token));
    expect(mine.list.map((row) => row.source).sort()).toEqual(['api_key', 'api_key', 'storefront']);
  });
});

describe('Open API: a storefront call whose upstream fails gives its units back', () => {
  let t: TestApp;
  /** Answers the call the upstream holds (num_iid 'hang') when the test says so. */
  let release: () => void = () => {};
  beforeAll(async () => {
    t = await buildTestApp({
      env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' },
      productDataProviderFactory: () => ({
        kind: 'sandbox',
        call: async ({ params }) => {
          if (params.num_iid === 'hang') {
            await new Promise<void>((resolve) => (release = resolve));
            return { isOk: true, data: {} };
          }
          return params.num_iid === 'timeout'
            ? { isOk: false, kind: 'timeout', error: 'no answer in 300 ms' }
            : { isOk: false, kind: 'http', error: 'HTTP 503' };
        },
      }),
    });
  });
  afterAll(() => t.close());

  it('refunds a failure and a timeout and logs them as failed_upstream from the storefront', async () => {
    const store = await storeWithoutKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 3 });
    const call = (numIid: string) =>
      t.app.services.openApi.callForStore({
        shopRef: store.shopRef,
        platform: 'jd',
        apiCode: 'item_get',
        params: { num_iid: numIid },
      });
    expect(await refusalOf(call('1'))).toBe('OPEN_UPSTREAM_FAILED');
    expect(await refusalOf(call('timeout'))).toBe('OPEN_UPSTREAM_TIMEOUT');
    expect(await unitsUsed(t, packageId)).toEqual({ used: 0, total: 3 });
    const logs = await logsOf(t, store.shopRef);
    expect(logs.map((log) => [log.status, log.charged_units, log.package_ref, log.error])).toEqual([
      ['failed_upstream', 0, packageId, 'OPEN_UPSTREAM_FAILED: http: HTTP 503'],
      ['failed_upstream', 0, packageId, 'OPEN_UPSTREAM_TIMEOUT: timeout: no answer in 300 ms'],
    ]);
    expect(await sourcesOf(t, store.shopRef)).toEqual([
      ['failed_upstream', 'storefront'],
      ['failed_upstream', 'storefront'],
    ]);
    expect(await usageOf(t, store.shopRef)).toEqual({ failed_upstream: { calls: 2, units: 0 } });
  });

  it('a call left in flight is settled by the sweep as failed_upstream from the storefront, refunded', async () => {
    const store = await storeWithoutKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 3 });
    const inFlight = refusalOf(
      t.app.services.openApi.callForStore({
        shopRef: store.shopRef,
        platform: 'jd',
        apiCode: 'item_get',
        params: { num_iid: 'hang' },
      }),
    );
    const chargeRows = async () =>
      (await t.database.executeSql('select source from api_call_charges where shop_ref = $1', [store.shopRef])).rows;
    for (let waited = 0; (await chargeRows()).length === 0 && waited < 200; waited++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await chargeRows()).toEqual([{ source: 'storefront' }]);
    expect(await unitsUsed(t, packageId)).toEqual({ used: 1, total: 3 });

    const { timeout_ms: timeoutMs } = await t.app.services.coreData.getConfig();
    t.clock.advance((timeoutMs + SETTLE_MARGIN_MS) / 1000 + 1);
    expect(await t.app.services.openApi.sweepStale()).toBe(1);
    release();
    // Its answer came after the sweep: the call stays refunded and is answered as timed out.
    expect(await inFlight).toBe('OPEN_UPSTREAM_TIMEOUT');
    expect(await unitsUsed(t, packageId)).toEqual({ used: 0, total: 3 });
    expect(await sourcesOf(t, store.shopRef)).toEqual([['failed_upstream', 'storefront']]);
    expect((await logsOf(t, store.shopRef))[0].error).toMatch(/settled by the sweep/);
  });
});
