import { merchantListShops } from '@parlour/contract/calls/store';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { shopListQueryKey } from './list-shops';

/**
 * One of the merchant's stores by its store ID (the renewal page). There is no detail call: the
 * list's keyword matches the ID, and the exact match is picked from its answer.
 */
export async function findShop(shopId: string) {
  const { list } = await callApi(merchantListShops, { keyword: shopId, page: 1, limit: 20 });
  return list.find((shop) => shop.shop_id === shopId) ?? null;
}

export function useShop(shopId: string) {
  return useQuery({ queryKey: [...shopListQueryKey, 'one', shopId], queryFn: () => findShop(shopId), enabled: shopId !== '' });
}
