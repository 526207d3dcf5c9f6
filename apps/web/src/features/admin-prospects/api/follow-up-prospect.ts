import { adminEditProspect, type TProspectEditInput } from '@parlour/contract/calls/prospect';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminProspectsKey } from './query-keys';

/** Marks a lead followed up (or new again) with a remark. */
export function followUpProspect(input: TProspectEditInput) {
  return callApi(adminEditProspect, input);
}

export function useFollowUpProspect() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: followUpProspect, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProspectsKey }) });
}
