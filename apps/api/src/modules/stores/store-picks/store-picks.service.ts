import { STORE_PICKS_MAX, type TStorePick, type TStorePicks } from '@parlour/contract/calls/store-picks';
import type { Lang } from '@parlour/contract/errors';
import { parseMarketplaceInput, type MarketplacePlatform } from '@parlour/contract/marketplace-link';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { fieldError } from '../../../lib/field-error';
import type { TenantScope } from '../../../lib/tenant-scope';
import { priceRange, type ProductItem } from '../../../providers/product-data/product-data-provider';
import type { ItemLinkResolver } from '../../traffic/open-api/item-link-resolver';
import type { OpenApiService } from '../../traffic/open-api/open-api.service';
import type { ShopService } from '../shop/shop.service';
import type { StorePickRow, StorePicksRepository } from './store-picks.repository';

/** A pick as the console and the store's home page read it. */
function toPick(row: StorePickRow): TStorePick {
  return {
    id: row.id,
    platform: row.platform,
    item_id: row.item_id,
    title: row.title,
    image: row.image,
    price_min: row.price_min,
    price_max: row.price_max,
    china_freight: row.china_freight,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * The merchant's picks (issue 24 §1): items pinned for the store's home page. Adding reads the pasted
 * link or share text (a short link or 淘口令 through the catalogue's resolver when it has one), refuses a
 * duplicate or a full list before spending anything, then looks the item up once as the store's metered
 * call and keeps its title, main picture, CNY price range and China freight; the home page reads the snapshot, never
 * the marketplace.
 */
export function createStorePicksService(deps: {
  repository: StorePicksRepository;
  shopService: Pick<ShopService, 'findShop'>;
  openApiService: Pick<OpenApiService, 'callForStore'>;
  itemLinkResolver: Pick<ItemLinkResolver, 'resolve'>;
  clock: Clock;
}) {
  const { repository } = deps;

  async function view(shopId: string, shopRef: number): Promise<TStorePicks> {
    return { shop_id: shopId, list: (await repository.list(shopRef)).map(toPick), max: STORE_PICKS_MAX };
  }

  /** The item a pasted link names, or the field error saying why it names none. */
  async function itemOf(
    shopRef: number,
    link: string,
    lang: Lang,
  ): Promise<{ platform: MarketplacePlatform; itemId: string }> {
    const input = parseMarketplaceInput(link);
    if (input.kind === 'item') return input;
    if (input.kind === 'empty') throw fieldError('pick_link_required', ['link'], lang);
    if (input.kind === 'needs_resolve') {
      const resolved = await deps.itemLinkResolver.resolve({ shopRef, input });
      if (resolved.kind === 'item') return resolved;
      throw fieldError('pick_link_short', ['link'], lang);
    }
    throw fieldError('pick_link_invalid', ['link'], lang);
  }

  async function refuseUnlessRoom(shopRef: number, platform: string, itemId: string) {
    if (await repository.exists(shopRef, platform, itemId)) throw new AppError('PICK_EXISTS');
    if ((await repository.count(shopRef)) >= STORE_PICKS_MAX)
      throw new AppError('PICK_LIMIT_REACHED', { params: { limit: STORE_PICKS_MAX } });
  }

  return {
    /** A store's picks within the scope (another merchant's store answers NOT_FOUND). */
    async listPicks(options: { scope: TenantScope; shopId: string }): Promise<TStorePicks> {
      const { view: shop } = await deps.shopService.findShop(options.scope, options.shopId);
      return view(shop.shop_id, shop.id);
    },

    async addPick(options: { scope: TenantScope; shopId: string; link: string; lang: Lang }): Promise<TStorePicks> {
      const { view: shop } = await deps.shopService.findShop(options.scope, options.shopId);
      const { platform, itemId } = await itemOf(shop.id, options.link, options.lang);
      // Before the metered call: a duplicate or a full list costs the store nothing.
      await refuseUnlessRoom(shop.id, platform, itemId);
      const item = (
        await deps.openApiService.callForStore({
          shopRef: shop.id,
          platform,
          apiCode: 'item_get',
          params: { num_iid: itemId, lang: options.lang === 'zh-CN' ? 'zh-CN' : 'en' },
        })
      ).data as ProductItem;
      const range = priceRange(item);
      const isAdded = await repository.insertLast(
        shop.id,
        {
          platform,
          item_id: itemId,
          title: item.title.slice(0, 300),
          image: item.images[0] ?? '',
          price_min: range.min,
          price_max: range.max,
          china_freight: item.china_freight ?? null,
        },
        STORE_PICKS_MAX,
        deps.clock.now(),
      );
      // Another add got there first while the item was looked up.
      if (!isAdded) await refuseUnlessRoom(shop.id, platform, itemId);
      return view(shop.shop_id, shop.id);
    },

    async removePick(options: { scope: TenantScope; shopId: string; id: number }): Promise<TStorePicks> {
      const { view: shop } = await deps.shopService.findShop(options.scope, options.shopId);
      if (!(await repository.remove(shop.id, options.id))) throw new AppError('NOT_FOUND');
      return view(shop.shop_id, shop.id);
    },

    /** Moves a pick a place up or down; at either end it stays (the answer is the list as it is). */
    async movePick(options: {
      scope: TenantScope;
      shopId: string;
      id: number;
      direction: 'up' | 'down';
    }): Promise<TStorePicks> {
      const { view: shop } = await deps.shopService.findShop(options.scope, options.shopId);
      const rows = await repository.list(shop.id);
      const index = rows.findIndex((row) => row.id === options.id);
      if (index < 0) throw new AppError('NOT_FOUND');
      const neighbour = rows[options.direction === 'up' ? index - 1 : index + 1];
      if (neighbour) await repository.swapSort(shop.id, rows[index], neighbour);
      return view(shop.shop_id, shop.id);
    },

    /** The store's picks for its home page and sitemap (the store already resolved from its host). */
    async picksForStore(shopRef: number): Promise<TStorePick[]> {
      return (await repository.list(shopRef)).map(toPick);
    },
  };
}
export type StorePicksService = ReturnType<typeof createStorePicksService>;
