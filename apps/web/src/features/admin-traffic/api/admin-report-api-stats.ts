import { adminApiLogStats } from '@parlour/contract/calls/traffic-report';
import type { CallInput } from '@parlour/contract/call';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminTrafficReportKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

type Input = CallInput<typeof adminApiLogStats>;

/** Statistics per API and platform of all merchants. */
export function getAdminApiStats(input: Input) {
  return callApi(adminApiLogStats, input);
}

export function getAdminApiStatsQueryOptions(input: Input) {
  return queryOptions({
    queryKey: [...adminTrafficReportKey, 'report-api-stats', input],
    queryFn: () => getAdminApiStats(input),
    placeholderData: keepPreviousData,
  });
}

export function useAdminApiStats(input: Input) {
  return useQuery(getAdminApiStatsQueryOptions(input));
}
