import { adminEditVersionFunctions, type TVersionFunInput } from '@parlour/contract/calls/store';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminShopsKey, adminVersionsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Creates a store version (no id) or edits its name, description, features, trial days, status and sort. */
export function editVersionFunctions(input: TVersionFunInput) {
  return callApi(adminEditVersionFunctions, input);
}

export function useEditVersionFunctions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editVersionFunctions,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminVersionsKey });
      void queryClient.invalidateQueries({ queryKey: adminShopsKey });
    },
  });
}
