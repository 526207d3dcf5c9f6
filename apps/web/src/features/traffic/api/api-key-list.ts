import { merchantListShopKeys } from '@parlour/contract/calls/open-core';
import type { TPageInput } from '@parlour/contract/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { shopKeysKey } from './api-key-query-keys';

/** The merchant's stores with their API keys masked. */
export function listShopKeys(input: TPageInput) {
  return callApi(merchantListShopKeys, input);
}
export function useShopKeys(input: TPageInput) {
  return useQuery({ queryKey: [...shopKeysKey, input], queryFn: () => listShopKeys(input), placeholderData: keepPreviousData });
}
