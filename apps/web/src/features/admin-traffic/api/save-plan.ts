import { adminAddPlan, adminEditPlan, type TPlanAddInput, type TPlanEditInput } from '@parlour/contract/calls/traffic';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPlansKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Creates a plan (no id) or edits one. */
export function savePlan(input: TPlanAddInput | TPlanEditInput) {
  return 'id' in input && input.id !== undefined
    ? callApi(adminEditPlan, input as TPlanEditInput)
    : callApi(adminAddPlan, input);
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPlansKey }),
  });
}
