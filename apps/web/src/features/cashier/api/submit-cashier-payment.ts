import { cashierSubmit } from '@parlour/contract/calls/bill';
import { ErrorCode } from '@parlour/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { getCashierBillQueryOptions } from './get-cashier-bill';

type Outcome = 'paid' | 'failed';

/**
 * Pays the bill, or simulates a failed payment (the API then answers "payment failed"; the page
 * shows that itself, next to the buttons).
 */
export function submitCashierPayment(billNo: string, token: string, outcome: Outcome) {
  return callApi(cashierSubmit, { bill_no: billNo, token, outcome }, { skipErrorHandler: [ErrorCode.PAYMENT_FAILED] });
}

export function useSubmitCashierPayment(billNo: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: Outcome) => submitCashierPayment(billNo, token, outcome),
    onSuccess: (bill) => queryClient.setQueryData(getCashierBillQueryOptions(billNo, token).queryKey, bill),
  });
}
