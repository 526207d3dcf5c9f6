import { adminListVersions } from '@parlour/contract/calls/store';
import type { TPageInput } from '@parlour/contract/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminVersionsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** All store versions with their prices and the number of stores on each. */
export function listVersions(input: TPageInput) {
  return callApi(adminListVersions, input);
}

export function listVersionsQueryOptions(input: TPageInput) {
  return queryOptions({
    queryKey: [...adminVersionsKey, 'list', input],
    queryFn: () => listVersions(input),
    placeholderData: keepPreviousData,
  });
}

export function useVersions(input: TPageInput) {
  return useQuery(listVersionsQueryOptions(input));
}
