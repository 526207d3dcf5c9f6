import fs from 'node:fs';
import path from 'node:path';
import { zoneDay } from '@parlour/contract/business-time';
import { adminConfigList, adminSetConfig } from '@parlour/contract/calls/settings';
import { merchantListApiLogs, merchantTrafficDashboard } from '@parlour/contract/calls/traffic-report';
import { merchantConfigList } from '@parlour/contract/calls/site-settings';
import { adminMerchantRegisterTrend } from '@parlour/contract/calls/merchant-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsageFold } from '../src/modules/traffic/traffic-report/usage-fold';
import { createUsageFoldRepository } from '../src/modules/traffic/traffic-report/usage-fold.repository';
import { buildTestApp, createTestClock, type TestApp } from './helper';
import { grantPackage, openCall, storeWithKey } from './open-api-helper';
import { expectOk, signInAdmin } from './shop-helper';
import { recordCall, storeRef } from './traffic-helper';

const PLATFORM_RULES = {
  captcha_failure_threshold: 5,
  store_limit_per_merchant: 5,
  domains_per_store: 3,
  payment_window_minutes: 30,
  grace_days: 7,
};

/**
 * The business time zone (platform setting, default Asia/Shanghai, UTC+8): the roll-up's days, the
 * time filters, the log list's bounds and the trends are its calendar days. The clock stands at
 * 2026-01-01T17:30Z, which is 01:30 on 2026-01-02 in Shanghai.
 */
describe('business time zone', () => {
  let t: TestApp;
  let admin: string;
  let store: Awaited<ReturnType<typeof storeWithKey>>;
  const setZone = (zone: unknown, lang = 'en-US') =>
    t.callRaw(
      adminSetConfig,
      { group: 'platform', values: { ...PLATFORM_RULES, business_time_zone: zone }, lang_code: lang },
      admin,
    );
  const rollUpDays = async () =>
    (
      await t.database.executeSql(
        `select to_char(day, 'YYYY-MM-DD') as day, status, calls::int as calls from api_usage_daily where shop_ref = $1 order by day, status`,
        [store.shopRef],
      )
    ).rows as Array<{ day: string; status: string; calls: number }>;

  beforeAll(async () => {
    t = await buildTestApp({
      clock: createTestClock(new Date('2026-01-01T17:30:00Z')),
      env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' },
    });
    admin = await signInAdmin(t);
    store = await storeWithKey(t);
    await grantPackage(t, { merchantId: store.merchantId, units: 100 });
  });
  afterAll(() => t.close());

  it('defaults to Asia/Shanghai, shown to the operator and in the public configuration', async () => {
    expect((await expectOk(t.call(adminConfigList, {}, admin))).platform.business_time_zone).toBe('Asia/Shanghai');
    expect((await expectOk(t.call(merchantConfigList, {}))).business_time_zone).toBe('Asia/Shanghai');
  });

  it('counts an Open API call at 2026-01-01T17:30Z on 2026-01-02, in the roll-up and every report', async () => {
    expect((await openCall(t, '1688/item_get', { num_iid: '101' }, store.key)).code).toBe(200);
    // Refused before charging: written by open_api_charge (migration 0019), not by the settle statement.
    expect((await openCall(t, '1688/item_get', { num_iid: 'bad id!' }, store.key)).code).toBe(13005);
    expect(await rollUpDays()).toEqual([
      { day: '2026-01-02', status: 'rejected', calls: 1 },
      { day: '2026-01-02', status: 'success', calls: 1 },
    ]);

    const today = await expectOk(t.call(merchantTrafficDashboard, { time_range: 'today' }, store.token));
    expect(today.range).toEqual({ start_date: '2026-01-02', end_date: '2026-01-02', days: 1 });
    expect(today.totals).toMatchObject({ calls: 2, success: 1, rejected: 1 });
    const week = await expectOk(t.call(merchantTrafficDashboard, { time_range: 'last_7_days' }, store.token));
    expect(week.range).toEqual({ start_date: '2025-12-27', end_date: '2026-01-02', days: 7 });
    expect(week.trend.at(-1)).toEqual({ date: '2026-01-02', calls: 2, success: 1, units: 1 });
    expect(week.trend.find((point) => point.date === '2026-01-01')).toMatchObject({ calls: 0 });
    const utcDay = await expectOk(
      t.call(
        merchantTrafficDashboard,
        { time_range: 'custom', start_date: '2026-01-01', end_date: '2026-01-01' },
        store.token,
      ),
    );
    expect(utcDay.totals.calls).toBe(0);
  });

  it('bounds "today" and custom days of the log list by the zone\'s midnights (16:00Z)', async () => {
    const ref = await storeRef(t, store.shopId);
    const lastOfPreviousDay = await recordCall(t, { store: ref, at: new Date('2026-01-01T15:59:59.999Z') });
    const firstOfToday = await recordCall(t, { store: ref, at: new Date('2026-01-01T16:00:00.000Z') });
    const today = await expectOk(t.call(merchantListApiLogs, { time_range: 'today', page: 1, limit: 50 }, store.token));
    expect(today.list.map((row) => row.id)).toContain(firstOfToday);
    expect(today.list.map((row) => row.id)).not.toContain(lastOfPreviousDay);
    const previous = await expectOk(
      t.call(
        merchantListApiLogs,
        { time_range: 'custom', start_date: '2026-01-01', end_date: '2026-01-01', page: 1, limit: 50 },
        store.token,
      ),
    );
    expect(previous.list.map((row) => row.id)).toEqual([lastOfPreviousDay]);

    // Exact against the log: the day's totals are the day's log rows.
    const dashboard = await expectOk(t.call(merchantTrafficDashboard, { time_range: 'today' }, store.token));
    expect(dashboard.totals.calls).toBe(today.total);
    // 2026-01-01 closed at 17:00Z and its sums were cached by the test before (ten minutes): the
    // calls written into it here are late writes no settle would make, read once the cache expires.
    t.clock.advance(11 * 60);
    const trend = await expectOk(t.call(merchantTrafficDashboard, { time_range: 'last_7_days' }, store.token));
    expect(trend.trend.find((point) => point.date === '2026-01-01')).toMatchObject({ calls: previous.total });
  });

  it("refuses an unknown zone naming the field, in the caller's language, and changes nothing", async () => {
    for (const zone of ['Mars/Olympus', 'Asia/Beijing', '', 42, 'UTC+8', 'asia/shanghai']) {
      const answer = await setZone(zone);
      expect(answer.code, String(zone)).toBe(10001);
      expect(answer.msg).toBe('Business time zone must be a valid IANA time zone name such as Asia/Shanghai');
      expect((answer.data as unknown as { errors: Array<{ field: string }> }).errors[0].field).toBe(
        'values.business_time_zone',
      );
    }
    expect((await setZone('Mars/Olympus', 'zh-CN')).msg).toBe('业务时区须为有效的 IANA 时区名称，例如 Asia/Shanghai');
    expect((await expectOk(t.call(adminConfigList, {}, admin))).platform.business_time_zone).toBe('Asia/Shanghai');
  });

  it('after the operator changes the zone, new calls and the filters count its days; recorded days keep their dates', async () => {
    const saved = await expectOk(setZone('UTC'));
    expect(saved.platform.business_time_zone).toBe('UTC');
    expect((await expectOk(t.call(merchantConfigList, {}))).business_time_zone).toBe('UTC');
    // Saving the rules without a zone keeps it.
    expect(
      (await expectOk(t.call(adminSetConfig, { group: 'platform', values: PLATFORM_RULES }, admin))).platform
        .business_time_zone,
    ).toBe('UTC');

    expect((await openCall(t, '1688/item_get', { num_iid: '102' }, store.key)).code).toBe(200);
    const days = await rollUpDays();
    expect(days).toContainEqual({ day: '2026-01-01', status: 'success', calls: 2 });
    expect(days).toContainEqual({ day: '2026-01-02', status: 'success', calls: 2 });
    const today = await expectOk(t.call(merchantTrafficDashboard, { time_range: 'today' }, store.token));
    expect(today.range).toEqual({ start_date: '2026-01-01', end_date: '2026-01-01', days: 1 });
    const logs = await expectOk(t.call(merchantListApiLogs, { time_range: 'today', page: 1, limit: 50 }, store.token));
    // The UTC day 2026-01-01: every call of this test, all made before 18:00Z.
    expect(logs.total).toBe(5);

    // Another zone, west of UTC: 17:30Z is 12:30 in New York, still 2026-01-01.
    await expectOk(setZone('America/New_York'));
    const shifted = await expectOk(t.call(merchantTrafficDashboard, { time_range: 'today' }, store.token));
    expect(shifted.range.start_date).toBe('2026-01-01');
    await expectOk(setZone('Asia/Shanghai'));
  });

  it("counts the operator dashboard's registrations on business days", async () => {
    const { rows } = await t.database.executeSql(`select created_at from merchants where id = $1`, [store.merchantId]);
    const createdAt = new Date((rows[0] as { created_at: string | Date }).created_at);
    // The merchant registered now (real time); move it to 17:30Z, which is the next day in Shanghai.
    await t.database.executeSql(`update merchants set created_at = '2026-01-01T17:30:00Z' where id = $1`, [
      store.merchantId,
    ]);
    const trend = await expectOk(
      t.call(adminMerchantRegisterTrend, { start_date: '2026-01-01', end_date: '2026-01-02' }, admin),
    );
    expect(trend.list).toEqual([
      { date: '2026-01-01', count: 0, amount: 0 },
      { date: '2026-01-02', count: 1, amount: 0 },
    ]);
    await t.database.executeSql(`update merchants set created_at = $2 where id = $1`, [
      store.merchantId,
      createdAt.toISOString(),
    ]);
  });

  it('the upgrade (migration 0019) rebuilds the roll-up from the log on Shanghai days and empties the folds', async () => {
    await createUsageFold({
      repository: createUsageFoldRepository(t.database.db),
      clock: t.clock,
      getTimeZone: async () => 'Asia/Shanghai',
    }).foldUsage();
    const file = fs.readFileSync(
      path.join(import.meta.dirname, '../src/db/migrations/0019_business_time_zone.sql'),
      'utf8',
    );
    // The statements after the function: what the upgrade does to the data.
    for (const statement of file.split('--> statement-breakpoint').slice(1)) await t.database.executeSql(statement);

    const { rows: logs } = await t.database.executeSql(
      `select created_at, merchant_id, shop_ref, platform, api_code, status, charged_units, response_ms from api_call_logs where status <> 'pending'`,
    );
    const expected = new Map<string, { calls: number; units: number; total_response_ms: number }>();
    for (const row of logs as Array<{
      created_at: string | Date;
      merchant_id: number;
      shop_ref: number;
      platform: string;
      api_code: string;
      status: string;
      charged_units: number;
      response_ms: number | null;
    }>) {
      const key = [
        zoneDay(new Date(row.created_at), 'Asia/Shanghai'),
        row.merchant_id,
        row.shop_ref,
        row.platform,
        row.api_code,
        row.status,
      ].join('|');
      const sums = expected.get(key) ?? { calls: 0, units: 0, total_response_ms: 0 };
      expected.set(key, {
        calls: sums.calls + 1,
        units: sums.units + Number(row.charged_units),
        total_response_ms: sums.total_response_ms + Number(row.response_ms ?? 0),
      });
    }
    const { rows: rolled } = await t.database.executeSql(
      `select to_char(day, 'YYYY-MM-DD') as day, merchant_id, shop_ref, platform, api_code, status,
        calls::int as calls, units::int as units, total_response_ms::int as total_response_ms
        from api_usage_daily`,
    );
    const actual = new Map(
      (rolled as Array<Record<string, string | number>>).map((row) => [
        [row.day, row.merchant_id, row.shop_ref, row.platform, row.api_code, row.status].join('|'),
        { calls: Number(row.calls), units: Number(row.units), total_response_ms: Number(row.total_response_ms) },
      ]),
    );
    expect(actual).toEqual(expected);
    // The calls made while the zone was UTC count on their Shanghai day again.
    expect(
      [...actual.keys()].some(
        (key) => key.startsWith('2026-01-01|') && key.includes(`|${store.shopRef}|1688|item_get|success`),
      ),
    ).toBe(true);
    const { rows: folds } = await t.database.executeSql(
      `select (select count(*) from api_usage_daily_shop)::int + (select count(*) from api_usage_daily_api)::int
        + (select count(*) from api_usage_daily_total)::int + (select count(*) from usage_fold_state)::int as n`,
    );
    expect(Number((folds[0] as { n: number }).n)).toBe(0);
  });
});
