import { merchantAddShopPlugin, type TPluginPurchaseInput } from '@parlour/contract/calls/plugin';
import { ErrorCode } from '@parlour/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leavePageFor } from '@/lib/leave-page';
import { merchantBillsKey, merchantPluginsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/**
 * Takes a plugin for a store: a free one or a trial installs at once; a paid one answers its bill
 * and where to pay it. "Order exists" is handled by the page (it offers that bill).
 */
export function addShopPlugin(input: TPluginPurchaseInput) {
  return callApi(merchantAddShopPlugin, input, { skipErrorHandler: [ErrorCode.ORDER_EXISTS] });
}

/** Takes a plugin; a paid one then goes to the cashier, which returns to the store's plugins. */
export function useAddShopPlugin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addShopPlugin,
    onSuccess: ({ payment }) => {
      void queryClient.invalidateQueries({ queryKey: merchantPluginsKey });
      if (payment) {
        void queryClient.invalidateQueries({ queryKey: merchantBillsKey });
        leavePageFor(payment.pay_url);
      }
    },
  });
}
