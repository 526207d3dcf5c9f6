import { merchantListShops } from '@parlour/contract/calls/store';
import { MAX_PAGE_LIMIT } from '@parlour/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** The merchant's stores for the bill list's store filter (at most one page of MAX_PAGE_LIMIT). */
export async function listShopOptions() {
  const { list } = await callApi(merchantListShops, { tab: 'all', page: 1, limit: MAX_PAGE_LIMIT });
  return list.map((shop) => ({ value: shop.shop_id, label: `${shop.shop_name} (${shop.shop_id})` }));
}

export function listShopOptionsQueryOptions() {
  return queryOptions({ queryKey: ['bill', 'shop-options'], queryFn: listShopOptions, staleTime: 60_000 });
}

export function useShopOptions() {
  return useQuery(listShopOptionsQueryOptions());
}
