import { adminApiEnum } from '@parlour/contract/calls/traffic-report';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminTrafficReportKey } from './report-query-keys';

/** Options of the operator's traffic filters: platforms, APIs and statuses. */
export function getAdminApiEnum() {
  return callApi(adminApiEnum, {});
}

export function useAdminApiEnum() {
  return useQuery({ queryKey: [...adminTrafficReportKey, 'api-enum'], queryFn: getAdminApiEnum, staleTime: 60_000 });
}
