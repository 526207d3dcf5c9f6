import { adminConfigList } from '@parlour/contract/calls/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSettingsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Every settings group, secrets only as whether they are set. */
export function getConfigList() {
  return callApi(adminConfigList, {});
}

export function getConfigListQueryOptions() {
  return queryOptions({ queryKey: adminSettingsKey, queryFn: getConfigList });
}

export function useConfigList() {
  return useQuery(getConfigListQueryOptions());
}
