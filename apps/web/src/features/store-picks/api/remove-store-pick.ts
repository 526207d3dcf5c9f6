import type { CallInput } from '@parlour/contract/call';
import { merchantStorePickRemove } from '@parlour/contract/calls/store-picks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { storePicksQueryOptions } from './get-store-picks';

/** Removes one of the store's picks; the answer is the store's picks. */
export function removeStorePick(input: CallInput<typeof merchantStorePickRemove>) {
  return callApi(merchantStorePickRemove, input);
}

export function useRemoveStorePick() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeStorePick,
    onSuccess: (picks) => queryClient.setQueryData(storePicksQueryOptions(picks.shop_id).queryKey, picks),
  });
}
