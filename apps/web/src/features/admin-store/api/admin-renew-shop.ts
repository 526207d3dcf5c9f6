import { adminRenewShop, type TAdminShopRenewInput } from '@parlour/contract/calls/store';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBillsKey, adminShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Renews a store for a term paid offline, optionally into a higher version; the API records a paid renewal bill. */
export function renewAdminShop(input: TAdminShopRenewInput) {
  return callApi(adminRenewShop, input);
}

export function useRenewAdminShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewAdminShop,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminShopsKey });
      void queryClient.invalidateQueries({ queryKey: adminBillsKey });
    },
  });
}
