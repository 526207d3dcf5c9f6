import { cashierDetail } from '@parlour/contract/calls/bill';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** The bill behind a sandbox cashier link (no console session: the link's token vouches for it). */
export function getCashierBill(billNo: string, token: string) {
  return callApi(cashierDetail, { bill_no: billNo, token });
}

export function getCashierBillQueryOptions(billNo: string, token: string) {
  return queryOptions({
    queryKey: ['cashier', billNo],
    queryFn: () => getCashierBill(billNo, token),
    enabled: billNo !== '' && token !== '',
  });
}

export function useCashierBill(billNo: string, token: string) {
  return useQuery(getCashierBillQueryOptions(billNo, token));
}
