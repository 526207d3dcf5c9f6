import { API_CALL_STATUSES } from '@parlour/contract/calls/traffic-report';
import { LOG_PLATFORMS, TIME_FILTERS } from '@parlour/contract/constants';
import type { TrafficFilter } from './traffic-filters';
import { DEFAULT_TRAFFIC_TIME } from './traffic-time-filter';
import { useListUrlState } from './use-list-url-state';

/** The traffic filter as the URL carries it: the default time range is left out. */
type TrafficUrlFilter = Omit<TrafficFilter, 'time_range'> & { time_range?: TrafficFilter['time_range'] };

const FILTER_KEYS = [
  'time_range',
  'start_date',
  'end_date',
  'platform',
  'api_code',
  'status',
  'shop_id',
  'merchant_id',
] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/**
 * The filter in the URL (`?time_range=custom&start_date=…&platform=taobao&status=success&shop_id=…`);
 * a value out of range is dropped, and a custom range without both days is the default range.
 */
export function trafficFilterFromQuery(params: URLSearchParams): TrafficFilter {
  const start = params.get('start_date') ?? '';
  const end = params.get('end_date') ?? '';
  const requested = oneOf(TIME_FILTERS, params.get('time_range'));
  const isCustom = requested === 'custom' && DAY.test(start) && DAY.test(end) && start <= end;
  const merchantId = Number(params.get('merchant_id'));
  return {
    ...(isCustom
      ? { time_range: 'custom', start_date: start, end_date: end }
      : { time_range: requested && requested !== 'custom' ? requested : DEFAULT_TRAFFIC_TIME.time_range }),
    platform: oneOf(LOG_PLATFORMS, params.get('platform')),
    api_code: params.get('api_code') || undefined,
    status: oneOf(API_CALL_STATUSES, params.get('status')),
    shop_id: params.get('shop_id') || undefined,
    merchant_id: Number.isInteger(merchantId) && merchantId > 0 ? merchantId : undefined,
  };
}

/**
 * The state of a traffic list or report — its filter, and the sort and page of its list — in the
 * URL (useListUrlState), so back, forward, reload and a shared link show the same figures.
 */
export function useTrafficListState<Field extends string = string>(
  options: { defaultPageSize?: number; sortFields?: readonly Field[] } = {},
) {
  const list = useListUrlState<TrafficUrlFilter, Field>({
    filterKeys: FILTER_KEYS,
    parseFilter: trafficFilterFromQuery,
    ...options,
  });
  return {
    ...list,
    filter: list.filter as TrafficFilter,
    setFilter: (next: TrafficFilter) =>
      list.setFilter({
        ...next,
        time_range: next.time_range === DEFAULT_TRAFFIC_TIME.time_range ? undefined : next.time_range,
      }),
  };
}
