import { adminApiLogStats } from '@parlour/contract/calls/traffic-report';
import type { CallInput } from '@parlour/contract/call';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminTrafficReportKey } from './report-query-keys';

type Input = CallInput<typeof adminApiLogStats>;

/** Statistics per API and platform of all merchants. */
export function getAdminApiStats(input: Input) {
  return callApi(adminApiLogStats, input);
}

export function useAdminApiStats(input: Input) {
  return useQuery({ queryKey: [...adminTrafficReportKey, 'report-api-stats', input], queryFn: () => getAdminApiStats(input), placeholderData: keepPreviousData });
}
