import { and, asc, count, desc, eq, getTableColumns, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ADVISORY_LOCKS, lockForTransaction } from '../../../db/advisory-locks';
import { shopDomains, shops, storeVersions } from '../../../db/schema/index';
import { tenantCondition, type TenantScope } from '../../../lib/tenant-scope';

export type DomainRow = typeof shopDomains.$inferSelect;
/** A domain with the store it belongs to. */
export type DomainWithShop = DomainRow & { shop_id: string; merchant_id: number };

/** The store's domains; every read or write by id is limited to the scope's merchant (through the store). */
export function createDomainRepository(db: Db) {
  const withShop = { ...getTableColumns(shopDomains), shop_id: shops.shop_id, merchant_id: shops.merchant_id };

  return {
    async listByShop(shopRef: number, tx: Db = db) {
      return (
        tx
          .select()
          .from(shopDomains)
          .where(eq(shopDomains.shop_ref, shopRef))
          // The primary first, then the system domain, then the newest.
          .orderBy(
            desc(shopDomains.is_primary),
            sql`${shopDomains.type} = 'manual'`,
            desc(shopDomains.created_at),
            desc(shopDomains.id),
          )
      );
    },

    async findById(scope: TenantScope, id: number, tx: Db = db): Promise<DomainWithShop | undefined> {
      const [row] = await tx
        .select(withShop)
        .from(shopDomains)
        .innerJoin(shops, eq(shops.id, shopDomains.shop_ref))
        .where(and(eq(shopDomains.id, id), tenantCondition(scope, shops.merchant_id)))
        .limit(1);
      return row;
    },

    /** The domain locked until the transaction ends (with its store's other writes queued behind the store lock). */
    async lockById(id: number, tx: Db) {
      const [row] = await tx.select().from(shopDomains).where(eq(shopDomains.id, id)).for('update').limit(1);
      return row;
    },

    /** Serialises domain writes of one store (the limit and the one primary hold under concurrent requests). */
    async lockShopDomains(shopRef: number, tx: Db) {
      await lockForTransaction(tx, ADVISORY_LOCKS.shopDomains(shopRef));
    },

    async countByShop(shopRef: number, tx: Db = db) {
      const [row] = await tx.select({ value: count() }).from(shopDomains).where(eq(shopDomains.shop_ref, shopRef));
      return row.value;
    },

    /** The version's domain limit; null: the platform rule applies. */
    async versionDomainLimit(versionId: number, tx: Db = db) {
      const [row] = await tx
        .select({ limit: storeVersions.domain_limit })
        .from(storeVersions)
        .where(eq(storeVersions.id, versionId))
        .limit(1);
      return row?.limit ?? null;
    },

    /** Other stores' rows of the domain: a bound one, or claims still binding. */
    async findOtherClaims(domain: string, shopRef: number, tx: Db = db) {
      return tx
        .select({
          id: shopDomains.id,
          status: shopDomains.status,
          created_at: shopDomains.created_at,
          shop_ref: shopDomains.shop_ref,
        })
        .from(shopDomains)
        .where(and(eq(shopDomains.domain, domain), ne(shopDomains.shop_ref, shopRef)));
    },

    async findInShop(shopRef: number, domain: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(shopDomains)
        .where(and(eq(shopDomains.shop_ref, shopRef), eq(shopDomains.domain, domain)))
        .limit(1);
      return row;
    },

    async insert(values: typeof shopDomains.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(shopDomains).values(values).returning();
      return row;
    },

    /** A store's system domain, bound and primary from the start (once: a second write does nothing). */
    async insertSystemDomain(shopRef: number, domain: string, token: string, now: Date, tx: Db = db) {
      await tx
        .insert(shopDomains)
        .values({
          shop_ref: shopRef,
          domain,
          type: 'system',
          status: 'bound',
          is_primary: true,
          verify_token: token,
          verified_at: now,
          created_at: now,
          updated_at: now,
        })
        .onConflictDoNothing();
    },

    async update(id: number, values: Partial<typeof shopDomains.$inferInsert>, tx: Db = db) {
      const [row] = await tx.update(shopDomains).set(values).where(eq(shopDomains.id, id)).returning();
      return row;
    },

    /** Binds a binding domain (conditional: a concurrent check binds it once); answers the row, or undefined when it was not binding. */
    async bind(id: number, now: Date, tx: Db = db) {
      const [row] = await tx
        .update(shopDomains)
        .set({
          status: 'bound',
          verified_at: now,
          last_checked_at: now,
          next_check_at: null,
          failure_reason: null,
          failure_detail: '',
          updated_at: now,
        })
        .where(and(eq(shopDomains.id, id), eq(shopDomains.status, 'binding')))
        .returning();
      return row;
    },

    /** Drops other stores' claims still binding on a domain that was just bound. */
    async dropOtherClaims(domain: string, boundId: number, tx: Db = db) {
      return tx
        .delete(shopDomains)
        .where(and(eq(shopDomains.domain, domain), ne(shopDomains.id, boundId), eq(shopDomains.status, 'binding')))
        .returning({ id: shopDomains.id, shop_ref: shopDomains.shop_ref });
    },

    async clearPrimary(shopRef: number, tx: Db) {
      await tx
        .update(shopDomains)
        .set({ is_primary: false })
        .where(and(eq(shopDomains.shop_ref, shopRef), eq(shopDomains.is_primary, true)));
    },

    async delete(id: number, tx: Db = db) {
      await tx.delete(shopDomains).where(eq(shopDomains.id, id));
    },

    /** Binding domains due for a re-check at `now`, oldest first. */
    async listDueForRecheck(now: Date, limit: number) {
      return db
        .select(withShop)
        .from(shopDomains)
        .innerJoin(shops, eq(shops.id, shopDomains.shop_ref))
        .where(and(eq(shopDomains.status, 'binding'), lte(shopDomains.next_check_at, now)))
        .orderBy(asc(shopDomains.next_check_at))
        .limit(limit);
    },

    /** A bound custom domain's store (host routing, the TLS ask). */
    async findBoundDomain(domain: string) {
      const [row] = await db
        .select(withShop)
        .from(shopDomains)
        .innerJoin(shops, eq(shops.id, shopDomains.shop_ref))
        .where(and(eq(shopDomains.domain, domain), eq(shopDomains.status, 'bound')))
        .limit(1);
      return row;
    },

    /** The store's primary domain. */
    async findPrimary(shopRef: number) {
      const [row] = await db
        .select()
        .from(shopDomains)
        .where(and(eq(shopDomains.shop_ref, shopRef), eq(shopDomains.is_primary, true)))
        .limit(1);
      return row;
    },
  };
}

export type DomainRepository = ReturnType<typeof createDomainRepository>;
