import { adminApiLogDetail } from '@parlour/contract/calls/traffic-report';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminTrafficReportKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** One call with its merchant, request parameters and upstream error. */
export function getAdminApiLogDetail(id: number) {
  return callApi(adminApiLogDetail, { id });
}

export function getAdminApiLogDetailQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: [...adminTrafficReportKey, 'log', id],
    queryFn: () => getAdminApiLogDetail(id!),
    enabled: id !== null,
  });
}

export function useAdminApiLogDetail(id: number | null) {
  return useQuery(getAdminApiLogDetailQueryOptions(id));
}
