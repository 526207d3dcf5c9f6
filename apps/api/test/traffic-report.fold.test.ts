import { DEFAULT_BUSINESS_TIME_ZONE } from '@parlour/contract/business-time';
import { sql } from 'drizzle-orm';
import {
  adminMerchantStats,
  adminTrafficDashboard,
  merchantApiLogStats,
  merchantStoreUsage,
  merchantTrafficDashboard,
} from '@parlour/contract/calls/traffic-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTrafficReportRepository,
  type UsageFilter,
  type UsageKey,
  type UsageRow,
} from '../src/modules/traffic/traffic-report/traffic-report.repository';
import { lastClosedDay } from '../src/modules/traffic/traffic-report/usage-days';
import { createUsageFold, REFOLD_CLOSED_DAYS } from '../src/modules/traffic/traffic-report/usage-fold';
import { createUsageFoldRepository } from '../src/modules/traffic/traffic-report/usage-fold.repository';
import { createUsageReader, planUsageSources } from '../src/modules/traffic/traffic-report/usage-reader';
import { filteredMerchantId, merchantScope, operatorScope } from '../src/lib/tenant-scope';
import { buildTestApp, businessDay, type TestApp } from './helper';
import { expectOk, merchantWithStore, signInAdmin } from './shop-helper';
import { daysAgo, recordCall, storeRef, type StoreRef } from './traffic-helper';

const PLATFORMS = ['1688', 'taobao', 'micro_store', 'jd'] as const;
const APIS = ['item_get', 'item_search'] as const;
const STATUSES = [
  'success',
  'success',
  'success',
  'failed_upstream',
  'quota_exhausted',
  'rejected',
  'pending',
] as const;
const KEYS: UsageKey[] = ['day', 'merchant_id', 'shop_ref', 'platform', 'api_code'];
const day = businessDay;
const ZONE = DEFAULT_BUSINESS_TIME_ZONE;
const getTimeZone = async () => ZONE;

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface LogRow {
  day: string;
  merchant_id: number;
  shop_ref: number;
  platform: string;
  api_code: string;
  status: string;
  source: string;
  charged_units: number;
  response_ms: number;
}

/** Groups as the reports define them, summed from the call log itself (settled calls only). */
function sumLogs(rows: LogRow[], filter: UsageFilter & { shopRef?: number }, set: UsageKey[]) {
  const groups = new Map<string, UsageRow>();
  for (const row of rows) {
    if (row.status === 'pending' || row.day < filter.startDay || row.day > filter.endDay) continue;
    const merchantId = filteredMerchantId(filter.scope, filter.merchantId);
    if (merchantId !== undefined && row.merchant_id !== merchantId) continue;
    if (filter.shopRef !== undefined && row.shop_ref !== filter.shopRef) continue;
    if (filter.platform && row.platform !== filter.platform) continue;
    if (filter.apiCode && row.api_code !== filter.apiCode) continue;
    const key = set.map((name) => row[name]).join('|');
    const group = groups.get(key) ?? {
      calls: 0,
      success: 0,
      failed_upstream: 0,
      quota_exhausted: 0,
      rejected: 0,
      units: 0,
      total_response_ms: 0,
    };
    for (const name of set) group[name] = row[name];
    group.calls += 1;
    group[row.status as 'success'] += 1;
    group.units += row.charged_units;
    group.total_response_ms += row.response_ms;
    groups.set(key, group);
  }
  return groups;
}

/** A list of groups in a comparable order. */
const sorted = (set: UsageKey[], rows: UsageRow[]) =>
  [...rows]
    .map((row) => ({ ...row }))
    .sort((a, b) =>
      set
        .map((key) => String(a[key]))
        .join('|')
        .localeCompare(set.map((key) => String(b[key])).join('|')),
    );

describe('traffic reports: the compact roll-ups of closed days', () => {
  let t: TestApp;
  let adminToken: string;
  let merchants: Array<{ token: string; stores: StoreRef[] }>;
  let logRows: () => Promise<LogRow[]>;
  const repository = () => createTrafficReportRepository(t.database.db);
  const fold = () =>
    createUsageFold({ repository: createUsageFoldRepository(t.database.db), clock: t.clock, getTimeZone });
  const foldJob = () => t.app.jobs.find((job) => job.queue === 'usage-fold')!;

  /** Calls in each compact roll-up, and settled calls in api_usage_daily through `to`. */
  async function compactTotals(to: string) {
    const result = await t.database.db.execute<Record<string, number>>(sql`
      select (select coalesce(sum(calls), 0)::int from api_usage_daily_shop) as shop,
             (select coalesce(sum(calls_1688 + calls_taobao + calls_micro_store + calls_jd), 0)::int from api_usage_daily_shop) as "shopPlatforms",
             (select coalesce(sum(calls), 0)::int from api_usage_daily_api) as api, (select coalesce(sum(calls), 0)::int from api_usage_daily_total) as total,
             (select coalesce(sum(calls), 0)::int from api_usage_daily where day <= ${to}::date and status <> 'pending') as daily`);
    return Object.fromEntries(Object.entries(result.rows[0]).map(([key, value]) => [key, Number(value)]));
  }

  /** Every compact row, in key order: what a fold left. */
  async function compactRows() {
    const shop = await t.database.db.execute(
      sql`select * from api_usage_daily_shop order by day, merchant_id, shop_ref`,
    );
    const api = await t.database.db.execute(
      sql`select * from api_usage_daily_api order by day, merchant_id, platform, api_code`,
    );
    const total = await t.database.db.execute(
      sql`select * from api_usage_daily_total order by day, platform, api_code`,
    );
    return JSON.stringify([shop.rows, api.rows, total.rows]);
  }

  /** The reader (compact days plus live days) against api_usage_daily alone and against the log rows, for `count` random filters and sets. */
  async function expectReaderExact(seed: number, count: number) {
    const next = random(seed);
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)];
    const reader = createUsageReader({ repository: repository(), now: () => t.clock.now(), getTimeZone });
    const logs = await logRows();
    const stores = merchants.flatMap((merchant) => merchant.stores);
    for (let index = 0; index < count; index += 1) {
      const store = next() < 0.3 ? pick(stores) : undefined;
      const merchantId = store
        ? next() < 0.7
          ? store.merchantId
          : undefined
        : next() < 0.4
          ? pick(stores).merchantId
          : undefined;
      const start = Math.floor(next() * 45);
      const length = Math.floor(next() * 40);
      // A merchant's own reads (its scope) and the operator's filter by merchant narrow alike.
      const filter: UsageFilter = {
        ...(merchantId !== undefined && index % 2
          ? { scope: merchantScope(merchantId) }
          : { scope: operatorScope, merchantId }),
        shopId: store?.shopId,
        platform: next() < 0.3 ? pick(PLATFORMS) : undefined,
        apiCode: next() < 0.25 ? pick(APIS) : undefined,
        startDay: day(daysAgo(t, start)),
        endDay: day(daysAgo(t, Math.max(0, start - length))),
      };
      // Every third read the dashboards' sets (merchants and stores together are read as one grouping), the others at random.
      const sets: UsageKey[][] =
        index % 3 === 0
          ? [[], ['day'], ['platform'], ['merchant_id'], ['shop_ref']]
          : Array.from({ length: 1 + Math.floor(next() * 4) }, () => KEYS.filter(() => next() < 0.3));
      const context = JSON.stringify({ seed, index, filter, sets });
      const [read, daily] = await Promise.all([
        reader.sumUsageSets(filter, sets),
        repository().sumUsageSets(filter, sets, 'daily'),
      ]);
      sets.forEach((set, setIndex) => {
        // The empty set answers one row of zeros on no data; the log has no such group.
        const rows = read[setIndex].filter((row) => set.length || row.calls > 0);
        expect(sorted(set, rows), context).toEqual(
          sorted(
            set,
            daily[setIndex].filter((row) => set.length || row.calls > 0),
          ),
        );
        const expected = sumLogs(logs, { ...filter, shopRef: store?.shopRef }, set);
        expect(sorted(set, rows), context).toEqual(sorted(set, [...expected.values()]));
      });
    }
  }

  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
    merchants = [];
    for (const storeCount of [2, 2, 1]) {
      const first = await merchantWithStore(t);
      const stores = [await storeRef(t, first.shopId)];
      for (let index = 1; index < storeCount; index += 1)
        stores.push(await storeRef(t, (await merchantWithStore(t, { token: first.token })).shopId));
      merchants.push({ token: first.token, stores });
    }
    // 240 calls over the last 50 days, today included, of every store, platform, API and outcome.
    const next = random(7);
    const stores = merchants.flatMap((merchant) => merchant.stores);
    for (let index = 0; index < 240; index += 1) {
      await recordCall(t, {
        store: stores[Math.floor(next() * stores.length)],
        platform: PLATFORMS[Math.floor(next() * PLATFORMS.length)],
        apiCode: APIS[Math.floor(next() * APIS.length)],
        status: STATUSES[Math.floor(next() * STATUSES.length)],
        at: new Date(t.clock.now().getTime() - Math.floor(next() * 50 * 86_400_000)),
        responseMs: 1 + Math.floor(next() * 900),
      });
    }
    logRows = async () => {
      const result = await t.database.db.execute<LogRow & Record<string, unknown>>(sql`
        select to_char((created_at at time zone ${ZONE})::date, 'YYYY-MM-DD') as day,
               merchant_id, shop_ref, platform, api_code, status, source, charged_units, coalesce(response_ms, 0) as response_ms
        from api_call_logs`);
      return result.rows.map((row) => ({
        ...row,
        merchant_id: Number(row.merchant_id),
        shop_ref: Number(row.shop_ref),
        charged_units: Number(row.charged_units),
        response_ms: Number(row.response_ms),
      }));
    };
  });
  afterAll(() => t.close());

  it('chooses the smallest roll-up that has the keys and the filter, and api_usage_daily where none has', () => {
    const range = { scope: operatorScope, startDay: '2026-01-01', endDay: '2026-01-30' };
    // The operator's dashboard: totals, days and platforms from the per-platform-and-API roll-up, merchants and stores from the per-store one.
    expect(planUsageSources(range, [[], ['day'], ['platform'], ['merchant_id'], ['shop_ref']])).toEqual([
      { source: 'total', setIndexes: [0, 1, 2] },
      { source: 'shop', setIndexes: [3, 4] },
    ]);
    // Merchants ranked on one platform: the per-store roll-up's platform columns.
    expect(planUsageSources({ ...range, platform: 'taobao' }, [['merchant_id']])).toEqual([
      { source: 'shop', setIndexes: [0] },
    ]);
    // A merchant's dashboard and statistics: its few per-API rows, its stores from the per-store roll-up.
    expect(planUsageSources({ ...range, scope: merchantScope(1) }, [[], ['day'], ['platform'], ['shop_ref']])).toEqual([
      { source: 'api', setIndexes: [0, 1, 2] },
      { source: 'shop', setIndexes: [3] },
    ]);
    // Stores filtered by API, or one store's APIs: no compact roll-up has both.
    expect(planUsageSources({ ...range, apiCode: 'item_get' }, [['shop_ref'], []])).toEqual([
      { source: 'daily', setIndexes: [0] },
      { source: 'total', setIndexes: [1] },
    ]);
    expect(planUsageSources({ ...range, shopId: 'x' }, [['platform', 'api_code'], ['day']])).toEqual([
      { source: 'daily', setIndexes: [0] },
      { source: 'shop', setIndexes: [1] },
    ]);
  });

  it('reads nothing but api_usage_daily before the first fold, and folds every closed day on its first run', async () => {
    expect(await repository().findFoldedThrough()).toBeNull();
    await expectReaderExact(1, 10);
    const result = (await foldJob().run()) as { from: string; to: string; days: number };
    expect(foldJob().cron).toBeTruthy();
    expect(result.to).toBe(lastClosedDay(t.clock.now(), ZONE));
    expect(result.from <= day(daysAgo(t, 49))).toBe(true);
    expect(await repository().findFoldedThrough()).toBe(result.to);
    // Every settled call of a closed day is in both compact roll-ups, none of today's.
    const totals = await compactTotals(result.to);
    expect(totals.daily).toBeGreaterThan(100);
    expect(totals).toEqual({
      shop: totals.daily,
      shopPlatforms: totals.daily,
      api: totals.daily,
      total: totals.daily,
      daily: totals.daily,
    });
  });

  it('sums exactly what api_usage_daily and the call log hold, for random filters and groupings across folded and live days', async () => {
    await expectReaderExact(2, 80);
  });

  it('reads folded days from the compact roll-ups', async () => {
    const repo = repository();
    const filter = { scope: operatorScope, startDay: day(daysAgo(t, 45)), endDay: lastClosedDay(t.clock.now(), ZONE) };
    const [before] = await createUsageReader({ repository: repo, now: () => t.clock.now(), getTimeZone }).sumUsageSets(
      filter,
      [[]],
    );
    // Take a folded day out of api_usage_daily (in a transaction rolled back): the reports still count it, from the fold.
    const folded = await t.database.db.execute<{ day: string }>(
      sql`select to_char(day, 'YYYY-MM-DD') as day from api_usage_daily_shop where day >= ${filter.startDay}::date order by day limit 1`,
    );
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from api_usage_daily where day = ${folded.rows[0].day}::date`);
        const inside = createUsageReader({
          repository: createTrafficReportRepository(tx),
          now: () => t.clock.now(),
          getTimeZone,
        });
        expect(await inside.sumUsageSets(filter, [[]])).toEqual([before]);
        expect((await createTrafficReportRepository(tx).sumUsageSets(filter, [[]], 'daily'))[0][0].calls).toBeLessThan(
          before[0].calls,
        );
        throw new Error('rollback');
      })
      .catch((error: Error) => expect(error.message).toBe('rollback'));
  });

  it('folds again to the same rows, picks up a late settle within the re-fold days, and an older change when asked from its day', async () => {
    const first = await compactRows();
    const again = (await fold().foldUsage()) as { from: string; days: number };
    expect(again.days).toBe(REFOLD_CLOSED_DAYS);
    expect(await compactRows()).toBe(first);

    // A call of two days ago settled late: in the re-folded days.
    const store = merchants[0].stores[0];
    await recordCall(t, { store, platform: 'jd', apiCode: 'item_search', at: daysAgo(t, 2), responseMs: 70 });
    await fold().foldUsage();
    expect(await compactRows()).not.toBe(first);
    await expectReaderExact(3, 20);

    // A change of 20 days ago is past the margin: it shows once folded from its day.
    await recordCall(t, { store, platform: 'taobao', apiCode: 'item_get', at: daysAgo(t, 20), responseMs: 30 });
    const filter = {
      scope: merchantScope(store.merchantId),
      startDay: day(daysAgo(t, 20)),
      endDay: day(daysAgo(t, 20)),
    };
    const stale = await createUsageReader({
      repository: repository(),
      now: () => t.clock.now(),
      getTimeZone,
    }).sumUsageSets(filter, [[]]);
    const daily = await repository().sumUsageSets(filter, [[]], 'daily');
    expect(stale[0][0].calls).toBe(daily[0][0].calls - 1);
    await foldJob().run({ from: day(daysAgo(t, 21)) });
    await expectReaderExact(4, 20);
  });

  it('counts every call once when folds run at the same time', async () => {
    const repo = createUsageFoldRepository(t.database.db);
    const from = day(daysAgo(t, 40));
    const to = lastClosedDay(t.clock.now(), ZONE);
    await Promise.all([
      repo.foldDays(from, to, t.clock.now()),
      repo.foldDays(day(daysAgo(t, 10)), to, t.clock.now()),
      fold().foldUsage(),
      repo.foldDays(from, day(daysAgo(t, 5)), t.clock.now()),
    ]);
    const totals = await compactTotals(to);
    expect(totals).toEqual({
      shop: totals.daily,
      shopPlatforms: totals.daily,
      api: totals.daily,
      total: totals.daily,
      daily: totals.daily,
    });
    await expectReaderExact(5, 20);
  });

  it('reads closed days not folded yet from api_usage_daily', async () => {
    // Three days on without a fold: the days closed since are read live, and the reports stay exact.
    t.clock.advance(3 * 86_400);
    expect(await repository().findFoldedThrough()).not.toBe(lastClosedDay(t.clock.now(), ZONE));
    await expectReaderExact(6, 20);
    t.clock.advance(-3 * 86_400);
  });

  it('answers every report with the call log’s figures after the fold', async () => {
    const logs = await logRows();
    const range = { time_range: 'custom' as const, start_date: day(daysAgo(t, 35)), end_date: day(t.clock.now()) };
    const filter = { scope: operatorScope, startDay: range.start_date, endDay: range.end_date };
    const pick = (rows: Map<string, UsageRow>, field: 'calls' | 'units' | 'success') =>
      [...rows.values()].reduce((sum, row) => sum + row[field], 0);

    const admin = await expectOk(t.call(adminTrafficDashboard, range, adminToken));
    const all = sumLogs(logs, filter, []);
    expect([admin.totals.calls, admin.totals.units, admin.totals.success]).toEqual([
      pick(all, 'calls'),
      pick(all, 'units'),
      pick(all, 'success'),
    ]);
    expect(admin.active_stores).toBe(sumLogs(logs, filter, ['shop_ref']).size);
    expect(admin.active_merchants).toBe(sumLogs(logs, filter, ['merchant_id']).size);
    const byDay = sumLogs(logs, filter, ['day']);
    expect(admin.trend.map((point) => point.calls)).toEqual(
      admin.trend.map((point) => byDay.get(point.date)?.calls ?? 0),
    );
    const byPlatform = sumLogs(logs, filter, ['platform']);
    expect(admin.by_platform.map((row) => [row.platform, row.calls, row.units])).toEqual(
      PLATFORMS.map((name) => [name, byPlatform.get(name)?.calls ?? 0, byPlatform.get(name)?.units ?? 0]),
    );

    const merchantStats = await expectOk(t.call(adminMerchantStats, { ...range, platform: 'taobao' }, adminToken));
    const taobaoMerchants = sumLogs(logs, { ...filter, platform: 'taobao' }, ['merchant_id']);
    expect(merchantStats.list.map((row) => [row.merchant_id, row.calls, row.units]).sort()).toEqual(
      [...taobaoMerchants.values()].map((row) => [row.merchant_id, row.calls, row.units]).sort(),
    );

    const [merchant] = merchants;
    const merchantId = merchant.stores[0].merchantId;
    const dashboard = await expectOk(t.call(merchantTrafficDashboard, range, merchant.token));
    const own = sumLogs(logs, { ...filter, merchantId }, ['shop_ref']);
    expect(dashboard.totals.calls).toBe(pick(own, 'calls'));
    expect(dashboard.by_store.map((row) => [row.shop_id, row.calls, row.units]).sort()).toEqual(
      merchant.stores
        .filter((store) => own.has(String(store.shopRef)))
        .map((store) => [store.shopId, own.get(String(store.shopRef))!.calls, own.get(String(store.shopRef))!.units])
        .sort(),
    );

    const stats = await expectOk(t.call(merchantApiLogStats, { ...range, platform: '1688' }, merchant.token));
    const apis = sumLogs(logs, { ...filter, merchantId, platform: '1688' }, ['api_code']);
    expect(stats.list.map((row) => [row.api_code, row.calls, row.units, row.avg_response_ms]).sort()).toEqual(
      [...apis.values()]
        .map((row) => [row.api_code, row.calls, row.units, Math.round(row.total_response_ms / row.calls)])
        .sort(),
    );

    const usage = await expectOk(
      t.call(merchantStoreUsage, { ...range, platform: 'jd', page: 1, limit: 20 }, merchant.token),
    );
    const jd = sumLogs(logs, { ...filter, merchantId, platform: 'jd' }, ['shop_ref']);
    expect(usage.list.map((row) => [row.shop_id, row.calls]).sort()).toEqual(
      merchant.stores.map((store) => [store.shopId, jd.get(String(store.shopRef))?.calls ?? 0]).sort(),
    );
  });
});
