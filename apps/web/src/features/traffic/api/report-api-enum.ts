import { merchantApiEnum } from '@parlour/contract/calls/traffic-report';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { trafficReportKey } from './report-query-keys';

/** Options of the traffic filters: platforms, APIs, statuses and the merchant's stores. */
export function getApiEnum() {
  return callApi(merchantApiEnum, {});
}

export function useApiEnum() {
  return useQuery({ queryKey: [...trafficReportKey, 'api-enum'], queryFn: getApiEnum, staleTime: 60_000 });
}
