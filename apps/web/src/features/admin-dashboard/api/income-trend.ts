import { adminIncomeTrend } from '@parlour/contract/calls/bill';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminDashboardKey } from './query-keys';

/** Income (paid bills, minor units) and paid bills per day over a date range. */
export function getIncomeTrend(input: TDateRangeInput) {
  return callApi(adminIncomeTrend, input);
}

export function useIncomeTrend(input: TDateRangeInput) {
  return useQuery({ queryKey: [...adminDashboardKey, 'income-trend', input], queryFn: () => getIncomeTrend(input), placeholderData: keepPreviousData });
}
