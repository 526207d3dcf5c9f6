import { adminOperationsOverview } from '@parlour/contract/calls/operations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOperationsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Job counts per queue and state, providers' last errors, the operators (for the audit filter). */
export function getOperationsOverview() {
  return callApi(adminOperationsOverview, {});
}

export function operationsOverviewQueryOptions() {
  return queryOptions({ queryKey: [...adminOperationsKey, 'overview'], queryFn: getOperationsOverview });
}

export function useOperationsOverview() {
  return useQuery(operationsOverviewQueryOptions());
}
