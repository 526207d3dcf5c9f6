import { adminMerchantTypeDistribution } from '@parlour/contract/calls/merchant-admin';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminDashboardKey } from './query-keys';

/** Number of merchants of each type. */
export function getMerchantTypeDistribution() {
  return callApi(adminMerchantTypeDistribution, {});
}

export function useMerchantTypeDistribution() {
  return useQuery({ queryKey: [...adminDashboardKey, 'merchant-type-distribution'], queryFn: getMerchantTypeDistribution });
}
