import { merchantApiLogStats, type TApiStatsInput } from '@parlour/contract/calls/traffic-report';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { merchantTrafficReportKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Statistics per API and platform over the filters. */
export function getApiStats(input: TApiStatsInput) {
  return callApi(merchantApiLogStats, input);
}

export function getApiStatsQueryOptions(input: TApiStatsInput) {
  return queryOptions({
    queryKey: [...merchantTrafficReportKey, 'api-stats', input],
    queryFn: () => getApiStats(input),
    placeholderData: keepPreviousData,
  });
}

export function useApiStats(input: TApiStatsInput) {
  return useQuery(getApiStatsQueryOptions(input));
}
