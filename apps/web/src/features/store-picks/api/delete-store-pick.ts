import type { CallInput } from '@parlour/contract/call';
import { merchantStorePickDelete } from '@parlour/contract/calls/store-picks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { storePicksQueryOptions } from './get-store-picks';

/** Removes one of the store's picks; the answer is the store's picks. */
export function deleteStorePick(input: CallInput<typeof merchantStorePickDelete>) {
  return callApi(merchantStorePickDelete, input);
}

export function useDeleteStorePick() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStorePick,
    onSuccess: (picks) => queryClient.setQueryData(storePicksQueryOptions(picks.shop_id).queryKey, picks),
  });
}
