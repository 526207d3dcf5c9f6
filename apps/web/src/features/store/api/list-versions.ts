import { merchantListVersions } from '@parlour/contract/calls/store';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** Store versions the merchant can choose, with their prices and trial days. */
export function listVersions() {
  return callApi(merchantListVersions, {});
}

export function listVersionsQueryOptions(isEnabled = true) {
  return queryOptions({
    queryKey: ['store', 'versions'],
    queryFn: listVersions,
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

export function useVersions(isEnabled = true) {
  return useQuery(listVersionsQueryOptions(isEnabled));
}
