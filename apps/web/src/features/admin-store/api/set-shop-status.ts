import { adminSetShopStatus } from '@parlour/contract/calls/store';
import type { CallInput } from '@parlour/contract/call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

export type SetShopStatusInput = CallInput<typeof adminSetShopStatus>;

/** Disables a store, or lifts an operator's disable. */
export function setShopStatus(input: SetShopStatusInput) {
  return callApi(adminSetShopStatus, input);
}

export function useSetShopStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setShopStatus,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminShopsKey }),
  });
}
