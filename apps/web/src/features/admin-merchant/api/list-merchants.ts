import { adminListMerchants, type TMerchantListInput } from '@parlour/contract/calls/merchant-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminMerchantsKey } from './query-keys';

/** Merchants by keyword, type, status and registration date, with store count and last login. */
export function listMerchants(input: TMerchantListInput) {
  return callApi(adminListMerchants, input);
}

export function useMerchants(input: TMerchantListInput) {
  return useQuery({ queryKey: [...adminMerchantsKey, 'list', input], queryFn: () => listMerchants(input), placeholderData: keepPreviousData });
}
