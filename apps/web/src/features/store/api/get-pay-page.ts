import { merchantPayPage } from '@parlour/contract/calls/bill';
import type { PayMethod } from '@parlour/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { leavePageFor } from '@/lib/leave-page';
import { callApi } from '@/lib/request';

/**
 * Where to pay a store's waiting bill; the browser then goes there. (The bill feature has its own
 * copy of this call: features do not import each other.)
 */
export function getPayPage(billNo: string, payMethod?: PayMethod) {
  return callApi(merchantPayPage, { bill_no: billNo, pay_method: payMethod });
}

export function usePayBill() {
  return useMutation({
    mutationFn: async ({ billNo, payMethod }: { billNo: string; payMethod?: PayMethod; shopId?: string }) => {
      const { pay_url: payUrl } = await getPayPage(billNo, payMethod);
      leavePageFor(payUrl);
      return payUrl;
    },
  });
}
