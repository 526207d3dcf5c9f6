import { merchantListShops } from '@parlour/contract/calls/store';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/**
 * One of the merchant's stores by its store ID (the renewal page). There is no detail call: the
 * list's keyword matches the ID, and the exact match is picked from its answer.
 */
export async function findShop(shopId: string) {
  const { list } = await callApi(merchantListShops, { keyword: shopId, page: 1, limit: 20 });
  return list.find((shop) => shop.shop_id === shopId) ?? null;
}

export function findShopQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: [...merchantShopsKey, 'one', shopId],
    queryFn: () => findShop(shopId),
    enabled: shopId !== '',
  });
}

export function useShop(shopId: string) {
  return useQuery(findShopQueryOptions(shopId));
}
