import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { adminShopCreateTrend } from '@parlour/contract/calls/store';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminShopsKey } from './query-keys';

/** Stores created per day over a date range (both ends included). */
export function getShopCreateTrend(input: TDateRangeInput) {
  return callApi(adminShopCreateTrend, input);
}

export function useShopCreateTrend(input: TDateRangeInput) {
  return useQuery({ queryKey: [...adminShopsKey, 'create-trend', input], queryFn: () => getShopCreateTrend(input), placeholderData: keepPreviousData });
}
