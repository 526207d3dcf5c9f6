import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { storeShipping } from '../../../db/schema/index';

/** A store's saved rate table (the contract's zones, as stored) and when it was saved. */
export interface StoreShippingRow {
  zones: unknown;
  updated_at: Date;
}

/** The store_shipping table: one row per store that saved its rate table. */
export function createStoreShippingRepository(db: Db) {
  return {
    async find(shopRef: number): Promise<StoreShippingRow | undefined> {
      const [row] = await db
        .select({ zones: storeShipping.zones, updated_at: storeShipping.updated_at })
        .from(storeShipping)
        .where(eq(storeShipping.shop_ref, shopRef))
        .limit(1);
      return row;
    },

    /** Writes the store's rate table whole (a save replaces the previous one). */
    async save(shopRef: number, zones: unknown[], now: Date): Promise<StoreShippingRow> {
      const [row] = await db
        .insert(storeShipping)
        .values({ shop_ref: shopRef, zones, updated_at: now })
        .onConflictDoUpdate({
          target: storeShipping.shop_ref,
          set: { zones: sql`excluded.zones`, updated_at: sql`excluded.updated_at` },
        })
        .returning({ zones: storeShipping.zones, updated_at: storeShipping.updated_at });
      return row!;
    },
  };
}
export type StoreShippingRepository = ReturnType<typeof createStoreShippingRepository>;
