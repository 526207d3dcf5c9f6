import { merchantPayPage } from '@parlour/contract/calls/bill';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leavePageFor } from '@/lib/leave-page';
import { merchantPackagesKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Opens the cashier of a pending package's bill. A failure (the bill expired meanwhile) refreshes the list. */
export function usePayPackageBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (billNo: string) => {
      const { pay_url: payUrl } = await callApi(merchantPayPage, { bill_no: billNo });
      leavePageFor(payUrl);
      return payUrl;
    },
    onError: () => queryClient.invalidateQueries({ queryKey: merchantPackagesKey }),
  });
}
