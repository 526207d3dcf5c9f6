import { adminTrafficDashboard } from '@parlour/contract/calls/traffic-report';
import type { CallInput } from '@parlour/contract/call';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminTrafficReportKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

type Input = CallInput<typeof adminTrafficDashboard>;

/** Platform-wide calls, success rate, active merchants, units left, daily usage, platforms and top merchants. */
export function getAdminTrafficDashboard(input: Input) {
  return callApi(adminTrafficDashboard, input);
}

export function getAdminTrafficDashboardQueryOptions(input: Input) {
  return queryOptions({
    queryKey: [...adminTrafficReportKey, 'report-dashboard', input],
    queryFn: () => getAdminTrafficDashboard(input),
    placeholderData: keepPreviousData,
  });
}

export function useAdminTrafficDashboard(input: Input) {
  return useQuery(getAdminTrafficDashboardQueryOptions(input));
}
