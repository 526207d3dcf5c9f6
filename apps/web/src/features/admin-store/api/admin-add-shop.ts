import { adminAddShop, type TAdminShopAddInput } from '@parlour/contract/calls/store';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBillsKey, adminShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';
import { SHOP_ID_FIELD_ERRORS } from '@/lib/shop-id-errors';

/** Adds a store for a merchant, on trial or paid offline (then recorded as a paid bill). */
export function addAdminShop(input: TAdminShopAddInput) {
  // A taken or reserved store ID is shown on its field by the form, not as a toast.
  return callApi(adminAddShop, input, { skipErrorHandler: SHOP_ID_FIELD_ERRORS });
}

export function useAddAdminShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAdminShop,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminShopsKey });
      void queryClient.invalidateQueries({ queryKey: adminBillsKey });
    },
  });
}
