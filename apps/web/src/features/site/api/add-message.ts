import { addMessage as addMessageCall, type TMessageInput } from '@parlour/contract/calls/prospect';
import { ErrorCode } from '@parlour/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** Leaves a message through the public form. "Too many requests" is shown by the form itself. */
export function addMessage(input: TMessageInput) {
  return callApi(addMessageCall, input, { skipErrorHandler: [ErrorCode.TOO_MANY_REQUESTS] });
}

export function useAddMessage() {
  return useMutation({ mutationFn: addMessage });
}
