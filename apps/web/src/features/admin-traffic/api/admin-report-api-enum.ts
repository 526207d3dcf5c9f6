import { adminApiEnum } from '@parlour/contract/calls/traffic-report';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminTrafficReportKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Options of the operator's traffic filters: platforms, APIs and statuses. */
export function getAdminApiEnum() {
  return callApi(adminApiEnum, {});
}

export function getAdminApiEnumQueryOptions() {
  return queryOptions({
    queryKey: [...adminTrafficReportKey, 'api-enum'],
    queryFn: getAdminApiEnum,
    staleTime: 60_000,
  });
}

export function useAdminApiEnum() {
  return useQuery(getAdminApiEnumQueryOptions());
}
