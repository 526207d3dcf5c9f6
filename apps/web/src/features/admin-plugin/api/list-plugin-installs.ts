import { adminListPluginInstalls, type TPluginInstallListInput } from '@parlour/contract/calls/plugin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPluginsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** A page of the stores that installed a plugin, newest first, with the total. */
export function listPluginInstalls(input: TPluginInstallListInput) {
  return callApi(adminListPluginInstalls, input);
}

export function usePluginInstalls(input: TPluginInstallListInput) {
  return useQuery(
    queryOptions({
      queryKey: [...adminPluginsKey, 'installs', input],
      queryFn: () => listPluginInstalls(input),
      placeholderData: keepPreviousData,
    }),
  );
}
