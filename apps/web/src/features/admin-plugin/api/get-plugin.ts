import { adminPluginDetail } from '@parlour/contract/calls/plugin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPluginsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** One plugin with both languages of its texts, its screenshots and the stores that installed it. */
export function getPlugin(id: number) {
  return callApi(adminPluginDetail, { id });
}

export function getPluginQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: [...adminPluginsKey, 'detail', id],
    queryFn: () => getPlugin(id as number),
    enabled: id !== null,
  });
}

export function usePlugin(id: number | null) {
  return useQuery(getPluginQueryOptions(id));
}
