import { merchantPluginTypeLists } from '@parlour/contract/calls/plugin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** Plugin types in display order, for the market's type filter. */
export function listPluginTypes() {
  return callApi(merchantPluginTypeLists, {});
}

export function listPluginTypesQueryOptions() {
  return queryOptions({ queryKey: ['plugin', 'types'], queryFn: listPluginTypes, staleTime: 60_000 });
}

export function usePluginTypes() {
  return useQuery(listPluginTypesQueryOptions());
}
