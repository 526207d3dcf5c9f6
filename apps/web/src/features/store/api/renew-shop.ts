import { merchantRenewShop, type TShopRenewInput } from '@parlour/contract/calls/store';
import { ErrorCode } from '@parlour/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Creates a renewal bill and answers where to pay it. "Order exists" is handled by the page (it offers that bill). */
export function renewShop(input: TShopRenewInput) {
  return callApi(merchantRenewShop, input, { skipErrorHandler: [ErrorCode.ORDER_EXISTS] });
}

export function useRenewShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewShop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantShopsKey }),
  });
}
