import { merchantListShopKeys } from '@parlour/contract/calls/open-core';
import type { TPageInput } from '@parlour/contract/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { merchantShopKeysKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** The merchant's stores with their API keys masked. */
export function listShopKeys(input: TPageInput) {
  return callApi(merchantListShopKeys, input);
}
export function listShopKeysQueryOptions(input: TPageInput) {
  return queryOptions({
    queryKey: [...merchantShopKeysKey, input],
    queryFn: () => listShopKeys(input),
    placeholderData: keepPreviousData,
  });
}

export function useShopKeys(input: TPageInput) {
  return useQuery(listShopKeysQueryOptions(input));
}
