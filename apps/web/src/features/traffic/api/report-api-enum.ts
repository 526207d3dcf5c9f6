import { merchantApiEnum } from '@parlour/contract/calls/traffic-report';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantTrafficReportKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Options of the traffic filters: platforms, APIs, statuses and the merchant's stores. */
export function getApiEnum() {
  return callApi(merchantApiEnum, {});
}

export function getApiEnumQueryOptions() {
  return queryOptions({ queryKey: [...merchantTrafficReportKey, 'api-enum'], queryFn: getApiEnum, staleTime: 60_000 });
}

export function useApiEnum() {
  return useQuery(getApiEnumQueryOptions());
}
