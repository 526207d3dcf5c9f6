import { ZShippingZones, type TShippingZone, type TStoreShipping } from '@parlour/contract/calls/store-shipping';
import type { Clock } from '../../../lib/clock';
import type { TenantScope } from '../../../lib/tenant-scope';
import type { ShopService } from '../shop/shop.service';
import type { StoreShippingRepository } from './store-shipping.repository';

/**
 * Each store's own shipping data (issue 24 §5b): the rate table of destination zones its merchant edits;
 * the storefront's estimator reads a store's zones (and checkout and packing will).
 */
export function createStoreShippingService(deps: {
  repository: StoreShippingRepository;
  shopService: Pick<ShopService, 'findShop'>;
  clock: Clock;
}) {
  const { repository } = deps;

  /** The stored zones, read defensively: a table that no longer parses reads as none. */
  async function storedZones(shopRef: number): Promise<{ zones: TShippingZone[]; updatedAt: Date | null }> {
    const row = await repository.find(shopRef);
    const parsed = row ? ZShippingZones.safeParse(row.zones) : undefined;
    return { zones: parsed?.success ? parsed.data : [], updatedAt: row?.updated_at ?? null };
  }

  const view = (shopId: string, stored: { zones: TShippingZone[]; updatedAt: Date | null }): TStoreShipping => ({
    shop_id: shopId,
    zones: stored.zones,
    updated_at: stored.updatedAt?.toISOString() ?? null,
  });

  return {
    /** A store's rate table within the scope (another merchant's store answers NOT_FOUND). */
    async getShipping(options: { scope: TenantScope; shopId: string }): Promise<TStoreShipping> {
      const { view: shop } = await deps.shopService.findShop(options.scope, options.shopId);
      return view(shop.shop_id, await storedZones(shop.id));
    },

    async editShipping(options: { scope: TenantScope; shopId: string; zones: TShippingZone[] }) {
      const { view: shop } = await deps.shopService.findShop(options.scope, options.shopId);
      const saved = await repository.save(shop.id, options.zones, deps.clock.now());
      return view(shop.shop_id, { zones: options.zones, updatedAt: saved.updated_at });
    },

    /** The zones a store's pages estimate with now. */
    async zonesOf(shopRef: number): Promise<TShippingZone[]> {
      return (await storedZones(shopRef)).zones;
    },
  };
}
export type StoreShippingService = ReturnType<typeof createStoreShippingService>;
