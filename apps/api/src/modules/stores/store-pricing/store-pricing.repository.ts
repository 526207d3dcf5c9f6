import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { storePricing } from '../../../db/schema/index';

/** A store's saved pricing (the contract's fields, as stored) and when it was saved. */
export interface StorePricingRow {
  pricing: Record<string, unknown>;
  updated_at: Date;
}

/** The store_pricing table: one row per store that saved its pricing. */
export function createStorePricingRepository(db: Db) {
  return {
    async find(shopRef: number): Promise<StorePricingRow | undefined> {
      const [row] = await db
        .select({ pricing: storePricing.pricing, updated_at: storePricing.updated_at })
        .from(storePricing)
        .where(eq(storePricing.shop_ref, shopRef))
        .limit(1);
      return row as StorePricingRow | undefined;
    },

    /** Writes the store's pricing whole (a save replaces the previous one). */
    async save(shopRef: number, pricing: Record<string, unknown>, now: Date): Promise<StorePricingRow> {
      const [row] = await db
        .insert(storePricing)
        .values({ shop_ref: shopRef, pricing, updated_at: now })
        .onConflictDoUpdate({
          target: storePricing.shop_ref,
          set: { pricing: sql`excluded.pricing`, updated_at: sql`excluded.updated_at` },
        })
        .returning({ pricing: storePricing.pricing, updated_at: storePricing.updated_at });
      return row as StorePricingRow;
    },
  };
}
export type StorePricingRepository = ReturnType<typeof createStorePricingRepository>;
