import { adminMerchantTypeDistribution } from '@parlour/contract/calls/merchant-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminMerchantsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Number of merchants of each type: the dashboard and the merchant screen show it. */
export function getMerchantTypeDistribution() {
  return callApi(adminMerchantTypeDistribution, {});
}

export function getMerchantTypeDistributionQueryOptions() {
  return queryOptions({ queryKey: [...adminMerchantsKey, 'type-distribution'], queryFn: getMerchantTypeDistribution });
}

export function useMerchantTypeDistribution() {
  return useQuery(getMerchantTypeDistributionQueryOptions());
}
