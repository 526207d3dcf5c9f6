import { adminListShops, merchantListShops } from '@parlour/contract/calls/store';
import { MAX_PAGE_LIMIT } from '@parlour/contract/constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminShopsKey, merchantShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/**
 * The stores a store switcher (components/store-switcher) offers. Keyed under the store lists'
 * roots, so creating, renaming or renewing a store refreshes the switcher too.
 */

/** The merchant's stores, newest first (one page of the largest size: a merchant has few). */
export function merchantSwitcherShopsQueryOptions() {
  return queryOptions({
    queryKey: [...merchantShopsKey, 'switcher'],
    queryFn: () => callApi(merchantListShops, { page: 1, limit: MAX_PAGE_LIMIT }),
  });
}

/** One of the merchant's stores by its store ID, when it is not on the switcher's page. */
export function merchantSwitcherShopQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: [...merchantShopsKey, 'switcher', shopId],
    queryFn: async () =>
      (await callApi(merchantListShops, { keyword: shopId, page: 1, limit: 20 })).list.find(
        (shop) => shop.shop_id === shopId,
      ) ?? null,
    enabled: shopId !== '',
  });
}

/** Any store of the platform matching `keyword` (name or store ID), newest first. */
export function adminSwitcherShopsQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: [...adminShopsKey, 'switcher', keyword],
    queryFn: () => callApi(adminListShops, { keyword: keyword || undefined, page: 1, limit: 20 }),
    placeholderData: keepPreviousData,
  });
}

/** One store of the platform by its store ID. */
export function adminSwitcherShopQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: [...adminShopsKey, 'switcher', 'one', shopId],
    queryFn: async () =>
      (await callApi(adminListShops, { keyword: shopId, page: 1, limit: 20 })).list.find(
        (shop) => shop.shop_id === shopId,
      ) ?? null,
    enabled: shopId !== '',
  });
}
