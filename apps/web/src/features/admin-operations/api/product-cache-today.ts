import { adminProductCacheStats } from '@parlour/contract/calls/open-core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOperationsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Today's product-data cache totals, for the operations page's summary. */
export function productCacheTodayQueryOptions() {
  return queryOptions({
    queryKey: [...adminOperationsKey, 'product-cache-today'],
    queryFn: () => callApi(adminProductCacheStats, { time_range: 'today' }),
  });
}
export function useProductCacheToday() {
  return useQuery(productCacheTodayQueryOptions());
}
