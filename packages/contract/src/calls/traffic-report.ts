import { z } from 'zod';
import { defineCall } from '../call';
import { LOG_PLATFORMS, TIME_FILTERS } from '../constants';
import { listOutput, rowId, sortFields, ZCalendarDay, ZPageInput } from '../schemas';
import type { ErrorKey } from '../errors';
import { MAX_TREND_DAYS } from './report';

/**
 * Traffic reports (spec §2 traffic dashboard, statistics and logs; §7 merchant open/report and
 * open/common/api_enum, admin open/report). Dashboards and statistics read the daily roll-up of the
 * Open API's calls; log lists read the call log itself, newest first.
 */

/**
 * Statuses of a logged Open API call. `pending` only in log rows of versions before calls in flight
 * became charge rows (migration 0013): no call writes it now, and it is in no total.
 */
export const API_CALL_STATUSES = ['pending', 'success', 'failed_upstream', 'quota_exhausted', 'rejected'] as const;
export type ApiCallStatus = (typeof API_CALL_STATUSES)[number];
/**
 * Who made a logged Open API call: `api_key`, the store's own system presenting its store API key to
 * `/open/v1`; `storefront`, the store's own site on its host, calling for a buyer (no key: the store is
 * known from the host). Both are metered and logged alike. Rows from before the field was kept are `api_key`.
 */
export const API_CALL_SOURCES = ['api_key', 'storefront'] as const;
export type ApiCallSource = (typeof API_CALL_SOURCES)[number];
/**
 * Where a logged call's answer came from: `live`, the vendor; `cached`, a copy of the product-data
 * cache still fresh (no vendor call; charged the API's units for a cached answer); `stale`, a copy
 * past its freshness served because the vendor failed or timed out. Rows from before the cache are `live`.
 */
export const API_CALL_CACHE_STATES = ['live', 'cached', 'stale'] as const;
export type ApiCallCacheState = (typeof API_CALL_CACHE_STATES)[number];
export type LogPlatform = (typeof LOG_PLATFORMS)[number];
export type TimeFilter = (typeof TIME_FILTERS)[number];

/**
 * The time filter of spec §9, in whole UTC days: today, the last 7 or 30 days (today included), or
 * a custom range of `start_date`..`end_date` (both included, at most 366 days), as ZDateRangeInput.
 */
export const ZTrafficTimeFields = z.object({
  time_range: z.enum(TIME_FILTERS, { error: 'time_range_invalid' }).default('last_7_days'),
  start_date: ZCalendarDay.optional(),
  end_date: ZCalendarDay.optional(),
});
type TimeFields = { time_range?: TimeFilter; start_date?: string; end_date?: string };
/** Adds the custom range's rules: both ends present, in order, at most {@link MAX_TREND_DAYS} days. */
export function withTrafficTimeCheck<T extends z.ZodType<TimeFields>>(schema: T): T {
  return schema
    .refine((value) => value.time_range !== 'custom' || (value.start_date && value.end_date), {
      error: 'custom_range_required',
      path: ['start_date'],
    })
    .refine((value) => !value.start_date || !value.end_date || value.start_date <= value.end_date, {
      error: 'date_range_invalid',
      path: ['start_date'],
    })
    .refine(
      (value) =>
        value.time_range !== 'custom' ||
        !value.start_date ||
        !value.end_date ||
        (Date.parse(`${value.end_date}T00:00:00Z`) - Date.parse(`${value.start_date}T00:00:00Z`)) / 86_400_000 <
          MAX_TREND_DAYS,
      { error: 'date_range_too_long', path: ['end_date'] },
    ) as unknown as T;
}
export const ZTrafficTimeInput = withTrafficTimeCheck(ZTrafficTimeFields);
export type TTrafficTimeInput = z.input<typeof ZTrafficTimeInput>;

const ZPlatformFilter = z.enum(LOG_PLATFORMS, { error: 'platform_invalid' }).optional();
const ZApiCodeFilter = z
  .string()
  .trim()
  .max(60, { error: 'api_code_invalid' })
  .regex(/^[a-z0-9_]*$/, { error: 'api_code_invalid' })
  .optional();
const ZShopIdFilter = z.string().trim().max(20).optional();
const ZMerchantIdFilter = rowId().optional();

/** The range a report covers, as the server resolved it (UTC days, both included). */
export const ZResolvedRange = z.object({ start_date: z.string(), end_date: z.string(), days: z.number().int() });

/** Calls of a group by how they ended, and what they cost. Averages are over the settled calls, in ms. */
export const ZCallTotals = z.object({
  calls: z.number().int(),
  success: z.number().int(),
  failed_upstream: z.number().int(),
  quota_exhausted: z.number().int(),
  rejected: z.number().int(),
  /** Units charged (successful calls only: a failed call's units are given back). */
  units: z.number().int(),
  /** success ÷ calls, 0..1; 0 when there were no calls. */
  success_rate: z.number(),
  avg_response_ms: z.number().int(),
});
export type TCallTotals = z.infer<typeof ZCallTotals>;

/** One day of a usage trend; days without calls are present with zeros. */
export const ZUsageDay = z.object({
  date: z.string(),
  calls: z.number().int(),
  success: z.number().int(),
  units: z.number().int(),
});
export type TUsageDay = z.infer<typeof ZUsageDay>;
export const ZPlatformUsage = z.object({
  platform: z.enum(LOG_PLATFORMS),
  calls: z.number().int(),
  success: z.number().int(),
  units: z.number().int(),
});
export const ZStoreUsage = z.object({
  shop_id: z.string(),
  shop_name: z.string(),
  calls: z.number().int(),
  success: z.number().int(),
  units: z.number().int(),
});

/** Units left across active packages, and the earliest expiry among them (null when none is active). */
export const ZPackageBalance = z.object({
  active_packages: z.number().int(),
  units_left: z.number().int(),
  first_expires_at: z.string().nullable(),
  /** Whole days until `first_expires_at`, rounded up (0 when it expires today); null without an active package. */
  days_to_first_expiry: z.number().int().nullable(),
});

// ---------- merchant (tenant from the session) ----------

export const ZMerchantTrafficDashboard = z.object({
  range: ZResolvedRange,
  totals: ZCallTotals,
  balance: ZPackageBalance,
  trend: z.array(ZUsageDay),
  by_platform: z.array(ZPlatformUsage),
  /** Stores with calls in the range, most units first (at most 20). */
  by_store: z.array(ZStoreUsage),
  /** The calls by caller: the stores' systems with their API keys, and the stores' own sites (both always present). */
  by_caller: z.array(
    z.object({
      source: z.enum(API_CALL_SOURCES),
      calls: z.number().int(),
      success: z.number().int(),
      units: z.number().int(),
    }),
  ),
});
export type TMerchantTrafficDashboard = z.infer<typeof ZMerchantTrafficDashboard>;

export const merchantTrafficDashboard = defineCall({
  path: 'merchant/open/report/dashboard',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary:
    'Traffic dashboard: calls, success rate, units left and first expiry, daily usage, usage by platform and by store',
  input: withTrafficTimeCheck(ZTrafficTimeFields.extend({ shop_id: ZShopIdFilter })),
  output: ZMerchantTrafficDashboard,
});

/** One API of one platform in a statistics table. */
export const ZApiStatsRow = ZCallTotals.extend({
  platform: z.enum(LOG_PLATFORMS),
  api_code: z.string(),
  api_name: z.string(),
});
export type TApiStatsRow = z.infer<typeof ZApiStatsRow>;
export const ZApiStatsOutput = z.object({
  range: ZResolvedRange,
  list: z.array(ZApiStatsRow),
  /** The whole filter's totals (the table's summary row). */
  totals: ZCallTotals,
  trend: z.array(ZUsageDay),
});
export type TApiStatsOutput = z.infer<typeof ZApiStatsOutput>;

export const ZApiStatsFilter = ZTrafficTimeFields.extend({
  platform: ZPlatformFilter,
  api_code: ZApiCodeFilter,
  shop_id: ZShopIdFilter,
});
export const ZApiStatsInput = withTrafficTimeCheck(ZApiStatsFilter);
export type TApiStatsInput = z.input<typeof ZApiStatsInput>;

export const merchantApiLogStats = defineCall({
  path: 'merchant/open/report/api_log_stats',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: "Statistics per API and platform of the merchant's calls: calls by outcome, units, average response time",
  input: ZApiStatsInput,
  output: ZApiStatsOutput,
});

/** A store of the merchant with its usage in the range and the units left in packages bought for it. */
export const ZStoreUsageRow = ZCallTotals.extend({
  shop_id: z.string(),
  shop_name: z.string(),
  /** Units left in active packages bought for this store (general packages are in the dashboard's balance). */
  store_units_left: z.number().int(),
});
export type TStoreUsageRow = z.infer<typeof ZStoreUsageRow>;
export const merchantStoreUsage = defineCall({
  path: 'merchant/open/report/merchant_store_usage',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: "Usage per store of the merchant over the time filter, busiest first, with each store's own units left",
  input: withTrafficTimeCheck(ZPageInput.extend({ ...ZTrafficTimeFields.shape, platform: ZPlatformFilter })),
  output: z.object({ range: ZResolvedRange, list: z.array(ZStoreUsageRow), total: z.number().int() }),
});

/** What the filters of the traffic screens offer. */
export const ZApiEnum = z.object({
  platforms: z.array(z.object({ value: z.enum(LOG_PLATFORMS), name: z.string(), is_enabled: z.boolean() })),
  apis: z.array(
    z.object({
      platform: z.enum(LOG_PLATFORMS),
      code: z.string(),
      name: z.string(),
      cost: z.number().int(),
      is_enabled: z.boolean(),
    }),
  ),
  statuses: z.array(z.enum(API_CALL_STATUSES)),
  time_ranges: z.array(z.enum(TIME_FILTERS)),
  /** The caller's stores (merchant calls only; empty for the operator). */
  stores: z.array(z.object({ shop_id: z.string(), shop_name: z.string() })),
});
export type TApiEnum = z.infer<typeof ZApiEnum>;
export const merchantApiEnum = defineCall({
  path: 'merchant/open/common/api_enum',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary:
    "Options of the traffic filters: platforms, the API catalogue, call statuses, time ranges and the merchant's stores",
  input: z.object({}),
  output: ZApiEnum,
});

/** Where a charged call's units came from: a general package (any store) or a package bought for the store. */
export const CONSUME_SOURCES = ['general_package', 'store_package'] as const;
export type ConsumeSource = (typeof CONSUME_SOURCES)[number];

/**
 * Every outcome code the Open API writes into a log row's `error` (rejections, quota, upstream
 * failures): the console has a translated label for each; any other text is shown with a generic one.
 */
export const OPEN_API_LOG_ERRORS = [
  'OPEN_STORE_NOT_RUNNING',
  'OPEN_PLATFORM_DISABLED',
  'OPEN_API_DISABLED',
  'OPEN_PARAMS_INVALID',
  'OPEN_QUOTA_EXHAUSTED',
  'OPEN_UPSTREAM_FAILED',
  'OPEN_UPSTREAM_TIMEOUT',
  'OPEN_ITEM_NOT_FOUND',
] as const satisfies readonly ErrorKey[];
export type OpenApiLogError = (typeof OPEN_API_LOG_ERRORS)[number];

/**
 * The code at the start of a logged error (`OPEN_PARAMS_INVALID: …` or just the code), or null
 * when the text starts with none (an empty error, an older row's free text).
 */
export function logErrorCodeOf(error: string): string | null {
  const match = /^([A-Z][A-Z0-9_]+)(?::|$)/.exec(error.trim());
  return match ? match[1]! : null;
}

/** A row of the call log. */
export const ZApiLog = z.object({
  id: z.number().int(),
  created_at: z.string(),
  merchant_id: z.number().int(),
  shop_id: z.string(),
  shop_name: z.string(),
  platform: z.string(),
  api_code: z.string(),
  api_name: z.string(),
  /** The package the units came from, null when nothing was charged. */
  package_id: z.number().int().nullable(),
  package_name: z.string(),
  /** "Consume source": the kind of package charged, null when nothing was charged. */
  consume_source: z.enum(CONSUME_SOURCES).nullable(),
  status: z.enum(API_CALL_STATUSES),
  charged_units: z.number().int(),
  response_ms: z.number().int().nullable(),
  /** Who made the call: the store's system with its API key, or the store's own site (storefront). */
  source: z.enum(API_CALL_SOURCES),
  /** Where the answer came from: the vendor (live), a fresh copy of the product-data cache (cached), a stale copy (stale). */
  cache_state: z.enum(API_CALL_CACHE_STATES),
});
export type TApiLog = z.infer<typeof ZApiLog>;
export const ZApiLogDetail = ZApiLog.extend({
  finished_at: z.string().nullable(),
  /** The call's parameters as the store sent them. */
  request_params: z.unknown(),
  /**
   * Why the call was rejected or failed, starting with its outcome code; empty on success. Operators
   * read the upstream's own words after the code; merchants only the code (and, for
   * OPEN_PARAMS_INVALID, our message naming the parameter): upstream text is never shown to tenants.
   */
  error: z.string(),
  /** The outcome code `error` starts with (one of OPEN_API_LOG_ERRORS for what the Open API logs), null when none. */
  error_code: z.string().nullable(),
});
export type TApiLogDetail = z.infer<typeof ZApiLogDetail>;

export const ZApiLogFilter = ZTrafficTimeFields.extend({
  platform: ZPlatformFilter,
  api_code: ZApiCodeFilter,
  status: z.enum(API_CALL_STATUSES, { error: 'call_status_invalid' }).optional(),
  shop_id: ZShopIdFilter,
});
/**
 * Columns a call log sorts on (default: newest first): the time only, which the created_at indexes
 * serve both ways. Units or response time would sort every call of the period (millions for a busy
 * merchant) on each page.
 */
export const API_LOG_SORT_FIELDS = ['created_at'] as const;
export type ApiLogSortField = (typeof API_LOG_SORT_FIELDS)[number];
const ZApiLogSort = sortFields(API_LOG_SORT_FIELDS);
export const ZApiLogListInput = withTrafficTimeCheck(ZPageInput.extend(ZApiLogFilter.shape).extend(ZApiLogSort.shape));
export type TApiLogListInput = z.input<typeof ZApiLogListInput>;
/** `total` is exact up to 10,000 matches and the planner's estimate beyond (the console says "about"). */
export const ZApiLogListOutput = listOutput(ZApiLog).extend({ is_total_estimated: z.boolean() });

export const merchantListApiLogs = defineCall({
  path: 'merchant/open/report/api_logs',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: "The merchant's Open API call log, newest first, by time, platform, API, status and store",
  input: ZApiLogListInput,
  output: ZApiLogListOutput,
});
/** Log ids come from a bigserial: any exact (safe) integer. */
export const ZApiLogRef = z.object({ id: rowId('log_id_invalid', Number.MAX_SAFE_INTEGER) });
export const merchantApiLogDetail = defineCall({
  path: 'merchant/open/report/api_log_detail',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: "One call of the merchant's log with its request parameters and the upstream's error",
  input: ZApiLogRef,
  output: ZApiLogDetail,
});

// ---------- operator (all merchants) ----------

export const ZAdminApiLog = ZApiLog.extend({ merchant_account: z.string(), merchant_name: z.string() });
export type TAdminApiLog = z.infer<typeof ZAdminApiLog>;
export const ZAdminApiLogDetail = ZApiLogDetail.extend({ merchant_account: z.string(), merchant_name: z.string() });
export type TAdminApiLogDetail = z.infer<typeof ZAdminApiLogDetail>;

/** A merchant ranked by usage. */
export const ZMerchantUsage = z.object({
  merchant_id: z.number().int(),
  merchant_account: z.string(),
  merchant_name: z.string(),
  calls: z.number().int(),
  success: z.number().int(),
  units: z.number().int(),
  success_rate: z.number(),
});
export type TMerchantUsage = z.infer<typeof ZMerchantUsage>;

export const ZAdminTrafficDashboard = z.object({
  range: ZResolvedRange,
  totals: ZCallTotals,
  /** Merchants and stores with at least one call in the range. */
  active_merchants: z.number().int(),
  active_stores: z.number().int(),
  /** Every merchant's active packages together. */
  balance: ZPackageBalance,
  trend: z.array(ZUsageDay),
  by_platform: z.array(ZPlatformUsage),
  top_merchants: z.array(ZMerchantUsage),
});
export type TAdminTrafficDashboard = z.infer<typeof ZAdminTrafficDashboard>;

export const adminTrafficDashboard = defineCall({
  path: 'admin/open/report/dashboard',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary:
    'Platform traffic dashboard: calls, success rate, active merchants and stores, units left, daily usage, platforms, top merchants',
  input: ZTrafficTimeInput,
  output: ZAdminTrafficDashboard,
});

export const ZPlatformStatsRow = ZCallTotals.extend({
  platform: z.enum(LOG_PLATFORMS),
  name: z.string(),
  is_enabled: z.boolean(),
});
export const adminPlatformStats = defineCall({
  path: 'admin/open/report/platform_stats',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Calls per platform over the time filter (every platform present), optionally of one merchant',
  input: withTrafficTimeCheck(ZTrafficTimeFields.extend({ merchant_id: ZMerchantIdFilter })),
  output: z.object({ range: ZResolvedRange, list: z.array(ZPlatformStatsRow), totals: ZCallTotals }),
});

export const adminMerchantStats = defineCall({
  path: 'admin/open/report/merchant_stats',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Merchants ranked by units used (then calls) over the time filter, optionally on one platform',
  input: withTrafficTimeCheck(ZPageInput.extend({ ...ZTrafficTimeFields.shape, platform: ZPlatformFilter })),
  output: z.object({ range: ZResolvedRange, list: z.array(ZMerchantUsage), total: z.number().int() }),
});

export const ZAdminApiStatsInput = withTrafficTimeCheck(ZApiStatsFilter.extend({ merchant_id: ZMerchantIdFilter }));
export type TAdminApiStatsInput = z.input<typeof ZAdminApiStatsInput>;
export const adminApiLogStats = defineCall({
  path: 'admin/open/report/api_log_stats',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Statistics per API and platform of all calls, optionally of one merchant or store',
  input: ZAdminApiStatsInput,
  output: ZApiStatsOutput,
});

export const ZAdminApiLogListInput = withTrafficTimeCheck(
  ZPageInput.extend({ ...ZApiLogFilter.shape, merchant_id: ZMerchantIdFilter }).extend(ZApiLogSort.shape),
);
export type TAdminApiLogListInput = z.input<typeof ZAdminApiLogListInput>;
export const adminListApiLogs = defineCall({
  path: 'admin/open/report/api_logs',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'The Open API call log of all merchants, newest first, by time, merchant, store, platform, API and status',
  input: ZAdminApiLogListInput,
  output: listOutput(ZAdminApiLog).extend({ is_total_estimated: z.boolean() }),
});
export const adminApiLogDetail = defineCall({
  path: 'admin/open/report/api_log_detail',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'One logged call with its merchant, request parameters and the upstream error',
  input: ZApiLogRef,
  output: ZAdminApiLogDetail,
});
export const adminApiEnum = defineCall({
  path: 'admin/open/common/api_enum',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Options of the operator traffic filters: platforms, the API catalogue, call statuses and time ranges',
  input: z.object({}),
  output: ZApiEnum,
});
