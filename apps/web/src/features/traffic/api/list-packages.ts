import { merchantListPackages, type TPackageListInput } from '@parlour/contract/calls/traffic';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { packageListKey } from './package-query-keys';

/** The merchant's general ("my packages") or store ("shop packages") traffic packages, with counts per tab. */
export function listPackages(input: TPackageListInput) {
  return callApi(merchantListPackages, input);
}

export function usePackages(input: TPackageListInput) {
  return useQuery({ queryKey: [...packageListKey, input], queryFn: () => listPackages(input), placeholderData: keepPreviousData });
}
