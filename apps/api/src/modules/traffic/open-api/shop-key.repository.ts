import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { executeNamed } from '../../../db/named-statement';
import { shopApiKeys, shops } from '../../../db/schema/index';

export interface NewKey {
  keyHash: string;
  keySealed: string;
  keyLast4: string;
}

/**
 * Whom a store API key belongs to (or the store a storefront call names): its store, the store's merchant,
 * and what decides whether the key may be served now (`keyOwnerRefusal` in open-api.rules.ts applies the rules).
 */
export interface KeyOwner {
  shopRef: number;
  /** The merchant's store ID (the slug). */
  shopId: string;
  merchantId: number;
  shopName: string;
  status: string;
  expiresAt: Date | null;
  isDisabledByOperator: boolean;
  /** The store's merchant is disabled: every key of its stores is suspended until it is enabled. */
  isMerchantSuspended: boolean;
}

/**
 * The key owner's SQL, written once for every lookup of a key (this repository's `findKeyOwner`, and
 * the Open API's batched call context, which joins the catalogue in the same query): `joinKeyOwner`
 * joins the key (alias k), its store (s) and merchant (m) to `keyHash`, an expression of the enclosing
 * query; select `KEY_OWNER_COLUMNS` and read each row with `keyOwnerOf`.
 */
export function joinKeyOwner(keyHash: SQL): SQL {
  return sql`join shop_api_keys k on k.key_hash = ${keyHash}
        ${joinStoreOwner(sql`k.shop_ref`)}`;
}
/**
 * `joinKeyOwner` for a caller that names either a key (`keyHash`) or the store itself (`shopRef`, a
 * shops.id: the storefront, which knows its store from the Host and needs no key), each an expression
 * of the enclosing query that is null when the caller named the other: the same owner, the same columns.
 */
export function joinCallerOwner(caller: { keyHash: SQL; shopRef: SQL }): SQL {
  return sql`left join shop_api_keys k on k.key_hash = ${caller.keyHash}
        ${joinStoreOwner(sql`coalesce(k.shop_ref, ${caller.shopRef})`)}`;
}
function joinStoreOwner(shopRef: SQL): SQL {
  return sql`join shops s on s.id = ${shopRef}
        join merchants m on m.id = s.merchant_id`;
}
export const KEY_OWNER_COLUMNS = sql`s.id as shop_ref, s.shop_id, s.merchant_id, s.shop_name, s.status, s.expires_at, s.is_disabled_by_operator,
               m.status = 'disabled' as is_merchant_suspended`;
/** A row of `KEY_OWNER_COLUMNS` as either driver answers it (numbers may be strings, times strings). */
export interface KeyOwnerRow {
  shop_ref: number | string;
  shop_id: string;
  merchant_id: number | string;
  shop_name: string;
  status: string;
  expires_at: Date | string | null;
  is_disabled_by_operator: boolean;
  is_merchant_suspended: boolean;
}
export function keyOwnerOf(row: KeyOwnerRow): KeyOwner {
  return {
    shopRef: Number(row.shop_ref),
    shopId: row.shop_id,
    merchantId: Number(row.merchant_id),
    shopName: row.shop_name,
    status: row.status,
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
    isDisabledByOperator: row.is_disabled_by_operator,
    isMerchantSuspended: Boolean(row.is_merchant_suspended),
  };
}

/**
 * Store API keys. The merchant's calls are scoped to the merchant from the session; `findKeyOwner` is
 * the store system's, whose key names its store.
 */
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
    /** The owner of a key's hash (read on every call: nothing cached), or undefined when no store holds it. */
    async findKeyOwner(keyHash: string): Promise<KeyOwner | undefined> {
      const { rows } = await executeNamed<KeyOwnerRow>(
        db,
        'shop_key_owner',
        sql`select ${KEY_OWNER_COLUMNS} from (select ${keyHash}::text as key_hash) as i ${joinKeyOwner(sql`i.key_hash`)}`,
      );
      return rows[0] ? keyOwnerOf(rows[0]) : undefined;
    },

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
        db
          .select({ value: count() })
          .from(shops)
          .where(and(eq(shops.merchant_id, merchantId), ne(shops.status, 'cancelled'))),
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
        .values({
          shop_ref: shopRef,
          key_hash: key.keyHash,
          key_sealed: key.keySealed,
          key_last4: key.keyLast4,
          rotated_at: now,
          created_at: now,
        })
        .onConflictDoNothing({ target: shopApiKeys.shop_ref });
    },

    /** Replaces a store's key (or gives it one): the old hash is gone when this commits. */
    async replaceKey(shopRef: number, key: NewKey, now: Date) {
      await db
        .insert(shopApiKeys)
        .values({
          shop_ref: shopRef,
          key_hash: key.keyHash,
          key_sealed: key.keySealed,
          key_last4: key.keyLast4,
          rotated_at: now,
          created_at: now,
        })
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
