import { adminListPluginTypes } from '@parlour/contract/calls/plugin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPluginTypesKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** The plugin types the operator manages, in display order, with how many plugins use each. */
export function listAdminPluginTypes() {
  return callApi(adminListPluginTypes, {});
}

export function listAdminPluginTypesQueryOptions() {
  return queryOptions({ queryKey: [...adminPluginTypesKey, 'list'], queryFn: listAdminPluginTypes });
}

export function useAdminPluginTypes() {
  return useQuery(listAdminPluginTypesQueryOptions());
}
