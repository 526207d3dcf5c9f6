import { adminBillTypeDistribution } from '@parlour/contract/calls/bill';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminBillsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Paid bills and income per bill type over a date range: the dashboard and the bill screen show it. */
export function getBillTypeDistribution(input: TDateRangeInput) {
  return callApi(adminBillTypeDistribution, input);
}

export function getBillTypeDistributionQueryOptions(input: TDateRangeInput) {
  return queryOptions({
    queryKey: [...adminBillsKey, 'type-distribution', input],
    queryFn: () => getBillTypeDistribution(input),
    placeholderData: keepPreviousData,
  });
}

export function useBillTypeDistribution(input: TDateRangeInput) {
  return useQuery(getBillTypeDistributionQueryOptions(input));
}
