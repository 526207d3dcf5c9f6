import { merchantAddShop, type TShopCreateFields } from '@parlour/contract/calls/store';
import { ErrorCode } from '@parlour/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Creates a trial store. A taken store ID is shown on its field by the form, not as a toast. */
export function addShop(input: TShopCreateFields) {
  return callApi(merchantAddShop, input, { skipErrorHandler: [ErrorCode.SHOP_ID_TAKEN] });
}

export function useAddShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addShop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantShopsKey }),
  });
}
