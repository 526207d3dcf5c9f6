import { merchantStoreShippingDetail } from '@parlour/contract/calls/store-shipping';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantPluginsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** One of the merchant's stores' shipping rate table (the shipping_estimator plugin's settings). */
export function getStoreShipping(shopId: string) {
  return callApi(merchantStoreShippingDetail, { shop_id: shopId });
}

export function storeShippingQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: [...merchantPluginsKey, 'settings', 'store-shipping', shopId],
    queryFn: () => getStoreShipping(shopId),
  });
}

export function useStoreShipping(shopId: string) {
  return useQuery(storeShippingQueryOptions(shopId));
}
