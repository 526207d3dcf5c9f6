import { adminAddPlugin, type TPluginAddInput } from '@parlour/contract/calls/plugin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPluginsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Adds a plugin to the catalogue; the server sanitises its description. */
export function addPlugin(input: TPluginAddInput) {
  return callApi(adminAddPlugin, input);
}

export function useAddPlugin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPlugin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPluginsKey }),
  });
}
