import { adminListBills, type TAdminBillListInput } from '@parlour/contract/calls/bill';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminBillsKey } from './query-keys';

/** Bills of all merchants by status, type, channel, merchant, store, keyword and creation time. */
export function listBills(input: TAdminBillListInput) {
  return callApi(adminListBills, input);
}

export function useBills(input: TAdminBillListInput) {
  return useQuery({ queryKey: [...adminBillsKey, 'list', input], queryFn: () => listBills(input), placeholderData: keepPreviousData });
}
