import { adminTwoFactorDisable, type TTwoFactorDisableInput } from '@parlour/contract/calls/account-security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminTwoFactorKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Turns two-factor sign-in off, confirmed with an authenticator or recovery code. */
export function disableTwoFactor(input: TTwoFactorDisableInput) {
  return callApi(adminTwoFactorDisable, input);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTwoFactorKey }),
  });
}
