import { adminAddShop, type TAdminShopAddInput } from '@parlour/contract/calls/store';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBillsKey, adminShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Adds a store for a merchant, on trial or paid offline (then recorded as a paid bill). */
export function addShop(input: TAdminShopAddInput) {
  return callApi(adminAddShop, input);
}

export function useAddShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addShop,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminShopsKey });
      void queryClient.invalidateQueries({ queryKey: adminBillsKey });
    },
  });
}
