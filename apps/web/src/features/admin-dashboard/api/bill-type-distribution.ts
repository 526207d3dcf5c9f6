import { adminBillTypeDistribution } from '@parlour/contract/calls/bill';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminDashboardKey } from './query-keys';

/** Paid bills and income per bill type over a date range. */
export function getBillTypeDistribution(input: TDateRangeInput) {
  return callApi(adminBillTypeDistribution, input);
}

export function useBillTypeDistribution(input: TDateRangeInput) {
  return useQuery({ queryKey: [...adminDashboardKey, 'bill-type-distribution', input], queryFn: () => getBillTypeDistribution(input), placeholderData: keepPreviousData });
}
