import type { CallInput } from '@parlour/contract/call';
import { merchantLiveChatEdit } from '@parlour/contract/calls/plugin-settings';
import { ErrorCode } from '@parlour/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { liveChatQueryOptions } from './get-live-chat';

/** Saves a store's customer service channels; a refused field is shown on the field itself by the form, not as a toast. */
export function editLiveChat(input: CallInput<typeof merchantLiveChatEdit>) {
  return callApi(merchantLiveChatEdit, input, { skipErrorHandler: [ErrorCode.VALIDATION_FAILED] });
}

export function useEditLiveChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editLiveChat,
    onSuccess: (saved) => queryClient.setQueryData(liveChatQueryOptions(saved.shop_id).queryKey, saved),
  });
}
