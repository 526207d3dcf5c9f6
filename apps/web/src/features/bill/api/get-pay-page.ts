import { merchantPayPage } from '@parlour/contract/calls/bill';
import type { PayMethod } from '@parlour/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leavePageFor } from '@/lib/leave-page';
import { merchantBillsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Where to pay an unpaid bill, with the chosen pay method. An expired bill answers "order expired" (shown by the request layer). */
export function getPayPage(billNo: string, payMethod?: PayMethod) {
  return callApi(merchantPayPage, { bill_no: billNo, pay_method: payMethod });
}

/** Opens the cashier of a bill in this tab. A failure (the bill expired meanwhile) refreshes the list. */
export function usePayBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ billNo, payMethod }: { billNo: string; payMethod?: PayMethod }) => {
      const { pay_url: payUrl } = await getPayPage(billNo, payMethod);
      leavePageFor(payUrl);
      return payUrl;
    },
    onError: () => queryClient.invalidateQueries({ queryKey: merchantBillsKey }),
  });
}
