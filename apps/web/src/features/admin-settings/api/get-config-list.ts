import { adminConfigList } from '@parlour/contract/calls/settings';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminSettingsKey } from './query-keys';

/** Every settings group, secrets only as whether they are set. */
export function getConfigList() {
  return callApi(adminConfigList, {});
}

export function useConfigList() {
  return useQuery({ queryKey: adminSettingsKey, queryFn: getConfigList });
}
