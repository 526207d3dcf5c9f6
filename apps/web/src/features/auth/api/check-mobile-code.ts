import type { CallInput } from '@parlour/contract/call';
import { checkMobileCode as checkMobileCodeCall } from '@parlour/contract/calls/account';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** Checks an SMS code without using it up (first step of forgot password). */
export function checkMobileCode(input: CallInput<typeof checkMobileCodeCall>) {
  return callApi(checkMobileCodeCall, input);
}

export function useCheckMobileCode() {
  return useMutation({ mutationFn: checkMobileCode });
}
