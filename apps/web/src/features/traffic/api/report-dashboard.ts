import { merchantTrafficDashboard } from '@parlour/contract/calls/traffic-report';
import type { CallInput } from '@parlour/contract/call';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { merchantTrafficReportKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

type Input = CallInput<typeof merchantTrafficDashboard>;

/** Calls, success rate, units left, first expiry, daily usage, usage by platform and store. */
export function getTrafficDashboard(input: Input) {
  return callApi(merchantTrafficDashboard, input);
}

export function getTrafficDashboardQueryOptions(input: Input) {
  return queryOptions({
    queryKey: [...merchantTrafficReportKey, 'dashboard', input],
    queryFn: () => getTrafficDashboard(input),
    placeholderData: keepPreviousData,
  });
}

export function useTrafficDashboard(input: Input) {
  return useQuery(getTrafficDashboardQueryOptions(input));
}
