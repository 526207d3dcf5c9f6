import { merchantRevealShopKey } from '@parlour/contract/calls/open-core';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** A store's whole API key, fetched only when it is copied. */
export function revealShopKey(input: { shop_id: string }) {
  return callApi(merchantRevealShopKey, input);
}
export function useRevealShopKey() {
  return useMutation({ mutationFn: revealShopKey });
}
