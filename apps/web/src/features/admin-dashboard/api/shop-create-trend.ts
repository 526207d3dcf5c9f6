import { adminShopCreateTrend } from '@parlour/contract/calls/store';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminDashboardKey } from './query-keys';

/** Stores created per day over a date range. */
export function getShopCreateTrend(input: TDateRangeInput) {
  return callApi(adminShopCreateTrend, input);
}

export function useShopCreateTrend(input: TDateRangeInput) {
  return useQuery({ queryKey: [...adminDashboardKey, 'shop-create-trend', input], queryFn: () => getShopCreateTrend(input), placeholderData: keepPreviousData });
}
