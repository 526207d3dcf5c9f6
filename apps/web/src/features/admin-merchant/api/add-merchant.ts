import { adminAddMerchant, type TMerchantAddInput } from '@parlour/contract/calls/merchant-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminMerchantsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Adds a merchant with an email or phone and a password under the registration rules. */
export function addMerchant(input: TMerchantAddInput) {
  return callApi(adminAddMerchant, input);
}

export function useAddMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMerchant,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminMerchantsKey }),
  });
}
