import { merchantListBills, type TBillListInput } from '@parlour/contract/calls/bill';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { merchantBillsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** The merchant's bills on one page, filtered. */
export function listBills(input: TBillListInput) {
  return callApi(merchantListBills, input);
}

export function listBillsQueryOptions(input: TBillListInput) {
  return queryOptions({
    queryKey: [...merchantBillsKey, input],
    queryFn: () => listBills(input),
    placeholderData: keepPreviousData,
  });
}

export function useBills(input: TBillListInput) {
  return useQuery(listBillsQueryOptions(input));
}
