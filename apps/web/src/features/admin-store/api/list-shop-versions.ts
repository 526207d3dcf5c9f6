import { adminListShopVersions } from '@parlour/contract/calls/store';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminShopsKey } from './query-keys';

/** Store versions to choose from when adding or renewing a store, with their prices. */
export function listShopVersions() {
  return callApi(adminListShopVersions, {});
}

export function useShopVersions({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ queryKey: [...adminShopsKey, 'versions'], queryFn: listShopVersions, enabled: isEnabled, staleTime: 60_000 });
}
