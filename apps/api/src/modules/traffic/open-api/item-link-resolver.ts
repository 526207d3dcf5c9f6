import { ITEM_PASSWORD_API_CODE } from '@parlour/contract/calls/open-core';
import type { MarketplaceInput, MarketplacePlatform } from '@parlour/contract/marketplace-link';
import type { ProductItemLink } from '../../../providers/product-data/product-data-provider';
import type { CoreDataService } from '../core-data/core-data.service';
import type { OpenApiService } from './open-api.service';

/** An item ID as the marketplaces write them (what a resolved code must come back as). */
const ITEM_ID = /^\d{5,20}$/;
/** Catalogue rows read to find a platform's item_password (a platform has a handful). */
const CATALOGUE_PAGE = 100;

/** What a short link or share code came to: the item it names, or no API of the catalogue resolves it. */
export type ResolvedItemLink =
  { kind: 'item'; platform: MarketplacePlatform; itemId: string } | { kind: 'unsupported' };

/**
 * Short links and share codes (淘口令) only the marketplace can resolve (issue 24 §1): when the operator's
 * catalogue has the platform's item_password API switched on, the store's metered call resolves the code
 * (charged, logged as the storefront's; a failure refunded and thrown as the call's AppError); otherwise
 * it is unsupported, and no call is made or logged. Used by the storefront's search box and the merchant's picks.
 */
export function createItemLinkResolver(deps: {
  coreDataService: Pick<CoreDataService, 'listOpenApis'>;
  openApiService: Pick<OpenApiService, 'callForStore'>;
}) {
  async function hasResolver(platform: MarketplacePlatform): Promise<boolean> {
    const { list } = await deps.coreDataService.listOpenApis({ page: 1, limit: CATALOGUE_PAGE, platform });
    return list.some((api) => api.code === ITEM_PASSWORD_API_CODE && api.is_enabled);
  }

  return {
    async resolve(options: {
      shopRef: number;
      input: Extract<MarketplaceInput, { kind: 'needs_resolve' }>;
      /** The storefront's per-visitor limit, before a vendor call (see OpenApiService.callForStore). */
      beforeUpstream?: () => Promise<void>;
    }): Promise<ResolvedItemLink> {
      const { platform, text } = options.input;
      if (!(await hasResolver(platform))) return { kind: 'unsupported' };
      const link = (
        await deps.openApiService.callForStore({
          shopRef: options.shopRef,
          platform,
          apiCode: ITEM_PASSWORD_API_CODE,
          params: { word: text },
          beforeUpstream: options.beforeUpstream,
        })
      ).data as Partial<ProductItemLink> | undefined;
      const itemId = String(link?.item_id ?? '');
      return ITEM_ID.test(itemId) ? { kind: 'item', platform, itemId } : { kind: 'unsupported' };
    },
  };
}
export type ItemLinkResolver = ReturnType<typeof createItemLinkResolver>;
