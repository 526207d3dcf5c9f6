import { merchantMobileForgotPassword, type TMobileForgotInput } from '@parlour/contract/calls/account';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** Sets a new password with an SMS code (second step of forgot password). */
export function resetPasswordByMobile(input: TMobileForgotInput) {
  return callApi(merchantMobileForgotPassword, input);
}

export function useResetPasswordByMobile() {
  return useMutation({ mutationFn: resetPasswordByMobile });
}
