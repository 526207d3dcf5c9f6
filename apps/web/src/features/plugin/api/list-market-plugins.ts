import { merchantListMarketPlugins, type TMarketListInput } from '@parlour/contract/calls/plugin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { merchantPluginsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** The market for one of the merchant's stores: listed plugins, each with its state on that store. */
export function listMarketPlugins(input: TMarketListInput) {
  return callApi(merchantListMarketPlugins, input);
}

export function listMarketPluginsQueryOptions(input: TMarketListInput) {
  return queryOptions({
    queryKey: [...merchantPluginsKey, 'market', input],
    queryFn: () => listMarketPlugins(input),
    placeholderData: keepPreviousData,
  });
}

export function useMarketPlugins(input: TMarketListInput) {
  return useQuery(listMarketPluginsQueryOptions(input));
}
