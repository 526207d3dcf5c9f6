import { merchantListShopPlugins, type TShopPluginListInput } from '@parlour/contract/calls/plugin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { merchantPluginsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** "My plugins": the plugins of one of the merchant's stores. */
export function listShopPlugins(input: TShopPluginListInput) {
  return callApi(merchantListShopPlugins, input);
}

export function listShopPluginsQueryOptions(input: TShopPluginListInput) {
  return queryOptions({
    queryKey: [...merchantPluginsKey, 'shop', input],
    queryFn: () => listShopPlugins(input),
    placeholderData: keepPreviousData,
  });
}

export function useShopPlugins(input: TShopPluginListInput) {
  return useQuery(listShopPluginsQueryOptions(input));
}
