import { merchantCancelBill } from '@parlour/contract/calls/bill';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { billListQueryKey } from './list-bills';

/** Cancels an unpaid bill. */
export function cancelBill(billNo: string) {
  return callApi(merchantCancelBill, { bill_no: billNo });
}

export function useCancelBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billListQueryKey }),
  });
}
