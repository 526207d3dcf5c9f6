import { merchantApiLogDetail } from '@parlour/contract/calls/traffic-report';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantTrafficReportKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** One call with its request parameters and upstream error. */
export function getApiLogDetail(id: number) {
  return callApi(merchantApiLogDetail, { id });
}

export function getApiLogDetailQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: [...merchantTrafficReportKey, 'log', id],
    queryFn: () => getApiLogDetail(id!),
    enabled: id !== null,
  });
}

export function useApiLogDetail(id: number | null) {
  return useQuery(getApiLogDetailQueryOptions(id));
}
