import type { TAllSettings, TPublicSiteConfig } from '@parlour/contract/calls/settings';
import type { TApiLog, TMerchantTrafficDashboard } from '@parlour/contract/calls/traffic-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestApp } from './helper';
import { grantPackage, openCall, storeWithKey } from './open-api-helper';
import { SETTINGS_PATHS as S } from './settings-fakes';
import { expectOk, signInAdmin } from './store-helper';
import { recordCall, REPORT_PATHS as P, storeRef } from './traffic-helper';

type List<T> = { list: T[]; total: number };
const PLATFORM_RULES = { captcha_failure_threshold: 5, store_limit_per_merchant: 5, domains_per_store: 3, payment_window_minutes: 30, grace_days: 7 };

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
    t.call<TAllSettings>(S.set, { group: 'platform', values: { ...PLATFORM_RULES, business_time_zone: zone }, lang_code: lang }, admin);
  const rollUpDays = async () =>
    (await t.database.executeSql(`select to_char(day, 'YYYY-MM-DD') as day, status, calls::int as calls from api_usage_daily where shop_ref = $1 order by day, status`, [store.shopRef])).rows as Array<{ day: string; status: string; calls: number }>;

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(new Date('2026-01-01T17:30:00Z')), env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    admin = await signInAdmin(t);
    store = await storeWithKey(t);
    await grantPackage(t, { merchantId: store.merchantId, units: 100 });
  });
  afterAll(() => t.close());

  it('defaults to Asia/Shanghai, shown to the operator and in the public configuration', async () => {
    expect((await expectOk(t.call<TAllSettings>(S.configList, {}, admin))).platform.business_time_zone).toBe('Asia/Shanghai');
    expect((await expectOk(t.call<TPublicSiteConfig>(S.publicConfig, {}))).business_time_zone).toBe('Asia/Shanghai');
  });

  it('counts an Open API call at 2026-01-01T17:30Z on 2026-01-02, in the roll-up and every report', async () => {
    expect((await openCall(t, '1688/item_get', { num_iid: '101' }, store.key)).code).toBe(200);
    // Refused before charging: written by open_api_charge (migration 0019), not by the settle statement.
    expect((await openCall(t, '1688/item_get', { num_iid: 'bad id!' }, store.key)).code).toBe(13005);
    expect(await rollUpDays()).toEqual([
      { day: '2026-01-02', status: 'rejected', calls: 1 },
      { day: '2026-01-02', status: 'success', calls: 1 },
    ]);

    const today = await expectOk(t.call<TMerchantTrafficDashboard>(P.dashboard, { time_range: 'today' }, store.token));
    expect(today.range).toEqual({ start_date: '2026-01-02', end_date: '2026-01-02', days: 1 });
    expect(today.totals).toMatchObject({ calls: 2, success: 1, rejected: 1 });
    const week = await expectOk(t.call<TMerchantTrafficDashboard>(P.dashboard, { time_range: 'last_7_days' }, store.token));
    expect(week.range).toEqual({ start_date: '2025-12-27', end_date: '2026-01-02', days: 7 });
    expect(week.trend.at(-1)).toEqual({ date: '2026-01-02', calls: 2, success: 1, units: 1 });
    expect(week.trend.find((point) => point.date === '2026-01-01')).toMatchObject({ calls: 0 });
    const utcDay = await expectOk(t.call<TMerchantTrafficDashboard>(P.dashboard, { time_range: 'custom', start_date: '2026-01-01', end_date: '2026-01-01' }, store.token));
    expect(utcDay.totals.calls).toBe(0);
  });

  it('bounds "today" and custom days of the log list by the zone\'s midnights (16:00Z)', async () => {
    const ref = await storeRef(t, store.shopId);
    const lastOfPreviousDay = await recordCall(t, { store: ref, at: new Date('2026-01-01T15:59:59.999Z') });
    const firstOfToday = await recordCall(t, { store: ref, at: new Date('2026-01-01T16:00:00.000Z') });
    const today = await expectOk(t.call<List<TApiLog>>(P.logs, { time_range: 'today', page: 1, limit: 50 }, store.token));
    expect(today.list.map((row) => row.id)).toContain(firstOfToday);
    expect(today.list.map((row) => row.id)).not.toContain(lastOfPreviousDay);
    const previous = await expectOk(t.call<List<TApiLog>>(P.logs, { time_range: 'custom', start_date: '2026-01-01', end_date: '2026-01-01', page: 1, limit: 50 }, store.token));
    expect(previous.list.map((row) => row.id)).toEqual([lastOfPreviousDay]);

    // Exact against the log: the day's totals are the day's log rows.
    const dashboard = await expectOk(t.call<TMerchantTrafficDashboard>(P.dashboard, { time_range: 'today' }, store.token));
    expect(dashboard.totals.calls).toBe(today.total);
    // 2026-01-01 closed at 17:00Z and its sums were cached by the test before (ten minutes): the
    // calls written into it here are late writes no settle would make, read once the cache expires.
    t.clock.advance(11 * 60);
    const trend = await expectOk(t.call<TMerchantTrafficDashboard>(P.dashboard, { time_range: 'last_7_days' }, store.token));
    expect(trend.trend.find((point) => point.date === '2026-01-01')).toMatchObject({ calls: previous.total });
  });

  it('refuses an unknown zone naming the field, in the caller\'s language, and changes nothing', async () => {
    for (const zone of ['Mars/Olympus', 'Asia/Beijing', '', 42, 'UTC+8']) {
      const answer = await setZone(zone);
      expect(answer.code, String(zone)).toBe(10001);
      expect(answer.msg).toBe('Business time zone must be a valid IANA time zone name such as Asia/Shanghai');
      expect((answer.data as unknown as { errors: Array<{ field: string }> }).errors[0].field).toBe('values.business_time_zone');
    }
    expect((await setZone('Mars/Olympus', 'zh-CN')).msg).toBe('业务时区须为有效的 IANA 时区名称，例如 Asia/Shanghai');
    expect((await expectOk(t.call<TAllSettings>(S.configList, {}, admin))).platform.business_time_zone).toBe('Asia/Shanghai');
  });

  it('after the operator changes the zone, new calls and the filters count its days; recorded days keep their dates', async () => {
    const saved = await expectOk(setZone('UTC'));
    expect(saved.platform.business_time_zone).toBe('UTC');
    expect((await expectOk(t.call<TPublicSiteConfig>(S.publicConfig, {}))).business_time_zone).toBe('UTC');
    // Saving the rules without a zone keeps it.
    expect((await expectOk(t.call<TAllSettings>(S.set, { group: 'platform', values: PLATFORM_RULES }, admin))).platform.business_time_zone).toBe('UTC');

    expect((await openCall(t, '1688/item_get', { num_iid: '102' }, store.key)).code).toBe(200);
    const days = await rollUpDays();
    expect(days).toContainEqual({ day: '2026-01-01', status: 'success', calls: 2 });
    expect(days).toContainEqual({ day: '2026-01-02', status: 'success', calls: 2 });
    const today = await expectOk(t.call<TMerchantTrafficDashboard>(P.dashboard, { time_range: 'today' }, store.token));
    expect(today.range).toEqual({ start_date: '2026-01-01', end_date: '2026-01-01', days: 1 });
    const logs = await expectOk(t.call<List<TApiLog>>(P.logs, { time_range: 'today', page: 1, limit: 50 }, store.token));
    // The UTC day 2026-01-01: every call of this test, all made before 18:00Z.
    expect(logs.total).toBe(5);

    // Another zone, west of UTC: 17:30Z is 12:30 in New York, still 2026-01-01.
    await expectOk(setZone('America/New_York'));
    const shifted = await expectOk(t.call<TMerchantTrafficDashboard>(P.dashboard, { time_range: 'today' }, store.token));
    expect(shifted.range.start_date).toBe('2026-01-01');
    await expectOk(setZone('Asia/Shanghai'));
  });

  it('counts the operator dashboard\'s registrations on business days', async () => {
    const { rows } = await t.database.executeSql(`select created_at from merchants where id = $1`, [store.merchantId]);
    const createdAt = new Date((rows[0] as { created_at: string | Date }).created_at);
    // The merchant registered now (real time); move it to 17:30Z, which is the next day in Shanghai.
    await t.database.executeSql(`update merchants set created_at = '2026-01-01T17:30:00Z' where id = $1`, [store.merchantId]);
    const trend = await expectOk(t.call<{ list: Array<{ date: string; count: number }> }>('admin/member/merchant/register_trend', { start_date: '2026-01-01', end_date: '2026-01-02' }, admin));
    expect(trend.list).toEqual([
      { date: '2026-01-01', count: 0, amount: 0 },
      { date: '2026-01-02', count: 1, amount: 0 },
    ]);
    await t.database.executeSql(`update merchants set created_at = $2 where id = $1`, [store.merchantId, createdAt.toISOString()]);
  });
});
