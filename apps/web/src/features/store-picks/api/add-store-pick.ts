import type { CallInput } from '@parlour/contract/call';
import { merchantStorePickAdd } from '@parlour/contract/calls/store-picks';
import { ErrorCode } from '@parlour/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { storePicksQueryOptions } from './get-store-picks';

/**
 * Pins an item from a pasted link or share text; the answer is the store's picks. A link that names no
 * item is shown on the field itself by the form, not as a toast.
 */
export function addStorePick(input: CallInput<typeof merchantStorePickAdd>) {
  return callApi(merchantStorePickAdd, input, { skipErrorHandler: [ErrorCode.VALIDATION_FAILED] });
}

export function useAddStorePick() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStorePick,
    onSuccess: (picks) => queryClient.setQueryData(storePicksQueryOptions(picks.shop_id).queryKey, picks),
  });
}
