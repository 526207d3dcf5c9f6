import { merchantListShops, type TShopListInput } from '@parlour/contract/calls/store';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { merchantShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** The merchant's stores on one tab and page, with the count of every tab. */
export function listShops(input: TShopListInput) {
  return callApi(merchantListShops, input);
}

export function listShopsQueryOptions(input: TShopListInput) {
  return queryOptions({
    queryKey: [...merchantShopsKey, input],
    queryFn: () => listShops(input),
    // Keep the previous page on screen while the next loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
  });
}

export function useShops(input: TShopListInput) {
  return useQuery(listShopsQueryOptions(input));
}
