import { adminIncomeTrend } from '@parlour/contract/calls/bill';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminBillsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Income (sum of paid bills, minor units) and the number of paid bills per day: the dashboard and the bill screen show it. */
export function getIncomeTrend(input: TDateRangeInput) {
  return callApi(adminIncomeTrend, input);
}

export function getIncomeTrendQueryOptions(input: TDateRangeInput) {
  return queryOptions({
    queryKey: [...adminBillsKey, 'income-trend', input],
    queryFn: () => getIncomeTrend(input),
    placeholderData: keepPreviousData,
  });
}

export function useIncomeTrend(input: TDateRangeInput) {
  return useQuery(getIncomeTrendQueryOptions(input));
}
