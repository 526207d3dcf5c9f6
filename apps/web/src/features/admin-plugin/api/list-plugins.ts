import { adminListPlugins, type TAdminPluginListInput } from '@parlour/contract/calls/plugin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPluginsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** The plugin catalogue by keyword, type, status and store version; latest updated first unless sorted. */
export function listPlugins(input: TAdminPluginListInput) {
  return callApi(adminListPlugins, input);
}

export function listPluginsQueryOptions(input: TAdminPluginListInput) {
  return queryOptions({
    queryKey: [...adminPluginsKey, 'list', input],
    queryFn: () => listPlugins(input),
    placeholderData: keepPreviousData,
  });
}

export function usePlugins(input: TAdminPluginListInput) {
  return useQuery(listPluginsQueryOptions(input));
}
