import { merchantPublicVersions } from '@parlour/contract/calls/store';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** The enabled store versions with prices, features and trial days, for anyone. */
export function listPublicVersions() {
  return callApi(merchantPublicVersions, {}, { skipErrorHandler: true });
}

export function listPublicVersionsQueryOptions() {
  return queryOptions({ queryKey: ['public', 'versions'], queryFn: listPublicVersions, staleTime: 5 * 60_000 });
}

export function usePublicVersions() {
  return useQuery(listPublicVersionsQueryOptions());
}
