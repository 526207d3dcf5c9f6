import { adminListPackages, type TAdminPackageListInput } from '@parlour/contract/calls/traffic';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** Traffic packages bought by all merchants, by merchant, store, kind and status. */
export function listPurchasedPackages(input: TAdminPackageListInput) {
  return callApi(adminListPackages, input);
}

export function usePurchasedPackages(input: TAdminPackageListInput) {
  return useQuery({ queryKey: ['admin', 'traffic', 'packages', input], queryFn: () => listPurchasedPackages(input), placeholderData: keepPreviousData });
}
