import { merchantAddShop, type TShopCreateFields } from '@parlour/contract/calls/store';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';
import { SHOP_ID_FIELD_ERRORS } from '@/lib/shop-id-errors';

/** Creates a trial store. A taken or reserved store ID is shown on its field by the form, not as a toast. */
export function addShop(input: TShopCreateFields) {
  return callApi(merchantAddShop, input, { skipErrorHandler: SHOP_ID_FIELD_ERRORS });
}

export function useAddShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addShop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantShopsKey }),
  });
}
