import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shopApiKeys, shops } from '../../db/schema/index';

export interface NewKey {
  keyHash: string;
  keySealed: string;
  keyLast4: string;
}

/** Store API keys; every query is scoped to the merchant from the session. */
export function createShopKeyRepository(db: Db) {
  const columns = {
    shopRef: shops.id,
    shopId: shops.shop_id,
    shopName: shops.shop_name,
    status: shops.status,
    expiresAt: shops.expires_at,
    isDisabledByOperator: shops.is_disabled_by_operator,
    keySealed: shopApiKeys.key_sealed,
    keyLast4: shopApiKeys.key_last4,
    rotatedAt: shopApiKeys.rotated_at,
  };

  return {
    async listMerchantShops(merchantId: number, page: { limit: number; offset: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(shops)
          .leftJoin(shopApiKeys, eq(shopApiKeys.shop_ref, shops.id))
          // A store given up unpaid (cancelled) never runs, so it has no key to show.
          .where(and(eq(shops.merchant_id, merchantId), ne(shops.status, 'cancelled')))
          .orderBy(desc(shops.created_at), desc(shops.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ value: count() }).from(shops).where(and(eq(shops.merchant_id, merchantId), ne(shops.status, 'cancelled'))),
      ]);
      return { rows, total: total.value };
    },

    async findMerchantShop(merchantId: number, shopId: string) {
      const [row] = await db
        .select(columns)
        .from(shops)
        .leftJoin(shopApiKeys, eq(shopApiKeys.shop_ref, shops.id))
        // The store holding the ID, not a cancelled one that held it before.
        .where(and(eq(shops.merchant_id, merchantId), eq(shops.shop_id, shopId), ne(shops.status, 'cancelled')))
        .limit(1);
      return row;
    },

    /** Gives a store its first key; a store that has one keeps it (concurrent first listings agree). */
    async insertKeyIfMissing(shopRef: number, key: NewKey, now: Date) {
      await db
        .insert(shopApiKeys)
        .values({ shop_ref: shopRef, key_hash: key.keyHash, key_sealed: key.keySealed, key_last4: key.keyLast4, rotated_at: now, created_at: now })
        .onConflictDoNothing({ target: shopApiKeys.shop_ref });
    },

    /** Replaces a store's key (or gives it one): the old hash is gone when this commits. */
    async replaceKey(shopRef: number, key: NewKey, now: Date) {
      await db
        .insert(shopApiKeys)
        .values({ shop_ref: shopRef, key_hash: key.keyHash, key_sealed: key.keySealed, key_last4: key.keyLast4, rotated_at: now, created_at: now })
        .onConflictDoUpdate({
          target: shopApiKeys.shop_ref,
          set: { key_hash: key.keyHash, key_sealed: key.keySealed, key_last4: key.keyLast4, rotated_at: now },
        });
    },

    /** Stores of the merchant without a key, among `shopRefs`. */
    async shopsWithoutKey(shopRefs: number[]) {
      if (!shopRefs.length) return [];
      const rows = await db
        .select({ shopRef: shops.id })
        .from(shops)
        .leftJoin(shopApiKeys, eq(shopApiKeys.shop_ref, shops.id))
        .where(and(sql`${shops.id} in ${shopRefs}`, sql`${shopApiKeys.shop_ref} is null`));
      return rows.map((row) => row.shopRef);
    },
  };
}
export type ShopKeyRepository = ReturnType<typeof createShopKeyRepository>;
