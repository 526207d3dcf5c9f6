import { adminTrafficDashboard } from '@parlour/contract/calls/traffic-report';
import type { CallInput } from '@parlour/contract/call';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminTrafficReportKey } from './report-query-keys';

type Input = CallInput<typeof adminTrafficDashboard>;

/** Platform-wide calls, success rate, active merchants, units left, daily usage, platforms and top merchants. */
export function getAdminTrafficDashboard(input: Input) {
  return callApi(adminTrafficDashboard, input);
}

export function useAdminTrafficDashboard(input: Input) {
  return useQuery({ queryKey: [...adminTrafficReportKey, 'report-dashboard', input], queryFn: () => getAdminTrafficDashboard(input), placeholderData: keepPreviousData });
}
