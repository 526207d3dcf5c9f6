import { merchantRenewShop, type TShopRenewInput } from '@parlour/contract/calls/store';
import { ErrorCode } from '@parlour/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { shopListQueryKey } from './list-shops';

/** Creates a renewal bill and answers where to pay it. "Order exists" is handled by the page (it offers that bill). */
export function renewShop(input: TShopRenewInput) {
  return callApi(merchantRenewShop, input, { skipErrorHandler: [ErrorCode.ORDER_EXISTS] });
}

export function useRenewShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewShop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopListQueryKey }),
  });
}
