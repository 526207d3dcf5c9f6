import * as calls from '@parlour/contract/calls/open-core';
import type { CallRegistrar } from '../../../platform/register-call';
import type { ProductCacheService } from './product-cache.service';

/** Thin handlers of the operator's product-data cache calls (admin open/cache): its report, and purging an item. */
export function registerProductCacheRoutes(
  registrar: CallRegistrar,
  deps: { productCacheService: ProductCacheService },
) {
  const { register } = registrar;
  const { productCacheService } = deps;
  register(calls.adminProductCacheStats, ({ input }) => productCacheService.report(input));
  register(
    calls.adminPurgeProductCache,
    async ({ input }) => ({ deleted: await productCacheService.purgeItem(input.platform, input.item_id) }),
    {
      audit: {
        action: 'product_cache.purge',
        targetType: 'product_cache',
        targetId: (input) => `${input.platform}/${input.item_id}`,
      },
    },
  );
}
