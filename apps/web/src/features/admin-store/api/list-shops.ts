import { adminListShops, type TAdminShopListInput } from '@parlour/contract/calls/store';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminShopsKey } from './query-keys';

/** Stores of all merchants by tab, keyword, status and merchant, with the counts per tab. */
export function listShops(input: TAdminShopListInput) {
  return callApi(adminListShops, input);
}

export function useShops(input: TAdminShopListInput) {
  return useQuery({
    queryKey: [...adminShopsKey, 'list', input],
    queryFn: () => listShops(input),
    // Paging and switching tabs keep the old rows (and counts) on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
