import { merchantBuyerGuideDetail } from '@parlour/contract/calls/plugin-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantPluginsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** One of the merchant's stores' buyer's guide in both languages (the buyer_guide plugin's settings). */
export function getBuyerGuide(shopId: string) {
  return callApi(merchantBuyerGuideDetail, { shop_id: shopId });
}

export function buyerGuideQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: [...merchantPluginsKey, 'settings', 'buyer-guide', shopId],
    queryFn: () => getBuyerGuide(shopId),
  });
}

export function useBuyerGuide(shopId: string) {
  return useQuery(buyerGuideQueryOptions(shopId));
}
