import { adminListShopVersions } from '@parlour/contract/calls/store';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Every store version, enabled or not, with its prices: the store forms choose from them, the plugin form names those a plugin may be installed on. */
export function listShopVersions() {
  return callApi(adminListShopVersions, {});
}

export function listShopVersionsQueryOptions({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return queryOptions({
    queryKey: [...adminShopsKey, 'versions'],
    queryFn: listShopVersions,
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

export function useShopVersions(options: { isEnabled?: boolean } = {}) {
  return useQuery(listShopVersionsQueryOptions(options));
}
