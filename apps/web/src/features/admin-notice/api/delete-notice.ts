import { adminDeleteNotice } from '@parlour/contract/calls/notice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminNoticesKey } from './query-keys';

/** Deletes a notice and the merchants' read marks of it. */
export function deleteNotice(id: number) {
  return callApi(adminDeleteNotice, { id });
}

export function useDeleteNotice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteNotice, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminNoticesKey }) });
}
