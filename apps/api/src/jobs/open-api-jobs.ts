import type { OpenApiService } from '../modules/traffic/open-api/open-api.service';
import type { ProductCacheService } from '../modules/traffic/product-cache/product-cache.service';
import type { JobDefinition } from './boss';

/**
 * Every minute: Open API calls still pending past their timeout plus a margin (their process died
 * between charging and settling, or stalled) are settled as failed_upstream and their units refunded.
 */
export function openApiSweepJob(deps: { openApiService: OpenApiService }): JobDefinition {
  return {
    queue: 'open-api-sweep',
    cron: '* * * * *',
    async run() {
      return { settled: await deps.openApiService.sweepStale() };
    },
  };
}

/** Every hour: cached product answers past their API's freshness and stale windows are deleted. */
export function productCacheSweepJob(deps: { productCacheService: ProductCacheService }): JobDefinition {
  return {
    queue: 'product-cache-sweep',
    cron: '17 * * * *',
    async run() {
      return { deleted: await deps.productCacheService.sweepExpired() };
    },
  };
}
