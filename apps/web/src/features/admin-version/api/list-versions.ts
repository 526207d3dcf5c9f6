import { adminListVersions } from '@parlour/contract/calls/store';
import type { TPageInput } from '@parlour/contract/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminVersionsKey } from './query-keys';

/** All store versions with their prices and the number of stores on each. */
export function listVersions(input: TPageInput) {
  return callApi(adminListVersions, input);
}

export function useVersions(input: TPageInput) {
  return useQuery({ queryKey: [...adminVersionsKey, 'list', input], queryFn: () => listVersions(input), placeholderData: keepPreviousData });
}
