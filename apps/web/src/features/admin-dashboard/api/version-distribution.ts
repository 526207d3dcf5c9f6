import { adminShopVersionDistribution } from '@parlour/contract/calls/store';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminDashboardKey } from './query-keys';

/** Number of stores on each version. */
export function getVersionDistribution() {
  return callApi(adminShopVersionDistribution, {});
}

export function useVersionDistribution() {
  return useQuery({ queryKey: [...adminDashboardKey, 'version-distribution'], queryFn: getVersionDistribution });
}
