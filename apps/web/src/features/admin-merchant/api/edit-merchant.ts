import { adminEditMerchant, type TMerchantEditInput } from '@parlour/contract/calls/merchant-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminMerchantsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Edits a merchant's profile, type, status and remark; disabling ends its sessions at once. */
export function editMerchant(input: TMerchantEditInput) {
  return callApi(adminEditMerchant, input);
}

export function useEditMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editMerchant,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminMerchantsKey }),
  });
}
