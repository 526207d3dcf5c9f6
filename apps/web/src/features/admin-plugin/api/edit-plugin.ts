import { adminEditPlugin, type TPluginEditInput } from '@parlour/contract/calls/plugin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPluginsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Replaces a plugin's fields (never its code); stores that have it keep it. */
export function editPlugin(input: TPluginEditInput) {
  return callApi(adminEditPlugin, input);
}

export function useEditPlugin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editPlugin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPluginsKey }),
  });
}
