import { adminEditNotice, type TNoticeEditInput } from '@parlour/contract/calls/notice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminNoticesKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Replaces a notice's fields; without a publish time it keeps the one it had. */
export function editNotice(input: TNoticeEditInput) {
  return callApi(adminEditNotice, input);
}

export function useEditNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminNoticesKey }),
  });
}
