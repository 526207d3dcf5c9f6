import { merchantListBills, type TBillListInput } from '@parlour/contract/calls/bill';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** The merchant's bills on one page, filtered. */
export function listBills(input: TBillListInput) {
  return callApi(merchantListBills, input);
}

/** Every cached bill list: paying or cancelling a bill invalidates this. */
export const billListQueryKey = ['bill', 'list'] as const;

export function useBills(input: TBillListInput) {
  return useQuery({ queryKey: [...billListQueryKey, input], queryFn: () => listBills(input), placeholderData: keepPreviousData });
}
