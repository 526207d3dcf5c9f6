import { adminListMerchants, type TMerchantListInput } from '@parlour/contract/calls/merchant-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminMerchantsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Merchants by keyword, type, status and registration date, with store count and last login. */
export function listMerchants(input: TMerchantListInput) {
  return callApi(adminListMerchants, input);
}

export function listMerchantsQueryOptions(input: TMerchantListInput) {
  return queryOptions({
    queryKey: [...adminMerchantsKey, 'list', input],
    queryFn: () => listMerchants(input),
    placeholderData: keepPreviousData,
  });
}

export function useMerchants(input: TMerchantListInput) {
  return useQuery(listMerchantsQueryOptions(input));
}
