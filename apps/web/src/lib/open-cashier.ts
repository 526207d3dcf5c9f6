import { merchantPayPage } from '@parlour/contract/calls/bill';
import type { PayMethod } from '@parlour/contract/constants';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { leavePageFor } from './leave-page';
import { callApi } from './request';

/** Where to pay an unpaid bill, with the chosen pay method. An expired bill answers "order expired" (shown by the request layer). */
export function getPayPage(billNo: string, payMethod?: PayMethod) {
  return callApi(merchantPayPage, { bill_no: billNo, pay_method: payMethod });
}

/**
 * Opens the cashier of a waiting bill in this tab (every place a merchant pays one: bills, stores,
 * traffic packages, plugins). A failure (the bill expired meanwhile) refreshes `refresh`, the list
 * that showed it. `Tag` is anything else the caller keeps with the request (a list's row being paid).
 */
export function useOpenCashier<Tag extends object = object>(refresh?: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ billNo, payMethod }: { billNo: string; payMethod?: PayMethod } & Tag) => {
      const { pay_url: payUrl } = await getPayPage(billNo, payMethod);
      leavePageFor(payUrl);
      return payUrl;
    },
    onError: () => (refresh ? queryClient.invalidateQueries({ queryKey: refresh }) : undefined),
  });
}
