import { adminListMerchants } from '@parlour/contract/calls/merchant-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminMerchantsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** How many merchants the picker offers at once; a longer list means the keyword should be sharper. */
export const MERCHANT_PICKER_LIMIT = 20;

/** Merchants whose account, name, phone or email contains the keyword (the operator's merchant list call). */
export function searchMerchants(keyword: string) {
  return callApi(adminListMerchants, { page: 1, limit: MERCHANT_PICKER_LIMIT, ...(keyword ? { keyword } : {}) });
}

export function searchMerchantsQueryOptions(keyword: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return queryOptions({
    queryKey: [...adminMerchantsKey, 'picker', keyword],
    queryFn: () => searchMerchants(keyword),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useMerchantSearch(keyword: string, options: { isEnabled?: boolean } = {}) {
  return useQuery(searchMerchantsQueryOptions(keyword, options));
}
