import { adminShopVersionDistribution } from '@parlour/contract/calls/store';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminShopsKey } from './query-keys';

/** Number of stores on each version. */
export function getShopVersionDistribution() {
  return callApi(adminShopVersionDistribution, {});
}

export function useShopVersionDistribution() {
  return useQuery({ queryKey: [...adminShopsKey, 'version-distribution'], queryFn: getShopVersionDistribution });
}
