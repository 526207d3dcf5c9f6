import type { CallInput } from '@parlour/contract/call';
import { sendMobileCode as sendMobileCodeCall } from '@parlour/contract/calls/account';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** Sends a verification code by SMS for register or forgot; answers the seconds before a resend. */
export function sendMobileCode(input: CallInput<typeof sendMobileCodeCall>) {
  return callApi(sendMobileCodeCall, input);
}

export function useSendMobileCode() {
  return useMutation({ mutationFn: sendMobileCode });
}
