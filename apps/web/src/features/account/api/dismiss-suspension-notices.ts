import { merchantDismissSuspensionNotices } from '@parlour/contract/calls/account-security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantSuspensionNoticesKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Acknowledges every finished disabled period: the notice is not shown again. */
export function dismissSuspensionNotices() {
  return callApi(merchantDismissSuspensionNotices, {});
}

export function useDismissSuspensionNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissSuspensionNotices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantSuspensionNoticesKey }),
  });
}
