import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { StoreStatus, StoreTab } from '@parlour/contract/constants';
import type { Db } from '../../db/client';
import { bills, merchants, shops, storeTickets, storeVersions } from '../../db/schema/index';
import { countMatchesByPart } from '../../lib/count-matches';
import { allOf, containsPattern } from '../../lib/sql-filters';

export type ShopRow = typeof shops.$inferSelect;

/** A store with what its list rows show beside it: version name, merchant account, unpaid store bill. */
export interface ShopView extends ShopRow {
  package_name: string;
  merchant_account: string;
  unpaid_bill_no: string | null;
}

export interface ShopFilter {
  /** The tenant: set for every merchant call. */
  merchantId?: number;
  keyword?: string;
  status?: StoreStatus;
  merchantKeyword?: string;
}

const TAB_CONDITIONS: Record<StoreTab, SQL | undefined> = {
  all: undefined,
  operating: sql`${shops.status} in ('operating', 'trial')`,
  disabled: sql`${shops.status} = 'disabled'`,
  pending_renewal: sql`${shops.status} = 'pending_renewal'`,
};

function filterConditions(filter: ShopFilter): SQL | undefined {
  const keyword = filter.keyword ? containsPattern(filter.keyword) : undefined;
  const merchantKeyword = filter.merchantKeyword ? containsPattern(filter.merchantKeyword) : undefined;
  return allOf([
    filter.merchantId !== undefined ? eq(shops.merchant_id, filter.merchantId) : undefined,
    keyword ? sql`${shops.shop_name} ilike ${keyword} or ${shops.shop_id} ilike ${keyword}` : undefined,
    filter.status ? eq(shops.status, filter.status) : undefined,
    merchantKeyword
      ? sql`${shops.merchant_id} in (select ${merchants.id} from ${merchants} where ${merchants.email} ilike ${merchantKeyword} or ${merchants.mobile} ilike ${merchantKeyword} or ${merchants.nickname} ilike ${merchantKeyword})`
      : undefined,
  ]);
}

const viewColumns = {
  package_name: sql<string>`coalesce(${storeVersions.name}, '')`.as('package_name'),
  merchant_account: sql<string>`coalesce(${merchants.email}, ${merchants.mobile}, '')`.as('merchant_account'),
  unpaid_bill_no: sql<string | null>`(select ${bills.bill_no} from ${bills} where ${bills.shop_ref} = ${shops.id} and ${bills.status} = 'unpaid' and ${bills.type} in ('new_store', 'renewal') limit 1)`.as(
    'unpaid_bill_no',
  ),
};

export function createShopRepository(db: Db) {
  function selectViews(tx: Db = db) {
    return tx
      .select({ shop: shops, ...viewColumns })
      .from(shops)
      .leftJoin(storeVersions, eq(storeVersions.id, shops.version_id))
      .leftJoin(merchants, eq(merchants.id, shops.merchant_id));
  }
  function toView(row: { shop: ShopRow; package_name: string; merchant_account: string; unpaid_bill_no: string | null }): ShopView {
    return { ...row.shop, package_name: row.package_name, merchant_account: row.merchant_account, unpaid_bill_no: row.unpaid_bill_no };
  }

  return {
    /**
     * Brings stored statuses in line with the expiry time: running stores past expiry become pending
     * renewal, and past the grace period disabled. Served by the (status, expires_at) index, so it is
     * cheap to run before every read as well as from the scheduled sweep.
     */
    async refreshStatuses(now: Date, graceDays: number, merchantId?: number) {
      const graceStart = new Date(now.getTime() - graceDays * 86_400_000);
      const rows = await db
        .update(shops)
        .set({
          status: sql`case when ${shops.expires_at} > ${graceStart} then 'pending_renewal' else 'disabled' end`,
          updated_at: now,
        })
        .where(
          allOf([
            merchantId !== undefined ? eq(shops.merchant_id, merchantId) : undefined,
            sql`(${shops.status} in ('trial', 'operating') and ${shops.expires_at} <= ${now}) or (${shops.status} = 'pending_renewal' and ${shops.expires_at} <= ${graceStart})`,
          ]),
        )
        .returning({ id: shops.id });
      return rows.length;
    },

    async listShops(filter: ShopFilter & { tab: StoreTab }, page: { limit: number; offset: number }) {
      // The page's stores first, then their joins and unpaid bill: rows skipped by the offset are not joined.
      const pageIds = db
        .select({ id: shops.id })
        .from(shops)
        .where(allOf([filterConditions(filter), TAB_CONDITIONS[filter.tab]]))
        .orderBy(desc(shops.created_at), desc(shops.id))
        .limit(page.limit)
        .offset(page.offset);
      const rows = await selectViews().where(inArray(shops.id, pageIds)).orderBy(desc(shops.created_at), desc(shops.id));
      return rows.map(toView);
    },

    /**
     * Counts per tab under the same filter, in one pass over the matches: exact up to
     * EXACT_COUNT_LIMIT stores, estimated above (counting a hundred thousand stores on every list
     * call would be the slowest part of it).
     */
    async countTabs(filter: ShopFilter): Promise<Record<StoreTab, number>> {
      const { total, parts } = await countMatchesByPart(db, shops, filterConditions(filter), {
        operating: TAB_CONDITIONS.operating!,
        disabled: TAB_CONDITIONS.disabled!,
        pending_renewal: TAB_CONDITIONS.pending_renewal!,
      });
      return { all: total, ...parts };
    },

    async findShopView(where: { shopId: string; merchantId?: number }, tx: Db = db) {
      const [row] = await selectViews(tx)
        .where(and(eq(shops.shop_id, where.shopId), where.merchantId !== undefined ? eq(shops.merchant_id, where.merchantId) : undefined))
        .limit(1);
      return row ? toView(row) : undefined;
    },
    async findShopViewById(id: number, tx: Db = db) {
      const [row] = await selectViews(tx).where(eq(shops.id, id)).limit(1);
      return row ? toView(row) : undefined;
    },
    /** The store row, locked until the transaction ends: renewals and fulfilment of one store queue up. */
    async lockShop(id: number, tx: Db) {
      const [row] = await tx.select().from(shops).where(eq(shops.id, id)).for('update').limit(1);
      return row;
    },
    async merchantExists(merchantId: number) {
      const [row] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).limit(1);
      return Boolean(row);
    },
    async isShopIdTaken(shopId: string) {
      const [row] = await db.select({ id: shops.id }).from(shops).where(eq(shops.shop_id, shopId)).limit(1);
      return Boolean(row);
    },
    async countMerchantShops(merchantId: number, tx: Db = db) {
      const [row] = await tx.select({ value: count() }).from(shops).where(eq(shops.merchant_id, merchantId));
      return row.value;
    },
    async hasHadTrial(merchantId: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: shops.id })
        .from(shops)
        .where(and(eq(shops.merchant_id, merchantId), sql`${shops.trial_started_at} is not null`))
        .limit(1);
      return Boolean(row);
    },
    async insertShop(values: typeof shops.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(shops).values(values).returning();
      return row;
    },
    async updateShop(id: number, values: Partial<typeof shops.$inferInsert>, tx: Db = db) {
      const [row] = await tx.update(shops).set(values).where(eq(shops.id, id)).returning();
      return row;
    },
    /** Marks an initialising store ready; false when it was not initialising (done already by another worker). */
    async completeProvisioning(id: number, values: Partial<typeof shops.$inferInsert>) {
      const rows = await db
        .update(shops)
        .set(values)
        .where(and(eq(shops.id, id), eq(shops.status, 'initializing')))
        .returning({ id: shops.id });
      return rows.length > 0;
    },
    async listInitializingShops(startedBefore: Date, limit: number) {
      return db
        .select({ id: shops.id })
        .from(shops)
        .where(and(eq(shops.status, 'initializing'), sql`${shops.initializing_since} <= ${startedBefore}`))
        .limit(limit);
    },
    async createTrend(start: Date, end: Date) {
      return db
        .select({ date: sql<string>`to_char(${shops.created_at} at time zone 'UTC', 'YYYY-MM-DD')`, count: count() })
        .from(shops)
        .where(and(sql`${shops.created_at} >= ${start}`, sql`${shops.created_at} < ${end}`))
        .groupBy(sql`1`);
    },
    /** Number of stores in each status (statuses without stores are absent). */
    async countByStatus() {
      return db.select({ status: shops.status, count: count() }).from(shops).groupBy(shops.status);
    },
    async versionDistribution() {
      return db
        .select({ package_id: storeVersions.id, package_name: storeVersions.name, count: count(shops.id) })
        .from(storeVersions)
        .leftJoin(shops, eq(shops.version_id, storeVersions.id))
        .groupBy(storeVersions.id, storeVersions.name)
        .orderBy(storeVersions.sort, storeVersions.id);
    },
    async insertTicket(values: typeof storeTickets.$inferInsert) {
      await db.insert(storeTickets).values(values);
    },
    /** Redeems a ticket once: only the first caller within its validity gets the row. */
    async redeemTicket(id: number | string, now: Date) {
      const [row] = await db
        .update(storeTickets)
        .set({ redeemed_at: now })
        .where(and(eq(storeTickets.id, String(id)), sql`${storeTickets.redeemed_at} is null`, sql`${storeTickets.expires_at} > ${now}`))
        .returning();
      return row;
    },
  };
}
export type ShopRepository = ReturnType<typeof createShopRepository>;
