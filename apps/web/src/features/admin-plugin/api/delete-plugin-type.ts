import { adminDeletePluginType } from '@parlour/contract/calls/plugin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPluginTypesKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Deletes a plugin type no plugin uses (the server refuses one in use). */
export function deletePluginType(id: number) {
  return callApi(adminDeletePluginType, { id });
}

export function useDeletePluginType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePluginType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPluginTypesKey }),
  });
}
