import type { CallInput } from '@parlour/contract/call';
import { checkEmailCode as checkEmailCodeCall } from '@parlour/contract/calls/account';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** Checks an email code without using it up (first step of forgot password). */
export function checkEmailCode(input: CallInput<typeof checkEmailCodeCall>) {
  return callApi(checkEmailCodeCall, input);
}

export function useCheckEmailCode() {
  return useMutation({ mutationFn: checkEmailCode });
}
