import { merchantStorePicksList } from '@parlour/contract/calls/store-picks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** One of the merchant's stores' picks, in their order. */
export function getStorePicks(shopId: string) {
  return callApi(merchantStorePicksList, { shop_id: shopId });
}

export function storePicksQueryOptions(shopId: string) {
  // Under the store list's root: a change to the store refreshes its picks too.
  return queryOptions({
    queryKey: [...merchantShopsKey, 'store-picks', shopId],
    queryFn: () => getStorePicks(shopId),
  });
}

export function useStorePicks(shopId: string) {
  return useQuery(storePicksQueryOptions(shopId));
}
