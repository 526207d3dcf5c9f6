import { adminPluginStatusLists } from '@parlour/contract/calls/plugin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** The catalogue statuses (listed, unlisted) as the server labels them, for the status filter. */
export function listPluginStatuses() {
  return callApi(adminPluginStatusLists, {});
}

export function pluginStatusListsQueryOptions() {
  // Nothing changes them: a picker's options key themselves.
  return queryOptions({ queryKey: ['admin', 'plugin-statuses'], queryFn: listPluginStatuses, staleTime: Infinity });
}

export function usePluginStatuses() {
  return useQuery(pluginStatusListsQueryOptions());
}
