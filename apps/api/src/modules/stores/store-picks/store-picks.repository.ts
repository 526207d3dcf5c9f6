import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { storePicks } from '../../../db/schema/index';
import type { ProductPlatform } from '../../../providers/product-data/product-data-provider';

/** A pick as stored: the item and the snapshot taken when it was pinned. */
export interface StorePickRow {
  id: number;
  platform: ProductPlatform;
  item_id: string;
  title: string;
  image: string;
  price_min: number;
  price_max: number;
  china_freight: number | null;
  sort: number;
  created_at: Date;
}

/** What a new pick stores. */
export type NewStorePick = Pick<
  StorePickRow,
  'platform' | 'item_id' | 'title' | 'image' | 'price_min' | 'price_max' | 'china_freight'
>;

const columns = {
  id: storePicks.id,
  platform: storePicks.platform,
  item_id: storePicks.item_id,
  title: storePicks.title,
  image: storePicks.image,
  price_min: storePicks.price_min,
  price_max: storePicks.price_max,
  china_freight: storePicks.china_freight,
  sort: storePicks.sort,
  created_at: storePicks.created_at,
};

/** The store_picks table: each store's pinned items, in `sort` order. */
export function createStorePicksRepository(db: Db) {
  return {
    async list(shopRef: number): Promise<StorePickRow[]> {
      const rows = await db
        .select(columns)
        .from(storePicks)
        .where(eq(storePicks.shop_ref, shopRef))
        .orderBy(asc(storePicks.sort), asc(storePicks.id));
      return rows as StorePickRow[];
    },

    async count(shopRef: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(storePicks)
        .where(eq(storePicks.shop_ref, shopRef));
      return Number(row?.count ?? 0);
    },

    async exists(shopRef: number, platform: string, itemId: string): Promise<boolean> {
      const rows = await db
        .select({ id: storePicks.id })
        .from(storePicks)
        .where(and(eq(storePicks.shop_ref, shopRef), eq(storePicks.platform, platform), eq(storePicks.item_id, itemId)))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Adds the pick last, in one statement that holds the store's limit and the one-pick-per-item rule
     * under concurrent adds: answers false when the store has `max` picks already or the item is one of them.
     */
    async insertLast(shopRef: number, pick: NewStorePick, max: number, now: Date): Promise<boolean> {
      const result = await db.execute(sql`
        insert into store_picks (shop_ref, platform, item_id, title, image, price_min, price_max, china_freight, sort, created_at)
        select ${shopRef}, ${pick.platform}, ${pick.item_id}, ${pick.title}, ${pick.image}, ${pick.price_min},
               ${pick.price_max}, ${pick.china_freight}::int,
               coalesce((select max(sort) from store_picks where shop_ref = ${shopRef}), 0) + 1, ${now.toISOString()}::timestamptz
        where (select count(*) from store_picks where shop_ref = ${shopRef}) < ${max}
        on conflict (shop_ref, platform, item_id) do nothing
        returning id`);
      return result.rows.length > 0;
    },

    async remove(shopRef: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(storePicks)
        .where(and(eq(storePicks.shop_ref, shopRef), eq(storePicks.id, id)))
        .returning({ id: storePicks.id });
      return rows.length > 0;
    },

    /** Swaps the `sort` of two of the store's picks in one statement. */
    async swapSort(shopRef: number, first: StorePickRow, second: StorePickRow): Promise<void> {
      await db.execute(sql`
        update store_picks set sort = case when id = ${first.id}::int then ${second.sort}::int else ${first.sort}::int end
        where shop_ref = ${shopRef}::int and id in (${first.id}::int, ${second.id}::int)`);
    },
  };
}
export type StorePicksRepository = ReturnType<typeof createStorePicksRepository>;
