import { merchantForgotPassword, type TEmailForgotInput } from '@parlour/contract/calls/account';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** Sets a new password with an email code (second step of forgot password). */
export function resetPasswordByEmail(input: TEmailForgotInput) {
  return callApi(merchantForgotPassword, input);
}

export function useResetPasswordByEmail() {
  return useMutation({ mutationFn: resetPasswordByEmail });
}
