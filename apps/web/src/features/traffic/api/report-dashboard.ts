import { merchantTrafficDashboard } from '@parlour/contract/calls/traffic-report';
import type { CallInput } from '@parlour/contract/call';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { trafficReportKey } from './report-query-keys';

type Input = CallInput<typeof merchantTrafficDashboard>;

/** Calls, success rate, units left, first expiry, daily usage, usage by platform and store. */
export function getTrafficDashboard(input: Input) {
  return callApi(merchantTrafficDashboard, input);
}

export function useTrafficDashboard(input: Input) {
  return useQuery({ queryKey: [...trafficReportKey, 'dashboard', input], queryFn: () => getTrafficDashboard(input), placeholderData: keepPreviousData });
}
