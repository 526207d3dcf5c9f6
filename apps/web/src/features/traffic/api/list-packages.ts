import { merchantListPackages, type TPackageListInput } from '@parlour/contract/calls/traffic';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { merchantPackagesKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** The merchant's general ("my packages") or store ("shop packages") traffic packages, with counts per tab. */
export function listPackages(input: TPackageListInput) {
  return callApi(merchantListPackages, input);
}

export function listPackagesQueryOptions(input: TPackageListInput) {
  return queryOptions({
    queryKey: [...merchantPackagesKey, input],
    queryFn: () => listPackages(input),
    placeholderData: keepPreviousData,
  });
}

export function usePackages(input: TPackageListInput) {
  return useQuery(listPackagesQueryOptions(input));
}
