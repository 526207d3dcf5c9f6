import { merchantMarkNoticesRead, type TMarkReadInput } from '@parlour/contract/calls/notice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantNoticesKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Marks notices (or all of them) read for this merchant. */
export function markNoticesRead(input: TMarkReadInput) {
  return callApi(merchantMarkNoticesRead, input);
}

export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoticesRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantNoticesKey }),
  });
}
