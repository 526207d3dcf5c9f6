import { adminIncomeTrend } from '@parlour/contract/calls/bill';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminBillsKey } from './query-keys';

/** Income (sum of paid bills, minor units) and the number of paid bills per day. */
export function getIncomeTrend(input: TDateRangeInput) {
  return callApi(adminIncomeTrend, input);
}

export function useIncomeTrend(input: TDateRangeInput) {
  return useQuery({ queryKey: [...adminBillsKey, 'income-trend', input], queryFn: () => getIncomeTrend(input), placeholderData: keepPreviousData });
}
