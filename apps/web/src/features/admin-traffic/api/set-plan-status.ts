import { adminSetPlanStatus, type PlanStatus } from '@parlour/contract/calls/traffic';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPlansKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Enables or disables a plan: a disabled plan is no longer offered to merchants. */
export function setPlanStatus(input: { id: number; status: PlanStatus }) {
  return callApi(adminSetPlanStatus, input);
}

export function useSetPlanStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPlanStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPlansKey }),
  });
}
