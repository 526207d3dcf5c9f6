import { merchantSetShopPluginStatus, type TShopPluginStatusInput } from '@parlour/contract/calls/plugin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantPluginsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Enables or disables a plugin on one of the merchant's stores (disabling keeps the purchase). */
export function setShopPluginStatus(input: TShopPluginStatusInput) {
  return callApi(merchantSetShopPluginStatus, input);
}

export function useSetShopPluginStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setShopPluginStatus,
    // Not awaited (as in add-shop-plugin): the answer frees the button at once; the lists follow when read again.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: merchantPluginsKey });
    },
  });
}
