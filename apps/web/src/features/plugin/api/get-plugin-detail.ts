import { merchantPluginDetail } from '@parlour/contract/calls/plugin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantPluginsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** One plugin with screenshots, video, description and changelog, and its state on the selected store. */
export function getPluginDetail(id: number, shopId: string | undefined) {
  return callApi(merchantPluginDetail, { id, shop_id: shopId });
}

export function getPluginDetailQueryOptions(id: number, shopId: string | undefined) {
  return queryOptions({
    queryKey: [...merchantPluginsKey, 'detail', id, shopId ?? null],
    queryFn: () => getPluginDetail(id, shopId),
  });
}

/** The detail of plugin `id` (none while `id` is null). */
export function usePluginDetail(id: number | null, shopId: string | undefined) {
  return useQuery({ ...getPluginDetailQueryOptions(id ?? 0, shopId), enabled: id !== null });
}
