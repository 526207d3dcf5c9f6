import { adminSiteConfigDetail, merchantSiteConfigDetail } from '@parlour/contract/calls/store-site-config';
import type { Role } from '@parlour/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminShopsKey, merchantShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** A store's basic config: the merchant's own store, or any store for the operator. */
export function getStoreSiteConfig(role: Role, shopId: string) {
  return callApi(role === 'merchant' ? merchantSiteConfigDetail : adminSiteConfigDetail, { shop_id: shopId });
}

export function storeSiteConfigQueryOptions(role: Role, shopId: string) {
  // Under the store lists' roots: a change to the store refreshes its config too.
  return queryOptions({
    queryKey: [...(role === 'merchant' ? merchantShopsKey : adminShopsKey), 'store-site-config', shopId],
    queryFn: () => getStoreSiteConfig(role, shopId),
  });
}

export function useStoreSiteConfig(role: Role, shopId: string) {
  return useQuery(storeSiteConfigQueryOptions(role, shopId));
}
