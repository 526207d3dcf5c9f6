import { merchantListPlans } from '@parlour/contract/calls/traffic';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { packagePlansKey } from './package-query-keys';

/** Traffic package plans on sale, in display order. */
export function listPackagePlans() {
  return callApi(merchantListPlans, {});
}

export function usePackagePlans(isEnabled = true) {
  return useQuery({ queryKey: packagePlansKey, queryFn: listPackagePlans, enabled: isEnabled, staleTime: 30_000 });
}
