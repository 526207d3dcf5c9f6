import { adminListShopVersions } from '@parlour/contract/calls/store';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminShopsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Store versions to choose from when adding or renewing a store, with their prices. */
export function listShopVersions() {
  return callApi(adminListShopVersions, {});
}

export function listShopVersionsQueryOptions({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return queryOptions({ queryKey: [...adminShopsKey, 'versions'], queryFn: listShopVersions, enabled: isEnabled, staleTime: 60_000 });
}

export function useShopVersions(options: { isEnabled?: boolean } = {}) {
  return useQuery(listShopVersionsQueryOptions(options));
}
