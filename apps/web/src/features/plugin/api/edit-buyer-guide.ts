import type { CallInput } from '@parlour/contract/call';
import { merchantBuyerGuideEdit } from '@parlour/contract/calls/plugin-settings';
import { ErrorCode } from '@parlour/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { buyerGuideQueryOptions } from './get-buyer-guide';

/** Saves a store's buyer's guide; a refused field is shown on the field itself by the form, not as a toast. */
export function editBuyerGuide(input: CallInput<typeof merchantBuyerGuideEdit>) {
  return callApi(merchantBuyerGuideEdit, input, { skipErrorHandler: [ErrorCode.VALIDATION_FAILED] });
}

export function useEditBuyerGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editBuyerGuide,
    onSuccess: (saved) => queryClient.setQueryData(buyerGuideQueryOptions(saved.shop_id).queryKey, saved),
  });
}
