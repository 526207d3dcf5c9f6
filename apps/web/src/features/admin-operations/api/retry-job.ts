import { adminRetryJob } from '@parlour/contract/calls/operations';
import type { CallInput } from '@parlour/contract/call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOperationsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Sends a failed job back to its queue (recorded in the audit log). */
export function retryJob(input: CallInput<typeof adminRetryJob>) {
  return callApi(adminRetryJob, input);
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOperationsKey }),
  });
}
