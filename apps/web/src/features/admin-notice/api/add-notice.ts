import { adminAddNotice, type TNoticeFields } from '@parlour/contract/calls/notice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminNoticesKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Creates a notice; the server sanitises its content. */
export function addNotice(input: TNoticeFields) {
  return callApi(adminAddNotice, input);
}

export function useAddNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminNoticesKey }),
  });
}
