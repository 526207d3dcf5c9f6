import type {
  TAdminApiLog,
  TAdminApiLogDetail,
  TAdminTrafficDashboard,
  TApiEnum,
  TApiLog,
  TApiLogDetail,
  TApiStatsOutput,
  TCallTotals,
  TimeFilter,
  TMerchantTrafficDashboard,
  TMerchantUsage,
  TStoreUsageRow,
  TUsageDay,
  ApiCallStatus,
  ApiLogSortField,
} from '@parlour/contract/calls/traffic-report';
import {
  API_CALL_SOURCES,
  API_CALL_STATUSES,
  logErrorCodeOf,
  OPEN_API_LOG_ERRORS,
} from '@parlour/contract/calls/traffic-report';
import { LOG_PLATFORMS, TIME_FILTERS } from '@parlour/contract/constants';
import { shiftDay, zoneDay } from '@parlour/contract/business-time';
import type { SortOrder } from '@parlour/contract/schemas';
import type { Lang } from '@parlour/contract/errors';
import { AppError } from '../../../lib/app-error';
import { dayRange, daysBetween } from '../../../lib/business-days';
import { listSort } from '../../../lib/sql-sort';
import { merchantScope, operatorScope, type TenantScope } from '../../../lib/tenant-scope';
import type { Clock } from '../../../lib/clock';
import { pickColumn } from '../../../lib/localized-columns';
import { createClosedDayCache } from './closed-day-cache';
import { createUsageReader } from './usage-reader';
import type {
  LogFilter,
  LogView,
  TrafficReportRepository,
  UsageFilter,
  UsageKey,
  UsageRow,
  UsageSums,
} from './traffic-report.repository';

const DAY_MS = 86_400_000;
type Platform = (typeof LOG_PLATFORMS)[number];

export interface TimeInput {
  time_range: TimeFilter;
  start_date?: string;
  end_date?: string;
}

/**
 * The whole business days (calendar days of the platform's business time zone `zone`) a time filter
 * covers at `now` (spec §9): today, the last 7 or 30 days with today, or the custom range; `start`
 * and `end` are the instants they begin and end, for the log's created_at.
 */
export function resolveTimeRange(input: TimeInput, now: Date, zone: string) {
  const today = zoneDay(now, zone);
  const daysBack = { today: 0, last_7_days: 6, last_30_days: 29 } as const;
  // The contract makes sure a custom range has both ends, in order.
  const startDay = input.time_range === 'custom' ? input.start_date! : shiftDay(today, -daysBack[input.time_range]);
  const endDay = input.time_range === 'custom' ? input.end_date! : today;
  const { start, end } = dayRange({ start_date: startDay, end_date: endDay }, zone);
  return { start: start!, end: end!, days: daysBetween(startDay, shiftDay(endDay, 1)), startDay, endDay };
}
export type TimeRange = ReturnType<typeof resolveTimeRange>;

function rangeOutput(range: TimeRange) {
  return { start_date: range.startDay, end_date: range.endDay, days: range.days };
}

function totalsOf(sums: UsageSums | undefined): TCallTotals {
  const value = sums ?? {
    calls: 0,
    success: 0,
    failed_upstream: 0,
    quota_exhausted: 0,
    rejected: 0,
    units: 0,
    total_response_ms: 0,
  };
  return {
    calls: value.calls,
    success: value.success,
    failed_upstream: value.failed_upstream,
    quota_exhausted: value.quota_exhausted,
    rejected: value.rejected,
    units: value.units,
    success_rate: value.calls ? Math.round((value.success / value.calls) * 10_000) / 10_000 : 0,
    avg_response_ms: value.calls ? Math.round(value.total_response_ms / value.calls) : 0,
  };
}

/** One point per day of the range, zeros where nothing was called. */
function fillTrend(range: TimeRange, rows: Array<UsageSums & { day?: string | number }>): TUsageDay[] {
  const byDay = new Map(rows.map((row) => [String(row.day), row]));
  return Array.from({ length: range.days }, (_, index) => {
    const date = shiftDay(range.startDay, index);
    const row = byDay.get(date);
    return { date, calls: row?.calls ?? 0, success: row?.success ?? 0, units: row?.units ?? 0 };
  });
}

/** Groups ranked as the reports rank them: most units, then most calls, then the newest id (the repository gives ids as numbers). */
function rankBy<K extends 'shop_ref' | 'merchant_id'>(rows: UsageRow[], key: K): Array<UsageSums & Record<K, number>> {
  return (rows.slice() as Array<UsageSums & Record<K, number>>).sort(
    (a, b) => b.units - a.units || b.calls - a.calls || b[key] - a[key],
  );
}

/** Whole days until `expiresAt`, rounded up; null without one. */
export function daysUntil(expiresAt: Date | null, now: Date): number | null {
  if (!expiresAt) return null;
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
}

function balanceOf(balance: { packages: number; unitsLeft: number; firstExpiresAt: Date | null }, now: Date) {
  return {
    active_packages: balance.packages,
    units_left: balance.unitsLeft,
    first_expires_at: balance.firstExpiresAt?.toISOString() ?? null,
    days_to_first_expiry: daysUntil(balance.firstExpiresAt, now),
  };
}

function byPlatform(rows: Array<UsageSums & { platform?: string | number }>) {
  const found = new Map(rows.map((row) => [String(row.platform), row]));
  return LOG_PLATFORMS.map((platform) => {
    const row = found.get(platform);
    return { platform, calls: row?.calls ?? 0, success: row?.success ?? 0, units: row?.units ?? 0 };
  });
}

/** A log row as its reader sees it: the package's name in `lang`, falling back to the Chinese name logged at charge time. */
function logOutput(row: LogView, lang: Lang): TApiLog {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    merchant_id: row.merchant_id,
    shop_id: row.shop_id,
    shop_name: row.shop_name,
    platform: row.platform,
    api_code: row.api_code,
    api_name: row.api_name || row.api_code,
    package_id: row.package_ref,
    package_name: pickColumn(row, 'package_name', lang),
    consume_source:
      row.package_ref === null || row.package_is_general === null
        ? null
        : row.package_is_general
          ? 'general_package'
          : 'store_package',
    status: row.status,
    charged_units: row.charged_units,
    response_ms: row.response_ms,
    source: row.source,
    cache_state: row.cache_state,
  };
}
function logDetailOutput(row: LogView, lang: Lang): TApiLogDetail {
  return {
    ...logOutput(row, lang),
    finished_at: row.finished_at?.toISOString() ?? null,
    request_params: row.request_params ?? {},
    error: row.error ?? '',
    error_code: logErrorCodeOf(row.error ?? ''),
  };
}

/**
 * What a merchant may read of a logged error: the outcome code, which the console translates. The
 * text after it is the upstream's (a vendor's error page, its internals) and is for operators only;
 * the one exception is OPEN_PARAMS_INVALID, whose text is our own message naming the parameter.
 * Text without a code (an older row) is an upstream failure as far as the merchant is told.
 */
export function merchantVisibleError(error: string): string {
  const code = logErrorCodeOf(error);
  if (code === 'OPEN_PARAMS_INVALID') return error;
  if (code !== null && (OPEN_API_LOG_ERRORS as readonly string[]).includes(code)) return code;
  return error.trim() ? 'OPEN_UPSTREAM_FAILED' : '';
}

export interface StatsInput extends TimeInput {
  platform?: Platform;
  api_code?: string;
  shop_id?: string;
  merchant_id?: number;
}
export interface LogListInput extends StatsInput {
  status?: ApiCallStatus;
  page: number;
  limit: number;
  sort_field?: ApiLogSortField;
  sort_order?: SortOrder;
}

/**
 * Traffic reports. Totals, trends and rankings read the daily roll-up (written in the transaction
 * that settles each call, so it is current to the last settled call); balances read the packages;
 * log lists read the log newest first. A merchant's calls always carry its id from the session.
 */
export function createTrafficReportService(deps: {
  repository: TrafficReportRepository;
  clock: Clock;
  /** The business time zone, whose calendar days the roll-up is keyed by and the time filters count. */
  getTimeZone: () => Promise<string>;
  isClosedDayCacheOff?: boolean;
}) {
  const { repository, clock, getTimeZone } = deps;
  const reader = createUsageReader({ repository, now: () => clock.now(), getTimeZone });
  const readOpen = (filter: UsageFilter, sets: UsageKey[][]) => repository.sumUsageSets(filter, sets, 'daily');
  const usage = deps.isClosedDayCacheOff
    ? reader
    : createClosedDayCache({ readClosed: reader.sumUsageSets, readOpen, now: () => clock.now(), getTimeZone });
  const timeRange = async (input: TimeInput, now: Date) => resolveTimeRange(input, now, await getTimeZone());

  function usageFilter(range: TimeRange, input: StatsInput, scope: TenantScope): UsageFilter {
    return {
      scope,
      merchantId: input.merchant_id,
      shopId: input.shop_id,
      platform: input.platform,
      apiCode: input.api_code || undefined,
      startDay: range.startDay,
      endDay: range.endDay,
    };
  }
  function logFilter(range: TimeRange, input: LogListInput, scope: TenantScope): LogFilter {
    return {
      scope,
      merchantId: input.merchant_id,
      shopId: input.shop_id,
      platform: input.platform,
      apiCode: input.api_code || undefined,
      status: input.status,
      start: range.start,
      end: range.end,
    };
  }

  async function apiStats(input: StatsInput, scope: TenantScope): Promise<TApiStatsOutput> {
    const range = await timeRange(input, clock.now());
    const filter = usageFilter(range, input, scope);
    const [[rows, [sums], trend], apis] = await Promise.all([
      usage.sumUsageSets(filter, [['platform', 'api_code'], [], ['day']]),
      repository.listApis(),
    ]);
    const names = new Map(apis.map((api) => [`${api.platform}/${api.code}`, api.name]));
    const platformOrder = (platform: string) => LOG_PLATFORMS.indexOf(platform as Platform);
    const list = rows
      .map((row) => ({
        ...totalsOf(row),
        platform: String(row.platform) as Platform,
        api_code: String(row.api_code),
        api_name: names.get(`${row.platform}/${row.api_code}`) ?? String(row.api_code),
      }))
      .sort(
        (a, b) =>
          b.calls - a.calls ||
          platformOrder(a.platform) - platformOrder(b.platform) ||
          a.api_code.localeCompare(b.api_code),
      );
    return { range: rangeOutput(range), list, totals: totalsOf(sums), trend: fillTrend(range, trend) };
  }

  async function listLogs(input: LogListInput, scope: TenantScope) {
    const range = await timeRange(input, clock.now());
    const filter = logFilter(range, input, scope);
    const [rows, count] = await Promise.all([
      repository.listLogs(
        filter,
        { limit: input.limit, offset: (input.page - 1) * input.limit },
        listSort(input)?.order ?? 'descend',
      ),
      repository.countLogs(filter),
    ]);
    return { rows, total: count.total, is_total_estimated: count.isEstimated };
  }

  /** Merchants' usage rows with their account and name. */
  async function describeMerchants(rows: Array<UsageSums & { merchant_id: number }>): Promise<TMerchantUsage[]> {
    const people = await repository.findMerchants(rows.map((row) => row.merchant_id));
    return rows.map((row) => {
      const totals = totalsOf(row);
      return {
        merchant_id: row.merchant_id,
        merchant_account: people.get(row.merchant_id)?.account ?? '',
        merchant_name: people.get(row.merchant_id)?.name ?? '',
        calls: totals.calls,
        success: totals.success,
        units: totals.units,
        success_rate: totals.success_rate,
      };
    });
  }

  return {
    async merchantDashboard(
      merchantId: number,
      input: TimeInput & { shop_id?: string },
    ): Promise<TMerchantTrafficDashboard> {
      const now = clock.now();
      const range = await timeRange(input, now);
      const scope = merchantScope(merchantId);
      const filter = usageFilter(range, input, scope);
      const [[[sums], trend, platforms, storeRows, callers], balance] = await Promise.all([
        usage.sumUsageSets(filter, [[], ['day'], ['platform'], ['shop_ref'], ['source']]),
        repository.packageBalance(now, scope),
      ]);
      const stores = rankBy(storeRows, 'shop_ref').slice(0, 20);
      const names = await repository.findShops(
        stores.map((row) => row.shop_ref),
        scope,
      );
      return {
        range: rangeOutput(range),
        totals: totalsOf(sums),
        balance: balanceOf(balance, now),
        trend: fillTrend(range, trend),
        by_platform: byPlatform(platforms),
        by_store: stores.map((row) => ({
          shop_id: names.get(row.shop_ref)?.shop_id ?? '',
          shop_name: names.get(row.shop_ref)?.shop_name ?? '',
          calls: row.calls,
          success: row.success,
          units: row.units,
        })),
        by_caller: API_CALL_SOURCES.map((source) => {
          const row = callers.find((each) => each.source === source);
          return { source, calls: row?.calls ?? 0, success: row?.success ?? 0, units: row?.units ?? 0 };
        }),
      };
    },

    merchantApiStats: (merchantId: number, input: StatsInput) => apiStats(input, merchantScope(merchantId)),

    /** Every store of the merchant (not the unpaid ones), busiest first, with its usage and its own packages' units left. */
    async merchantStoreUsage(
      merchantId: number,
      input: TimeInput & { platform?: Platform; page: number; limit: number },
    ) {
      const now = clock.now();
      const range = await timeRange(input, now);
      const [shopList, [storeRows]] = await Promise.all([
        repository.listMerchantShops(merchantId),
        usage.sumUsageSets(usageFilter(range, input, merchantScope(merchantId)), [['shop_ref']]),
      ]);
      const usageByShop = new Map(storeRows.map((row) => [Number(row.shop_ref), row]));
      const ranked = shopList
        .map((shop) => ({ shop, totals: totalsOf(usageByShop.get(shop.id)) }))
        .sort((a, b) => b.totals.units - a.totals.units || b.totals.calls - a.totals.calls || b.shop.id - a.shop.id);
      const pageRows = ranked.slice((input.page - 1) * input.limit, input.page * input.limit);
      const unitsLeft = await repository.storeUnitsLeft(
        now,
        merchantId,
        pageRows.map((row) => row.shop.id),
      );
      const list: TStoreUsageRow[] = pageRows.map(({ shop, totals }) => ({
        ...totals,
        shop_id: shop.shop_id,
        shop_name: shop.shop_name,
        store_units_left: unitsLeft.get(shop.id) ?? 0,
      }));
      return { range: rangeOutput(range), list, total: ranked.length };
    },

    /** The filters' options; the merchant's own stores for a merchant, none for the operator. */
    async apiEnum(scope: TenantScope): Promise<TApiEnum> {
      const [platforms, apis, shopList] = await Promise.all([
        repository.listPlatforms(),
        repository.listApis(),
        scope.kind === 'merchant' ? repository.listMerchantShops(scope.merchantId) : Promise.resolve([]),
      ]);
      const known = new Map(platforms.map((row) => [row.platform, row]));
      return {
        // Every §9 platform, in the spec's order, even one without a data source yet.
        platforms: LOG_PLATFORMS.map((platform) => ({
          value: platform,
          name: known.get(platform)?.name ?? platform,
          is_enabled: known.get(platform)?.is_enabled ?? false,
        })),
        apis: apis.map((api) => ({
          platform: api.platform,
          code: api.code,
          name: api.name,
          cost: api.cost,
          is_enabled: api.is_enabled,
        })),
        statuses: [...API_CALL_STATUSES],
        time_ranges: [...TIME_FILTERS],
        stores: shopList.map((shop) => ({ shop_id: shop.shop_id, shop_name: shop.shop_name })),
      };
    },

    async merchantListLogs(merchantId: number, input: LogListInput, lang: Lang) {
      const { rows, total, is_total_estimated } = await listLogs(input, merchantScope(merchantId));
      return { list: rows.map((row) => logOutput(row, lang)), total, is_total_estimated };
    },
    async merchantLogDetail(merchantId: number, id: number, lang: Lang): Promise<TApiLogDetail> {
      const row = await repository.findLog(id, merchantScope(merchantId));
      // Another merchant's row reads as missing: its existence is not the caller's to learn.
      if (!row) throw new AppError('NOT_FOUND');
      const detail = logDetailOutput(row, lang);
      const error = merchantVisibleError(detail.error);
      return { ...detail, error, error_code: logErrorCodeOf(error) };
    },

    async adminDashboard(input: TimeInput): Promise<TAdminTrafficDashboard> {
      const now = clock.now();
      const range = await timeRange(input, now);
      const filter = usageFilter(range, input, operatorScope);
      const [[[sums], trend, platforms, merchantRows, storeRows], balance] = await Promise.all([
        usage.sumUsageSets(filter, [[], ['day'], ['platform'], ['merchant_id'], ['shop_ref']]),
        repository.packageBalance(now, operatorScope),
      ]);
      const top = await describeMerchants(rankBy(merchantRows, 'merchant_id').slice(0, 10));
      return {
        range: rangeOutput(range),
        totals: totalsOf(sums),
        active_merchants: merchantRows.length,
        active_stores: storeRows.length,
        balance: balanceOf(balance, now),
        trend: fillTrend(range, trend),
        by_platform: byPlatform(platforms),
        top_merchants: top,
      };
    },

    async adminPlatformStats(input: TimeInput & { merchant_id?: number }) {
      const range = await timeRange(input, clock.now());
      const filter = usageFilter(range, input, operatorScope);
      const [[rows, [sums]], platforms] = await Promise.all([
        usage.sumUsageSets(filter, [['platform'], []]),
        repository.listPlatforms(),
      ]);
      const found = new Map(rows.map((row) => [String(row.platform), row]));
      const sources = new Map(platforms.map((row) => [row.platform, row]));
      return {
        range: rangeOutput(range),
        list: LOG_PLATFORMS.map((platform) => ({
          ...totalsOf(found.get(platform)),
          platform,
          name: sources.get(platform)?.name ?? platform,
          is_enabled: sources.get(platform)?.is_enabled ?? false,
        })),
        totals: totalsOf(sums),
      };
    },

    async adminMerchantStats(input: TimeInput & { platform?: Platform; page: number; limit: number }) {
      const range = await timeRange(input, clock.now());
      const [merchantRows] = await usage.sumUsageSets(usageFilter(range, input, operatorScope), [['merchant_id']]);
      const ranked = rankBy(merchantRows, 'merchant_id');
      const page = ranked.slice((input.page - 1) * input.limit, input.page * input.limit);
      return { range: rangeOutput(range), list: await describeMerchants(page), total: ranked.length };
    },

    adminApiStats: (input: StatsInput) => apiStats(input, operatorScope),

    async adminListLogs(input: LogListInput, lang: Lang) {
      const { rows, total, is_total_estimated } = await listLogs(input, operatorScope);
      const list: TAdminApiLog[] = rows.map((row) => ({
        ...logOutput(row, lang),
        merchant_account: row.merchant_account,
        merchant_name: row.merchant_name,
      }));
      return { list, total, is_total_estimated };
    },
    async adminLogDetail(id: number, lang: Lang): Promise<TAdminApiLogDetail> {
      const row = await repository.findLog(id, operatorScope);
      if (!row) throw new AppError('NOT_FOUND');
      return {
        ...logDetailOutput(row, lang),
        merchant_account: row.merchant_account,
        merchant_name: row.merchant_name,
      };
    },
  };
}
export type TrafficReportService = ReturnType<typeof createTrafficReportService>;
