import { adminOverview } from '@parlour/contract/calls/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDashboardKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Totals: merchants, stores by status, income this month, unpaid bills. */
export function getOverview() {
  return callApi(adminOverview, {});
}

export function getOverviewQueryOptions() {
  return queryOptions({ queryKey: [...adminDashboardKey, 'overview'], queryFn: getOverview });
}

export function useOverview() {
  return useQuery(getOverviewQueryOptions());
}
