import { adminShopCreateTrend } from '@parlour/contract/calls/store';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Stores created per day over a date range (both ends included): the dashboard and the store screen show it. */
export function getShopCreateTrend(input: TDateRangeInput) {
  return callApi(adminShopCreateTrend, input);
}

export function getShopCreateTrendQueryOptions(input: TDateRangeInput) {
  return queryOptions({
    queryKey: [...adminShopsKey, 'create-trend', input],
    queryFn: () => getShopCreateTrend(input),
    placeholderData: keepPreviousData,
  });
}

export function useShopCreateTrend(input: TDateRangeInput) {
  return useQuery(getShopCreateTrendQueryOptions(input));
}
