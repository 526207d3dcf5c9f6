import { adminOverview } from '@parlour/contract/calls/dashboard';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminDashboardKey } from './query-keys';

/** Totals: merchants, stores by status, income this month, unpaid bills. */
export function getOverview() {
  return callApi(adminOverview, {});
}

export function useOverview() {
  return useQuery({ queryKey: [...adminDashboardKey, 'overview'], queryFn: getOverview });
}
