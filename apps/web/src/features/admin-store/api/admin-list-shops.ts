import { adminListShops, type TAdminShopListInput } from '@parlour/contract/calls/store';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Stores of all merchants by tab, keyword, status and merchant, with the counts per tab. */
export function listAdminShops(input: TAdminShopListInput) {
  return callApi(adminListShops, input);
}

export function listAdminShopsQueryOptions(input: TAdminShopListInput) {
  return queryOptions({
    queryKey: [...adminShopsKey, 'list', input],
    queryFn: () => listAdminShops(input),
    // Paging and switching tabs keep the old rows (and counts) on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useAdminShops(input: TAdminShopListInput) {
  return useQuery(listAdminShopsQueryOptions(input));
}
