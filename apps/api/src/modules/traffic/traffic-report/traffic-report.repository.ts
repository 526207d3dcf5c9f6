import { sql, type SQL } from 'drizzle-orm';
import type { ApiCallCacheState, ApiCallSource, ApiCallStatus } from '@parlour/contract/calls/traffic-report';
import type { SortOrder } from '@parlour/contract/schemas';
import type { Db } from '../../../db/client';
import { isUsablePackageSql } from '../../../db/derived/usable-package';
import {
  apiCallLogs,
  apiUsageDaily,
  apiUsageDailyApi,
  apiUsageDailyShop,
  apiUsageDailyTotal,
  dataSources,
  merchants,
  openApis,
  platformSumColumn,
  shops,
  trafficPackages,
  USAGE_PLATFORMS,
  USAGE_SUM_FIELDS,
  usageFoldState,
} from '../../../db/schema/index';
import { countMatches, EXACT_COUNT_LIMIT } from '../../../lib/count-matches';
import { allOf } from '../../../lib/sql-filters';
import { filteredMerchantId, tenantCondition, type TenantScope } from '../../../lib/tenant-scope';

/** What a roll-up query covers: whole business days `startDay`..`endDay` (both included; the roll-up's days) and optional narrowing. */
export interface UsageFilter {
  /** Whose rows: a merchant call's own, or every tenant's for the operator. */
  scope: TenantScope;
  /** The operator's filter by merchant (ignored under a merchant scope, which is narrower). */
  merchantId?: number;
  /** A store by its public shopId; under a merchant (scope or filter), only that merchant's store matches. */
  shopId?: string;
  platform?: string;
  apiCode?: string;
  startDay: string;
  endDay: string;
}

/** Columns a roll-up query can group by. */
/** The keys roll-up sums are grouped by; `source` (the caller: api_key or storefront) only api_usage_daily has. */
export type UsageKey = 'day' | 'platform' | 'api_code' | 'shop_ref' | 'merchant_id' | 'source';

/** Settled calls of a group by outcome, units charged and the summed response time. */
export interface UsageSums {
  calls: number;
  success: number;
  failed_upstream: number;
  quota_exhausted: number;
  rejected: number;
  units: number;
  total_response_ms: number;
}
export type UsageRow = UsageSums & Partial<Record<UsageKey, string | number>>;

export interface LogFilter {
  scope: TenantScope;
  /** The operator's filter by merchant (ignored under a merchant scope). */
  merchantId?: number;
  shopId?: string;
  platform?: string;
  apiCode?: string;
  status?: ApiCallStatus;
  /** Created within [start, end). */
  start: Date;
  end: Date;
}

/** The merchant a report filter is limited to (its scope's, else the operator's filter); undefined: every tenant. */
const merchantOf = (filter: { scope: TenantScope; merchantId?: number }) =>
  filteredMerchantId(filter.scope, filter.merchantId);

/**
 * A store by its shopId, of the merchant when one is given: a subquery, so an unknown or foreign store
 * matches nothing. The store holding the ID, not a cancelled one that held it before (those never called).
 */
function shopRefOf(shopId: string, merchantId: number | undefined, column: SQL) {
  return sql`${column} = (select ${shops.id} from ${shops} where ${shops.shop_id} = ${shopId}
    and ${shops.status} <> 'cancelled'${merchantId !== undefined ? sql` and ${shops.merchant_id} = ${merchantId}` : sql``})`;
}

/**
 * Where roll-up sums are read from. `daily` is api_usage_daily (every day, per store, platform, API
 * and status); `shop`, `api` and `total` are its compact folds of closed days
 * (apps/api/src/db/schema/traffic.ts), complete only up to the fold state's day. Each has the keys
 * it can group by and the filters it can apply; `shop` applies a platform filter by reading that
 * platform's columns.
 */
export type UsageSource = 'daily' | 'shop' | 'api' | 'total';
export type UsageFilterField = 'merchantId' | 'shopId' | 'platform' | 'apiCode';
export const USAGE_SOURCES: Record<UsageSource, { keys: readonly UsageKey[]; filters: readonly UsageFilterField[] }> = {
  daily: {
    keys: ['day', 'merchant_id', 'shop_ref', 'platform', 'api_code', 'source'],
    filters: ['merchantId', 'shopId', 'platform', 'apiCode'],
  },
  shop: { keys: ['day', 'merchant_id', 'shop_ref'], filters: ['merchantId', 'shopId', 'platform'] },
  api: { keys: ['day', 'merchant_id', 'platform', 'api_code'], filters: ['merchantId', 'platform', 'apiCode'] },
  total: { keys: ['day', 'platform', 'api_code'], filters: ['platform', 'apiCode'] },
};
const USAGE_TABLES = {
  daily: apiUsageDaily,
  shop: apiUsageDailyShop,
  api: apiUsageDailyApi,
  total: apiUsageDailyTotal,
} as const;

const DAILY_SUMS = sql.raw(`sum(calls)::bigint as calls,
  coalesce(sum(calls) filter (where status = 'success'), 0)::bigint as success,
  coalesce(sum(calls) filter (where status = 'failed_upstream'), 0)::bigint as failed_upstream,
  coalesce(sum(calls) filter (where status = 'quota_exhausted'), 0)::bigint as quota_exhausted,
  coalesce(sum(calls) filter (where status = 'rejected'), 0)::bigint as rejected,
  sum(units)::bigint as units,
  sum(total_response_ms)::bigint as total_response_ms`);
/**
 * The sums of compact rows: of one platform's columns of api_usage_daily_shop when given; of a store's
 * row without one, the four platforms' columns added up, since its own totals may count calls an
 * older version logged under a name that is no platform (see KNOWN_PLATFORMS).
 */
function foldedSums(source: Exclude<UsageSource, 'daily'>, platform?: UsagePlatform) {
  const summed = (field: (typeof USAGE_SUM_FIELDS)[number]) => {
    if (platform) return platformSumColumn(field, platform);
    return source === 'shop' ? USAGE_PLATFORMS.map((each) => platformSumColumn(field, each)).join(' + ') : field;
  };
  return sql.raw(USAGE_SUM_FIELDS.map((field) => `sum(${summed(field)})::bigint as ${field}`).join(', '));
}
/**
 * Reports count calls to the four platforms only. Versions before 2026-11 logged a call to any
 * platform name as rejected (POST /open/v1/<anything>/…); those rows stay in the log, where they read
 * as they were, but the roll-ups' other names are left out, since a report has no place for them.
 */
const KNOWN_PLATFORMS = sql.raw(`platform in (${USAGE_PLATFORMS.map((platform) => `'${platform}'`).join(', ')})`);
type UsagePlatform = (typeof USAGE_PLATFORMS)[number];
const isUsagePlatform = (value: string): value is UsagePlatform =>
  (USAGE_PLATFORMS as readonly string[]).includes(value);

/** Whether `source` can answer `set` under `filter`. */
export function canSourceAnswer(source: UsageSource, filter: UsageFilter, set: UsageKey[]) {
  const { keys, filters } = USAGE_SOURCES[source];
  const values: Record<UsageFilterField, string | number | undefined> = {
    merchantId: merchantOf(filter),
    shopId: filter.shopId,
    platform: filter.platform,
    apiCode: filter.apiCode,
  };
  const narrowed = (['merchantId', 'shopId', 'platform', 'apiCode'] as const).filter(
    (field) => values[field] !== undefined && values[field] !== '',
  );
  // A platform the shop roll-up has no columns for is read elsewhere (the contract allows only the four).
  if (source === 'shop' && filter.platform && !isUsagePlatform(filter.platform)) return false;
  return set.every((key) => keys.includes(key)) && narrowed.every((field) => filters.includes(field));
}

function usageConditions(filter: UsageFilter, source: UsageSource): SQL | undefined {
  const merchantId = merchantOf(filter);
  return allOf([
    sql`day >= ${filter.startDay}::date`,
    sql`day <= ${filter.endDay}::date`,
    merchantId !== undefined ? sql`merchant_id = ${merchantId}` : undefined,
    filter.shopId ? shopRefOf(filter.shopId, merchantId, sql`shop_ref`) : undefined,
    // Of a store's row, the platform's part: a row without calls there is no group of that platform (every roll-up row has calls).
    filter.platform
      ? source === 'shop'
        ? sql`${sql.identifier(platformSumColumn('calls', filter.platform as UsagePlatform))} > 0`
        : sql`platform = ${filter.platform}`
      : undefined,
    filter.apiCode ? sql`api_code = ${filter.apiCode}` : undefined,
    // The shop roll-up has no platform column: its sums read the four platforms' columns (foldedSums).
    source !== 'shop' ? KNOWN_PLATFORMS : undefined,
    // A call in flight is a charge row, not a log row; the condition keeps a `pending` log row of an old version out of every total.
    source === 'daily' ? sql`status <> 'pending'` : undefined,
  ]);
}

function logConditions(filter: LogFilter): SQL | undefined {
  const merchantId = merchantOf(filter);
  return allOf([
    merchantId !== undefined ? sql`${apiCallLogs.merchant_id} = ${merchantId}` : undefined,
    filter.shopId ? shopRefOf(filter.shopId, merchantId, sql`${apiCallLogs.shop_ref}`) : undefined,
    filter.platform ? sql`${apiCallLogs.platform} = ${filter.platform}` : undefined,
    filter.apiCode ? sql`${apiCallLogs.api_code} = ${filter.apiCode}` : undefined,
    filter.status ? sql`${apiCallLogs.status} = ${filter.status}` : undefined,
    sql`${apiCallLogs.created_at} >= ${filter.start.toISOString()}::timestamptz`,
    sql`${apiCallLogs.created_at} < ${filter.end.toISOString()}::timestamptz`,
  ]);
}

function toSums(row: Record<string, unknown>): UsageSums {
  return {
    calls: Number(row.calls ?? 0),
    success: Number(row.success ?? 0),
    failed_upstream: Number(row.failed_upstream ?? 0),
    quota_exhausted: Number(row.quota_exhausted ?? 0),
    rejected: Number(row.rejected ?? 0),
    units: Number(row.units ?? 0),
    total_response_ms: Number(row.total_response_ms ?? 0),
  };
}

export interface LogView {
  id: number;
  created_at: Date;
  finished_at: Date | null;
  merchant_id: number;
  shop_id: string;
  shop_name: string;
  platform: string;
  api_code: string;
  api_name: string;
  package_ref: number | null;
  /** The package's name as logged at charge time (Chinese). */
  package_name: string;
  /** The charged package's English name ('' when not translated), read from the package, which keeps both. */
  package_name_en: string;
  /** Whether the charged package is a general one; null when nothing was charged. */
  package_is_general: boolean | null;
  status: ApiCallStatus;
  charged_units: number;
  response_ms: number | null;
  source: ApiCallSource;
  cache_state: ApiCallCacheState;
  merchant_account: string;
  merchant_name: string;
  error?: string;
  request_params?: unknown;
}

function toLogView(row: Record<string, unknown>): LogView {
  const time = (value: unknown) =>
    value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));
  return {
    id: Number(row.id),
    created_at: time(row.created_at)!,
    finished_at: time(row.finished_at),
    merchant_id: Number(row.merchant_id),
    shop_id: String(row.shop_id ?? ''),
    shop_name: String(row.shop_name ?? ''),
    platform: String(row.platform),
    api_code: String(row.api_code),
    api_name: String(row.api_name ?? ''),
    package_ref: row.package_ref === null || row.package_ref === undefined ? null : Number(row.package_ref),
    package_name: String(row.package_name ?? ''),
    package_name_en: String(row.package_name_en ?? ''),
    package_is_general:
      row.package_is_general === null || row.package_is_general === undefined ? null : Boolean(row.package_is_general),
    status: row.status as ApiCallStatus,
    charged_units: Number(row.charged_units ?? 0),
    response_ms: row.response_ms === null || row.response_ms === undefined ? null : Number(row.response_ms),
    source: row.source as ApiCallSource,
    cache_state: (row.cache_state ?? 'live') as ApiCallCacheState,
    merchant_account: String(row.merchant_account ?? ''),
    merchant_name: String(row.merchant_name ?? ''),
    error: row.error === undefined ? undefined : String(row.error),
    request_params: typeof row.request_params === 'string' ? JSON.parse(row.request_params) : row.request_params,
  };
}

/** Reads of the traffic reports: the daily roll-up for totals, the call log for lists, packages for balances. Never writes. */
export function createTrafficReportRepository(db: Db) {
  return {
    /**
     * Several groupings of the same rows in one pass (GROUPING SETS): a dashboard's totals, days,
     * platforms and stores cost one read instead of one each. Answers one list per set. `source`
     * must be able to answer every set under the filter (canSourceAnswer).
     */
    async sumUsageSets(filter: UsageFilter, sets: UsageKey[][], source: UsageSource = 'daily'): Promise<UsageRow[][]> {
      if (!sets.every((set) => canSourceAnswer(source, filter, set)))
        throw new Error(`${source} usage cannot answer ${JSON.stringify({ filter, sets })}`);
      const table = USAGE_TABLES[source];
      const sums =
        source === 'daily'
          ? DAILY_SUMS
          : foldedSums(source, source === 'shop' && filter.platform ? (filter.platform as UsagePlatform) : undefined);
      const where = usageConditions(filter, source);
      const keys = [...new Set(sets.flat())];
      if (!keys.length) {
        const result = await db.execute<Record<string, unknown>>(sql`select ${sums} from ${table} where ${where}`);
        return sets.map(() => result.rows.map(toSums));
      }
      // The day as text: drivers turn a date into a local-time Date otherwise.
      const selected = keys.map((key) =>
        key === 'day' ? sql`to_char(day, 'YYYY-MM-DD') as day` : sql.identifier(key),
      );
      // A set asked twice is grouped once (PostgreSQL would answer its rows twice) and given to both.
      const distinct = [...new Map(sets.map((set) => [[...set].sort().join(','), set])).values()];
      const groupingSets = distinct.map(
        (set) =>
          sql`(${sql.join(
            set.map((key) => sql.identifier(key)),
            sql`, `,
          )})`,
      );
      const result = await db.execute<Record<string, unknown>>(sql`
        select grouping(${sql.join(
          keys.map((key) => sql.identifier(key)),
          sql`, `,
        )}) as grouping_mask, ${sql.join(selected, sql`, `)}, ${sums}
        from ${table} where ${where}
        group by grouping sets (${sql.join(groupingSets, sql`, `)})`);
      // grouping() sets bit (n-1-i) when keys[i] is not grouped in the row's set.
      const maskOf = (set: UsageKey[]) =>
        keys.reduce((mask, key, index) => (set.includes(key) ? mask : mask | (1 << (keys.length - 1 - index))), 0);
      const masks = sets.map(maskOf);
      const lists: UsageRow[][] = sets.map(() => []);
      for (const row of result.rows) {
        const mask = Number(row.grouping_mask);
        masks.forEach((setMask, setIndex) => {
          if (setMask !== mask) return;
          const out: UsageRow = toSums(row);
          for (const key of sets[setIndex])
            out[key] = key === 'shop_ref' || key === 'merchant_id' ? Number(row[key]) : String(row[key]);
          lists[setIndex].push(out);
        });
      }
      return lists;
    },

    /** The last day the compact roll-ups hold (usage_fold_state), or null before the first fold. */
    async findFoldedThrough(): Promise<string | null> {
      const result = await db.execute<{ folded_through: string }>(
        sql`select to_char(folded_through, 'YYYY-MM-DD') as folded_through from ${usageFoldState} where id = 1`,
      );
      return result.rows[0]?.folded_through ?? null;
    },

    /**
     * Active packages at `now` (paid, not voided, not expired, units left: the derived status of
     * traffic.ts): how many, the units left in them and the earliest expiry. Of the scope's merchant,
     * or of everyone under the operator's scope.
     */
    async packageBalance(now: Date, scope: TenantScope) {
      const result = await db.execute<{
        packages: number;
        units_left: string | number | null;
        first_expires_at: Date | string | null;
      }>(sql`
        select count(*)::int as packages, coalesce(sum(${trafficPackages.units_total} - ${trafficPackages.units_used}), 0)::bigint as units_left,
               min(${trafficPackages.expires_at}) as first_expires_at
        from ${trafficPackages}
        where ${allOf([tenantCondition(scope, trafficPackages.merchant_id), isUsablePackageSql(now)])}`);
      const row = result.rows[0];
      const first = row?.first_expires_at ? new Date(row.first_expires_at) : null;
      return { packages: Number(row?.packages ?? 0), unitsLeft: Number(row?.units_left ?? 0), firstExpiresAt: first };
    },

    /** Units left in the active store packages of each of `shopRefs`. */
    async storeUnitsLeft(now: Date, merchantId: number, shopRefs: number[]) {
      if (!shopRefs.length) return new Map<number, number>();
      const result = await db.execute<{ shop_ref: number; units_left: string | number }>(sql`
        select ${trafficPackages.shop_ref} as shop_ref, sum(${trafficPackages.units_total} - ${trafficPackages.units_used})::bigint as units_left
        from ${trafficPackages}
        where ${trafficPackages.merchant_id} = ${merchantId}
          and ${trafficPackages.shop_ref} in (${sql.join(
            shopRefs.map((ref) => sql`${ref}`),
            sql`, `,
          )})
          and ${isUsablePackageSql(now)}
        group by ${trafficPackages.shop_ref}`);
      return new Map(result.rows.map((row) => [Number(row.shop_ref), Number(row.units_left)]));
    },

    /** Stores by internal id, within the scope. */
    async findShops(refs: number[], scope: TenantScope) {
      if (!refs.length) return new Map<number, { shop_id: string; shop_name: string }>();
      const result = await db.execute<{ id: number; shop_id: string; shop_name: string }>(sql`
        select ${shops.id} as id, ${shops.shop_id} as shop_id, ${shops.shop_name} as shop_name from ${shops}
        where ${allOf([
          sql`${shops.id} in (${sql.join(
            refs.map((ref) => sql`${ref}`),
            sql`, `,
          )})`,
          tenantCondition(scope, shops.merchant_id),
        ])}`);
      return new Map(result.rows.map((row) => [Number(row.id), { shop_id: row.shop_id, shop_name: row.shop_name }]));
    },

    /** A merchant's stores (not the unpaid or cancelled ones, which cannot call), newest first: the store filter's options and the per-store table. */
    async listMerchantShops(merchantId: number) {
      const result = await db.execute<{ id: number; shop_id: string; shop_name: string }>(sql`
        select ${shops.id} as id, ${shops.shop_id} as shop_id, ${shops.shop_name} as shop_name from ${shops}
        where ${shops.merchant_id} = ${merchantId} and ${shops.status} not in ('unpaid', 'cancelled')
        order by ${shops.id} desc`);
      return result.rows.map((row) => ({ id: Number(row.id), shop_id: row.shop_id, shop_name: row.shop_name }));
    },

    async findMerchants(ids: number[]) {
      if (!ids.length) return new Map<number, { account: string; name: string }>();
      const result = await db.execute<{ id: number; account: string; name: string }>(sql`
        select ${merchants.id} as id, coalesce(${merchants.email}, ${merchants.mobile}, '') as account, ${merchants.nickname} as name from ${merchants}
        where ${merchants.id} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`);
      return new Map(result.rows.map((row) => [Number(row.id), { account: row.account ?? '', name: row.name ?? '' }]));
    },

    async listPlatforms() {
      return db
        .select({ platform: dataSources.platform, name: dataSources.name, is_enabled: dataSources.is_enabled })
        .from(dataSources)
        .orderBy(dataSources.sort, dataSources.id);
    },
    async listApis() {
      return db
        .select({
          platform: openApis.platform,
          code: openApis.code,
          name: openApis.name,
          cost: openApis.cost,
          is_enabled: openApis.is_enabled,
        })
        .from(openApis)
        .orderBy(openApis.platform, openApis.sort, openApis.id);
    },

    /**
     * A page of the call log, newest first by default (created_at, then id: the order the created_at
     * indexes give, walked backwards; `ascend` walks them forwards). The page's ids are found first
     * and the stores and merchants joined to those rows only.
     */
    async listLogs(
      filter: LogFilter,
      page: { limit: number; offset: number },
      order: SortOrder = 'descend',
    ): Promise<LogView[]> {
      const direction = order === 'ascend' ? sql.raw('asc') : sql.raw('desc');
      const result = await db.execute<Record<string, unknown>>(sql`
        with page as (
          select ${apiCallLogs.id} as id from ${apiCallLogs}
          where ${logConditions(filter)}
          order by ${apiCallLogs.created_at} ${direction}, ${apiCallLogs.id} ${direction}
          limit ${page.limit} offset ${page.offset}
        )
        select l.id, l.created_at, l.finished_at, l.merchant_id, s.shop_id, l.shop_name, l.platform, l.api_code, l.api_name, l.package_ref,
               l.package_name, p.name_en as package_name_en, p.is_general as package_is_general, l.status, l.charged_units, l.response_ms,
               l.source, l.cache_state, coalesce(m.email, m.mobile, '') as merchant_account, m.nickname as merchant_name
        from page join ${apiCallLogs} l on l.id = page.id
        left join ${shops} s on s.id = l.shop_ref
        left join ${trafficPackages} p on p.id = l.package_ref
        left join ${merchants} m on m.id = l.merchant_id
        order by l.created_at ${direction}, l.id ${direction}`);
      return result.rows.map(toLogView);
    },
    /** Exact up to EXACT_COUNT_LIMIT rows, the planner's estimate beyond. */
    async countLogs(filter: LogFilter) {
      const total = await countMatches(db, apiCallLogs, logConditions(filter));
      return { total, isEstimated: total > EXACT_COUNT_LIMIT };
    },
    /** One log row with its parameters and error, within the scope (another tenant's row is not found). */
    async findLog(id: number, scope: TenantScope): Promise<LogView | undefined> {
      const result = await db.execute<Record<string, unknown>>(sql`
        select l.id, l.created_at, l.finished_at, l.merchant_id, s.shop_id, l.shop_name, l.platform, l.api_code,
               l.api_name, l.package_ref, l.package_name, p.name_en as package_name_en,
               p.is_general as package_is_general, l.status, l.charged_units, l.response_ms, l.error, l.request_params,
               l.source, l.cache_state, coalesce(m.email, m.mobile, '') as merchant_account, m.nickname as merchant_name
        from ${apiCallLogs} l
        left join ${shops} s on s.id = l.shop_ref
        left join ${trafficPackages} p on p.id = l.package_ref
        left join ${merchants} m on m.id = l.merchant_id
        where ${allOf([sql`l.id = ${id}`, scope.kind === 'merchant' ? sql`l.merchant_id = ${scope.merchantId}` : undefined])}`);
      return result.rows[0] ? toLogView(result.rows[0]) : undefined;
    },
  };
}
export type TrafficReportRepository = ReturnType<typeof createTrafficReportRepository>;
