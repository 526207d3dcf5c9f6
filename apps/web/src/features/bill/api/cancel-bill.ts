import { merchantCancelBill } from '@parlour/contract/calls/bill';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantBillsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Cancels an unpaid bill. */
export function cancelBill(billNo: string) {
  return callApi(merchantCancelBill, { bill_no: billNo });
}

export function useCancelBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantBillsKey }),
  });
}
