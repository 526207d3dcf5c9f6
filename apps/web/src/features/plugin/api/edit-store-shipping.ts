import type { CallInput } from '@parlour/contract/call';
import { merchantStoreShippingEdit } from '@parlour/contract/calls/store-shipping';
import { ErrorCode } from '@parlour/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { storeShippingQueryOptions } from './get-store-shipping';

/** Saves a store's shipping rate table (whole); a refused field is shown on the field itself by the form, not as a toast. */
export function editStoreShipping(input: CallInput<typeof merchantStoreShippingEdit>) {
  return callApi(merchantStoreShippingEdit, input, { skipErrorHandler: [ErrorCode.VALIDATION_FAILED] });
}

export function useEditStoreShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editStoreShipping,
    onSuccess: (saved) => queryClient.setQueryData(storeShippingQueryOptions(saved.shop_id).queryKey, saved),
  });
}
