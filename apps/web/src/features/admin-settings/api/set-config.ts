import { adminSetConfig, type TSetConfigInput } from '@parlour/contract/calls/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setPublicConfig } from '@/lib/public-config';
import { adminSettingsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

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
      // The site group and the business time zone are what the layouts and filters show: they change at once.
      if (input.group === 'site' || input.group === 'platform') setPublicConfig({ ...saved.site, business_time_zone: saved.platform.business_time_zone });
    },
  });
}
