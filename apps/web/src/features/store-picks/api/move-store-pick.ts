import type { CallInput } from '@parlour/contract/call';
import { merchantStorePickMove } from '@parlour/contract/calls/store-picks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { storePicksQueryOptions } from './get-store-picks';

/** Moves one of the store's picks a place up or down; the answer is the store's picks. */
export function moveStorePick(input: CallInput<typeof merchantStorePickMove>) {
  return callApi(merchantStorePickMove, input);
}

export function useMoveStorePick() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveStorePick,
    onSuccess: (picks) => queryClient.setQueryData(storePicksQueryOptions(picks.shop_id).queryKey, picks),
  });
}
