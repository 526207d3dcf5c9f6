import type { CallInput } from '@parlour/contract/call';
import { merchantStorePricingEdit } from '@parlour/contract/calls/store-pricing';
import { ErrorCode } from '@parlour/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { storePricingQueryOptions } from './get-store-pricing';

export type TStorePricingEditInput = CallInput<typeof merchantStorePricingEdit>;

/**
 * Saves a store's pricing; the answer is the pricing as saved. A refused field is shown on the
 * field itself by the form, not as a toast.
 */
export function editStorePricing(input: TStorePricingEditInput) {
  return callApi(merchantStorePricingEdit, input, { skipErrorHandler: [ErrorCode.VALIDATION_FAILED] });
}

export function useEditStorePricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editStorePricing,
    onSuccess: (saved) => queryClient.setQueryData(storePricingQueryOptions(saved.shop_id).queryKey, saved),
  });
}
