import {
  adminProductCacheStats,
  adminPurgeProductCache,
  type CACHE_STATS_RANGES,
} from '@parlour/contract/calls/open-core';
import type { MarketplacePlatform } from '@parlour/contract/marketplace-link';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { coreDataKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

export type CacheStatsRange = (typeof CACHE_STATS_RANGES)[number];
const cacheKey = [...coreDataKey, 'cache'] as const;

/** The product-data cache's hits, stale serves and misses per platform and API over the range. */
export function productCacheStatsQueryOptions(timeRange: CacheStatsRange) {
  return queryOptions({
    queryKey: [...cacheKey, timeRange],
    queryFn: () => callApi(adminProductCacheStats, { time_range: timeRange }),
    placeholderData: keepPreviousData,
  });
}
export function useProductCacheStats(timeRange: CacheStatsRange) {
  return useQuery(productCacheStatsQueryOptions(timeRange));
}

/** Deletes the cached answers about one item; the counts of answers kept change. */
export function usePurgeProductCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { platform: MarketplacePlatform; item_id: string }) => callApi(adminPurgeProductCache, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cacheKey }),
  });
}
