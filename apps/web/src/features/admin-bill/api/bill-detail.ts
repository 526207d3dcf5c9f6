import { adminBillDetail, adminRefundBill } from '@parlour/contract/calls/bill';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminBillsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** One bill with its provider's side, its refund and its payment events (newest first). */
export function getBillDetail(billNo: string) {
  return callApi(adminBillDetail, { bill_no: billNo });
}

export function billDetailQueryOptions(billNo: string) {
  return queryOptions({ queryKey: [...adminBillsKey, 'detail', billNo], queryFn: () => getBillDetail(billNo) });
}

export function useBillDetail(billNo: string | null) {
  return useQuery({ ...billDetailQueryOptions(billNo ?? ''), enabled: billNo !== null });
}

/** Refunds a paid bill in full through its provider, with a reason; the lists and the income change with it. */
export function refundBill(input: { bill_no: string; reason: string }) {
  return callApi(adminRefundBill, input);
}

export function useRefundBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundBill,
    onSuccess: (detail) => {
      queryClient.setQueryData(billDetailQueryOptions(detail.bill_no).queryKey, detail);
      void queryClient.invalidateQueries({
        queryKey: adminBillsKey,
        predicate: (query) => query.queryKey[2] !== 'detail',
      });
    },
  });
}
