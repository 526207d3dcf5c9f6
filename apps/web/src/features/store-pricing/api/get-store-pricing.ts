import { merchantStorePricingDetail } from '@parlour/contract/calls/store-pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** One of the merchant's stores' pricing, with the platform's published rates to compare with. */
export function getStorePricing(shopId: string) {
  return callApi(merchantStorePricingDetail, { shop_id: shopId });
}

export function storePricingQueryOptions(shopId: string) {
  // Under the store list's root: a change to the store refreshes its pricing too.
  return queryOptions({
    queryKey: [...merchantShopsKey, 'store-pricing', shopId],
    queryFn: () => getStorePricing(shopId),
  });
}

export function useStorePricing(shopId: string) {
  return useQuery(storePricingQueryOptions(shopId));
}
