import { merchantListPlans } from '@parlour/contract/calls/traffic';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantPackagePlansKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Traffic package plans on sale, in display order. */
export function listPackagePlans() {
  return callApi(merchantListPlans, {});
}

export function listPackagePlansQueryOptions(isEnabled = true) {
  return queryOptions({
    queryKey: merchantPackagePlansKey,
    queryFn: listPackagePlans,
    enabled: isEnabled,
    staleTime: 30_000,
  });
}

export function usePackagePlans(isEnabled = true) {
  return useQuery(listPackagePlansQueryOptions(isEnabled));
}
