import { adminListBills, type TAdminBillListInput } from '@parlour/contract/calls/bill';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminBillsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Bills of all merchants by status, type, channel, merchant, store, keyword and creation time. */
export function listAdminBills(input: TAdminBillListInput) {
  return callApi(adminListBills, input);
}

export function listAdminBillsQueryOptions(input: TAdminBillListInput) {
  return queryOptions({
    queryKey: [...adminBillsKey, 'list', input],
    queryFn: () => listAdminBills(input),
    placeholderData: keepPreviousData,
  });
}

export function useAdminBills(input: TAdminBillListInput) {
  return useQuery(listAdminBillsQueryOptions(input));
}
