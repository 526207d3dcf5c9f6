import { adminPluginTypeLists } from '@parlour/contract/calls/plugin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPluginTypesKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Every plugin type in display order: the type filter and the plugin form choose from them. */
export function listPluginTypeOptions() {
  return callApi(adminPluginTypeLists, {});
}

export function pluginTypeListsQueryOptions() {
  return queryOptions({
    queryKey: [...adminPluginTypesKey, 'options'],
    queryFn: listPluginTypeOptions,
    staleTime: 60_000,
  });
}

export function usePluginTypeOptions() {
  return useQuery(pluginTypeListsQueryOptions());
}
