import { merchantLiveChatDetail } from '@parlour/contract/calls/plugin-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantPluginsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** One of the merchant's stores' customer service channels (the live_chat plugin's settings). */
export function getLiveChat(shopId: string) {
  return callApi(merchantLiveChatDetail, { shop_id: shopId });
}

export function liveChatQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: [...merchantPluginsKey, 'settings', 'live-chat', shopId],
    queryFn: () => getLiveChat(shopId),
  });
}

export function useLiveChat(shopId: string) {
  return useQuery(liveChatQueryOptions(shopId));
}
