import { merchantApiLogStats, type TApiStatsInput } from '@parlour/contract/calls/traffic-report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { trafficReportKey } from './report-query-keys';

/** Statistics per API and platform over the filters. */
export function getApiStats(input: TApiStatsInput) {
  return callApi(merchantApiLogStats, input);
}

export function useApiStats(input: TApiStatsInput) {
  return useQuery({ queryKey: [...trafficReportKey, 'api-stats', input], queryFn: () => getApiStats(input), placeholderData: keepPreviousData });
}
