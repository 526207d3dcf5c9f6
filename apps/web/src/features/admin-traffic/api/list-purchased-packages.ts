import { adminListPackages, type TAdminPackageListInput } from '@parlour/contract/calls/traffic';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPackagesKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Traffic packages bought by all merchants, by merchant, store, kind and status. */
export function listPurchasedPackages(input: TAdminPackageListInput) {
  return callApi(adminListPackages, input);
}

export function listPurchasedPackagesQueryOptions(input: TAdminPackageListInput) {
  return queryOptions({
    queryKey: [...adminPackagesKey, input],
    queryFn: () => listPurchasedPackages(input),
    placeholderData: keepPreviousData,
  });
}

export function usePurchasedPackages(input: TAdminPackageListInput) {
  return useQuery(listPurchasedPackagesQueryOptions(input));
}
