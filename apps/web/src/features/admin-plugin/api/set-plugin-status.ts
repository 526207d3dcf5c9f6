import { adminSetPluginStatus, type PluginStatus } from '@parlour/contract/calls/plugin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPluginsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Lists or unlists a plugin: an unlisted one leaves the market and stays installed where it was bought. */
export function setPluginStatus(input: { id: number; status: PluginStatus }) {
  return callApi(adminSetPluginStatus, input);
}

export function useSetPluginStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPluginStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPluginsKey }),
  });
}
