import { adminListIncome, type TAdminBillListInput } from '@parlour/contract/calls/bill';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminBillsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Paid bills by paid time, with the total amount of everything the filter matches. */
export function listIncome(input: TAdminBillListInput) {
  return callApi(adminListIncome, input);
}

export function listIncomeQueryOptions(input: TAdminBillListInput) {
  return queryOptions({
    queryKey: [...adminBillsKey, 'income', input],
    queryFn: () => listIncome(input),
    placeholderData: keepPreviousData,
  });
}

export function useIncome(input: TAdminBillListInput) {
  return useQuery(listIncomeQueryOptions(input));
}
