import { adminSetConfig, type TSetConfigInput } from '@parlour/contract/calls/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setPublicConfig } from '@/lib/public-config';
import { callApi } from '@/lib/request';
import { adminSettingsKey } from './query-keys';

/** Saves one group; the answer is every group as saved. */
export function setConfig(input: TSetConfigInput) {
  return callApi(adminSetConfig, input);
}

export function useSetConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setConfig,
    onSuccess: (saved, input) => {
      queryClient.setQueryData(adminSettingsKey, saved);
      // The site group is what the layouts show: they change at once.
      if (input.group === 'site') setPublicConfig(saved.site);
    },
  });
}
