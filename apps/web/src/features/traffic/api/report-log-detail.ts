import { merchantApiLogDetail } from '@parlour/contract/calls/traffic-report';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { trafficReportKey } from './report-query-keys';

/** One call with its request parameters and upstream error. */
export function getApiLogDetail(id: number) {
  return callApi(merchantApiLogDetail, { id });
}

export function useApiLogDetail(id: number | null) {
  return useQuery({ queryKey: [...trafficReportKey, 'log', id], queryFn: () => getApiLogDetail(id!), enabled: id !== null });
}
