import { merchantListVersions } from '@parlour/contract/calls/store';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** Store versions the merchant can choose, with their prices and trial days. */
export function listVersions() {
  return callApi(merchantListVersions, {});
}

export function useVersions(isEnabled = true) {
  return useQuery({ queryKey: ['store', 'versions'], queryFn: listVersions, enabled: isEnabled, staleTime: 60_000 });
}
