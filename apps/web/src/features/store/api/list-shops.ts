import { merchantListShops, type TShopListInput } from '@parlour/contract/calls/store';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** The merchant's stores on one tab and page, with the count of every tab. */
export function listShops(input: TShopListInput) {
  return callApi(merchantListShops, input);
}

/** Every cached store list: the calls that change a store invalidate this. */
export const shopListQueryKey = ['store', 'list'] as const;

export function useShops(input: TShopListInput) {
  return useQuery({
    queryKey: [...shopListQueryKey, input],
    queryFn: () => listShops(input),
    // Keep the previous page on screen while the next loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
  });
}
