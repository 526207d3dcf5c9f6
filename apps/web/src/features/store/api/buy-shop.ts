import { merchantBuyShop, type TShopBuyInput } from '@parlour/contract/calls/store';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';
import { SHOP_ID_FIELD_ERRORS } from '@/lib/shop-id-errors';

/** Create and pay: creates the store (unpaid) with its bill and answers where to pay it. */
export function buyShop(input: TShopBuyInput) {
  return callApi(merchantBuyShop, input, { skipErrorHandler: SHOP_ID_FIELD_ERRORS });
}

export function useBuyShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyShop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantShopsKey }),
  });
}
