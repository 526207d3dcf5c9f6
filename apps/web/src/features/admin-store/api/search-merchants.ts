import { adminListMerchants } from '@parlour/contract/calls/merchant-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** How many merchants the picker offers at once; a longer list means the keyword should be sharper. */
export const MERCHANT_PICKER_LIMIT = 20;

/** Merchants whose account, name, phone or email contains the keyword (the operator's merchant list call). */
export function searchMerchants(keyword: string) {
  return callApi(adminListMerchants, { page: 1, limit: MERCHANT_PICKER_LIMIT, ...(keyword ? { keyword } : {}) });
}

export function useMerchantSearch(keyword: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['admin', 'merchants', 'picker', keyword],
    queryFn: () => searchMerchants(keyword),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
