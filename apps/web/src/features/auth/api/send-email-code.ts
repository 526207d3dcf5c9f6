import type { CallInput } from '@parlour/contract/call';
import { sendEmailCode as sendEmailCodeCall } from '@parlour/contract/calls/account';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** Sends a verification code by email for register or forgot; answers the seconds before a resend. */
export function sendEmailCode(input: CallInput<typeof sendEmailCodeCall>) {
  return callApi(sendEmailCodeCall, input);
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}
