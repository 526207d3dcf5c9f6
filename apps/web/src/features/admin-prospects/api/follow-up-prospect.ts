import { adminEditProspect, type TProspectEditInput } from '@parlour/contract/calls/prospect';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminProspectsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Marks a lead followed up (or new again) with a remark. */
export function followUpProspect(input: TProspectEditInput) {
  return callApi(adminEditProspect, input);
}

export function useFollowUpProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followUpProspect,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProspectsKey }),
  });
}
