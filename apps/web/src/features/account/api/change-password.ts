import {
  adminChangePassword,
  merchantChangePassword,
  type TChangePasswordInput,
} from '@parlour/contract/calls/account-security';
import type { Role } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountSessionsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

const changeCalls = { merchant: merchantChangePassword, admin: adminChangePassword } as const;

/**
 * Changes the user's password with the current one; every other session ends. A refused field
 * (a wrong current password) is left to the form, which shows it on the field.
 */
export function changePassword(role: Role, input: TChangePasswordInput) {
  return callApi(changeCalls[role], input, { skipErrorHandler: [ErrorCode.VALIDATION_FAILED] });
}

export function useChangePassword(role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TChangePasswordInput) => changePassword(role, input),
    // Other sessions ended: the sessions list changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}
