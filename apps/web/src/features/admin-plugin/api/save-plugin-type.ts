import {
  adminAddPluginType,
  adminEditPluginType,
  type TPluginTypeEditInput,
  type TPluginTypeFields,
} from '@parlour/contract/calls/plugin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPluginsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Adds a plugin type (no id) or renames / reorders one. */
export function savePluginType(input: TPluginTypeFields | TPluginTypeEditInput) {
  return 'id' in input ? callApi(adminEditPluginType, input) : callApi(adminAddPluginType, input);
}

export function useSavePluginType() {
  const queryClient = useQueryClient();
  // A renamed type renames the type column of the plugin list too.
  return useMutation({
    mutationFn: savePluginType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPluginsKey }),
  });
}
