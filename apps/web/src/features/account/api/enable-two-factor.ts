import { adminTwoFactorEnable, type TTwoFactorEnableInput } from '@parlour/contract/calls/account-security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminTwoFactorKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Turns two-factor sign-in on with a first code; answers the recovery codes, shown this once. */
export function enableTwoFactor(input: TTwoFactorEnableInput) {
  return callApi(adminTwoFactorEnable, input);
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTwoFactorKey }),
  });
}
