import { adminShopVersionDistribution } from '@parlour/contract/calls/store';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Number of stores on each version: the dashboard and the store screen show it. */
export function getShopVersionDistribution() {
  return callApi(adminShopVersionDistribution, {});
}

export function getShopVersionDistributionQueryOptions() {
  return queryOptions({ queryKey: [...adminShopsKey, 'version-distribution'], queryFn: getShopVersionDistribution });
}

export function useShopVersionDistribution() {
  return useQuery(getShopVersionDistributionQueryOptions());
}
