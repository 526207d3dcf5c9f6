import { adminDeleteNotice } from '@parlour/contract/calls/notice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminNoticesKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Deletes a notice and the merchants' read marks of it. */
export function deleteNotice(id: number) {
  return callApi(adminDeleteNotice, { id });
}

export function useDeleteNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminNoticesKey }),
  });
}
