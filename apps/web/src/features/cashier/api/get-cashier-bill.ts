import { cashierDetail } from '@parlour/contract/calls/bill';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** The bill behind a sandbox cashier link (no console session: the link's token vouches for it). */
export function getCashierBill(billNo: string, token: string) {
  return callApi(cashierDetail, { bill_no: billNo, token });
}

export const cashierBillQueryKey = (billNo: string) => ['cashier', billNo] as const;

export function useCashierBill(billNo: string, token: string) {
  return useQuery({
    queryKey: cashierBillQueryKey(billNo),
    queryFn: () => getCashierBill(billNo, token),
    enabled: billNo !== '' && token !== '',
  });
}
