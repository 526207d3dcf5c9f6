import { merchantRotateShopKey } from '@parlour/contract/calls/open-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantShopKeysKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Replaces a store's API key; the old one stops working at once. */
export function rotateShopKey(input: { shop_id: string }) {
  return callApi(merchantRotateShopKey, input);
}
export function useRotateShopKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateShopKey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: merchantShopKeysKey }),
  });
}
