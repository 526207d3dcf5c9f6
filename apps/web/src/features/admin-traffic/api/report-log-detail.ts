import { adminApiLogDetail } from '@parlour/contract/calls/traffic-report';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminTrafficReportKey } from './report-query-keys';

/** One call with its merchant, request parameters and upstream error. */
export function getAdminApiLogDetail(id: number) {
  return callApi(adminApiLogDetail, { id });
}

export function useAdminApiLogDetail(id: number | null) {
  return useQuery({ queryKey: [...adminTrafficReportKey, 'log', id], queryFn: () => getAdminApiLogDetail(id!), enabled: id !== null });
}
