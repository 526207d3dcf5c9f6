import { merchantListShops } from '@parlour/contract/calls/store';
import { MAX_PAGE_LIMIT } from '@parlour/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

export interface PackageShopOption {
  value: string;
  label: string;
  /** On trial or operating: a store package can be bought for it. */
  isRunning: boolean;
}

/** The merchant's stores for the shop switcher and the buy dialog (at most one page of MAX_PAGE_LIMIT). */
export async function listPackageShops(): Promise<PackageShopOption[]> {
  const { list } = await callApi(merchantListShops, { tab: 'all', page: 1, limit: MAX_PAGE_LIMIT });
  return list.map((shop) => ({
    value: shop.shop_id,
    label: `${shop.shop_name} (${shop.shop_id})`,
    isRunning: shop.status === 'trial' || shop.status === 'operating',
  }));
}

export function listPackageShopsQueryOptions() {
  return queryOptions({ queryKey: ['traffic', 'package-shops'], queryFn: listPackageShops, staleTime: 60_000 });
}

export function usePackageShops() {
  return useQuery(listPackageShopsQueryOptions());
}
