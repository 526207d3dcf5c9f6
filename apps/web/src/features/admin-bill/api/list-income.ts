import { adminListIncome, type TAdminBillListInput } from '@parlour/contract/calls/bill';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminBillsKey } from './query-keys';

/** Paid bills by paid time, with the total amount of everything the filter matches. */
export function listIncome(input: TAdminBillListInput) {
  return callApi(adminListIncome, input);
}

export function useIncome(input: TAdminBillListInput) {
  return useQuery({ queryKey: [...adminBillsKey, 'income', input], queryFn: () => listIncome(input), placeholderData: keepPreviousData });
}
