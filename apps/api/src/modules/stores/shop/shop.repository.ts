import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ShopSortField } from '@parlour/contract/calls/store';
import type { StoreStatus, StoreTab } from '@parlour/contract/constants';
import type { Db } from '../../../db/client';
import {
  bills,
  merchants,
  shopStatusCounts,
  shopStatusDeltas,
  shops,
  storeTickets,
  storeVersions,
} from '../../../db/schema/index';
import { countMatchesByPart } from '../../../lib/count-matches';
import { allOf, containsPattern } from '../../../lib/sql-filters';
import { orderByColumn, type ListSort } from '../../../lib/sql-sort';
import { scopedMerchantId, tenantCondition, type TenantScope } from '../../../lib/tenant-scope';
import { ADVISORY_LOCKS, lockForTransaction } from '../../../db/advisory-locks';
import { primaryDomainSql } from '../../../db/derived/primary-domain';
import {
  shopStatusIs,
  shopStatusSql,
  shopTabCondition,
  staleStatusCorrectionsSql,
  type StatusClock,
} from './shop-status-sql';

export type ShopRow = typeof shops.$inferSelect;

/**
 * A store as reads show it: its status derived at the read's clock (never written by the read), with
 * its version name, merchant account and payable store bill; `domain` is its primary domain.
 */
export interface ShopView extends ShopRow {
  /** The version's name in Chinese and English ('' when not translated). */
  package_name: string;
  package_name_en: string;
  merchant_account: string;
  unpaid_bill_no: string | null;
}

export interface ShopFilter {
  /** Whose stores: the merchant's own, or every tenant's for the operator. */
  scope: TenantScope;
  /** The operator's filter by merchant (ignored under a merchant scope, which is narrower). */
  merchantId?: number;
  keyword?: string;
  status?: StoreStatus;
  merchantKeyword?: string;
}

function filterConditions(filter: ShopFilter, at: StatusClock): SQL | undefined {
  const keyword = filter.keyword ? containsPattern(filter.keyword) : undefined;
  const merchantKeyword = filter.merchantKeyword ? containsPattern(filter.merchantKeyword) : undefined;
  return allOf([
    tenantCondition(filter.scope, shops.merchant_id),
    filter.scope.kind !== 'merchant' && filter.merchantId !== undefined
      ? eq(shops.merchant_id, filter.merchantId)
      : undefined,
    keyword ? sql`${shops.shop_name} ilike ${keyword} or ${shops.shop_id} ilike ${keyword}` : undefined,
    filter.status ? shopStatusIs(filter.status, at) : undefined,
    merchantKeyword
      ? sql`${shops.merchant_id} in (select ${merchants.id} from ${merchants}
        where ${merchants.email} ilike ${merchantKeyword} or ${merchants.mobile} ilike ${merchantKeyword}
        or ${merchants.nickname} ilike ${merchantKeyword})`
      : undefined,
  ]);
}

/** Newest first unless the caller sorts on another column. */
const DEFAULT_SORT: ListSort<ShopSortField> = { field: 'created_at', order: 'descend' };
function shopOrder(sort: ListSort<ShopSortField> = DEFAULT_SORT): SQL[] {
  return orderByColumn(shops[sort.field], sort.order, shops.id);
}

const viewColumns = (at: StatusClock) => ({
  effective_status: shopStatusSql(at).as('effective_status'),
  package_name: sql<string>`coalesce(${storeVersions.name}, '')`.as('package_name'),
  package_name_en: sql<string>`coalesce(${storeVersions.name_en}, '')`.as('package_name_en'),
  merchant_account: sql<string>`coalesce(${merchants.email}, ${merchants.mobile}, '')`.as('merchant_account'),
  primary_domain: primaryDomainSql.as('primary_domain'),
  // Only a bill still inside its payment window: one past it is expired, whether or not the sweep has said so yet.
  unpaid_bill_no: sql<
    string | null
  >`(select ${bills.bill_no} from ${bills} where ${bills.shop_ref} = ${shops.id} and ${bills.status} = 'unpaid'
    and ${bills.type} in ('new_store', 'renewal') and ${bills.expires_at} > ${at.now} limit 1)`.as('unpaid_bill_no'),
});

/** A store ID picks its live store before any cancelled one that held it earlier, then the newest. */
const liveFirst = [sql`${shops.status} = 'cancelled'`, desc(shops.id)];

/**
 * Moves a change of counts per status (stored → derived) into counts read from the counters.
 * Mutates and answers `counts`.
 */
function applyCorrections(
  counts: Partial<Record<StoreStatus, number>>,
  corrections: Array<{ stored: StoreStatus; effective: StoreStatus; stores: number }>,
) {
  for (const { stored, effective, stores } of corrections) {
    counts[stored] = (counts[stored] ?? 0) - Number(stores);
    counts[effective] = (counts[effective] ?? 0) + Number(stores);
  }
  return counts;
}

/**
 * Gives up the unpaid stores of bills that were just cancelled or expired: they become `cancelled`,
 * which frees their store ID and takes them out of the store limit. Rows are locked in id order, in
 * the transaction that ended the bills; a store paid meanwhile is no longer unpaid and stays.
 */
export async function abandonUnpaidShops(tx: Db, shopRefs: number[], now: Date) {
  if (!shopRefs.length) return 0;
  const locked = tx
    .select({ id: shops.id })
    .from(shops)
    .where(and(inArray(shops.id, shopRefs), eq(shops.status, 'unpaid')))
    .orderBy(shops.id)
    .for('update');
  const rows = await tx
    .update(shops)
    .set({ status: 'cancelled', updated_at: now })
    .where(inArray(shops.id, locked))
    .returning({ id: shops.id });
  return rows.length;
}

export function createShopRepository(db: Db) {
  function selectViews(at: StatusClock, tx: Db = db) {
    return tx
      .select({ shop: shops, ...viewColumns(at) })
      .from(shops)
      .leftJoin(storeVersions, eq(storeVersions.id, shops.version_id))
      .leftJoin(merchants, eq(merchants.id, shops.merchant_id));
  }
  function toView(row: {
    shop: ShopRow;
    effective_status: StoreStatus;
    package_name: string;
    package_name_en: string;
    merchant_account: string;
    primary_domain: string | null;
    unpaid_bill_no: string | null;
  }): ShopView {
    return {
      ...row.shop,
      // The store's primary domain stands for it everywhere a store is shown or entered.
      domain: row.primary_domain,
      status: row.effective_status,
      package_name: row.package_name,
      package_name_en: row.package_name_en,
      merchant_account: row.merchant_account,
      unpaid_bill_no: row.unpaid_bill_no,
    };
  }

  /** Stores per stored status and the status they have at `at`, for those the sweep has not caught up with. */
  async function staleStatusCorrections(at: StatusClock, scope: TenantScope) {
    const result = await db.execute<{ stored: StoreStatus; effective: StoreStatus; stores: number }>(
      staleStatusCorrectionsSql(at, scope),
    );
    return result.rows;
  }

  return {
    /**
     * Persists what time did to stored statuses: running stores past expiry become pending renewal,
     * and past the grace period disabled. Run by the store sweep only; reads derive the same statuses
     * (shopStatusSql) without writing. Served by the (status, expires_at) index.
     */
    async refreshStatuses(now: Date, graceDays: number) {
      const graceStart = new Date(now.getTime() - graceDays * 86_400_000);
      const rows = await db
        .update(shops)
        .set({
          status: sql`case when ${shops.expires_at} > ${graceStart} then 'pending_renewal' else 'disabled' end`,
          updated_at: now,
        })
        .where(
          sql`(${shops.status} in ('trial', 'operating') and ${shops.expires_at} <= ${now})
            or (${shops.status} = 'pending_renewal' and ${shops.expires_at} <= ${graceStart})`,
        )
        .returning({ id: shops.id });
      return rows.length;
    },

    async listShops(
      filter: ShopFilter & { tab: StoreTab },
      page: { limit: number; offset: number },
      at: StatusClock,
      sort?: ListSort<ShopSortField>,
    ) {
      // The page's stores first, then their joins and unpaid bill: rows skipped by the offset are not joined.
      const pageIds = db
        .select({ id: shops.id })
        .from(shops)
        .where(allOf([filterConditions(filter, at), shopTabCondition(filter.tab, at)]))
        .orderBy(...shopOrder(sort))
        .limit(page.limit)
        .offset(page.offset);
      const rows = await selectViews(at)
        .where(inArray(shops.id, pageIds))
        .orderBy(...shopOrder(sort));
      return rows.map(toView);
    },

    /**
     * Counts per tab under the same filter, by the statuses at `at`. Without a keyword they are read
     * from the per-status counters, corrected by the stores the sweep has not moved yet (a few rows,
     * exact); a keyword search counts its matches in one pass: exact up to EXACT_COUNT_LIMIT stores,
     * estimated above.
     */
    async countTabs(filter: ShopFilter, at: StatusClock): Promise<Record<StoreTab, number>> {
      if (!filter.keyword && !filter.merchantKeyword) {
        // The counters are kept per merchant: the tenant's, or the merchant the operator filters on.
        const merchantId = scopedMerchantId(filter.scope) ?? filter.merchantId;
        const byStatus = await this.countByStatus(
          at,
          merchantId !== undefined ? { kind: 'merchant', merchantId } : filter.scope,
        );
        const counted = (statuses: readonly StoreStatus[]) =>
          statuses
            .filter((status) => !filter.status || status === filter.status)
            .reduce((sum, status) => sum + (byStatus[status] ?? 0), 0);
        return {
          all: counted(Object.keys(byStatus) as StoreStatus[]),
          operating: counted(['operating', 'trial']),
          disabled: counted(['disabled']),
          pending_renewal: counted(['pending_renewal']),
        };
      }
      const { total, parts } = await countMatchesByPart(db, shops, filterConditions(filter, at), {
        operating: shopTabCondition('operating', at),
        disabled: shopTabCondition('disabled', at),
        pending_renewal: shopTabCondition('pending_renewal', at),
      });
      return { all: total, ...parts };
    },

    /**
     * Stores per stored status of one merchant (or of the platform), from shop_status_counts plus the
     * deltas the sweep has not folded in yet: exact, and a few rows to read whatever the number of stores.
     */
    async countByStatusFromCounters(scope: TenantScope): Promise<Partial<Record<StoreStatus, number>>> {
      const merchantId = scopedMerchantId(scope);
      const result = await db.execute<{ status: StoreStatus; stores: number }>(sql`
        select status, sum(stores)::int as stores from (
          select ${shopStatusCounts.status} as status, ${shopStatusCounts.stores} as stores from ${shopStatusCounts}
            where ${shopStatusCounts.merchant_id} = ${merchantId ?? 0}
          union all
          select ${shopStatusDeltas.status}, ${shopStatusDeltas.delta} from ${shopStatusDeltas}
            ${merchantId !== undefined ? sql`where ${shopStatusDeltas.merchant_id} = ${merchantId}` : sql``}
        ) as changes group by status`);
      return Object.fromEntries(result.rows.map((row) => [row.status, Number(row.stores)]));
    },

    /**
     * Folds the status deltas into the counters, each merchant's and the platform's (merchant 0), in
     * one statement: a delta is deleted and added exactly once even when two sweeps race, and counter
     * rows are written in key order, so two folds never deadlock.
     */
    async foldStatusDeltas() {
      const result = await db.execute<{ folded: number }>(sql`
        with moved as (delete from ${shopStatusDeltas} returning merchant_id, status, delta),
        totals as (
          select merchant_id, status, sum(delta)::int as delta from moved group by merchant_id, status
          union all
          select 0, status, sum(delta)::int from moved group by status
        ),
        applied as (
          insert into ${shopStatusCounts} (merchant_id, status, stores)
            select merchant_id, status, delta from totals order by merchant_id, status
          on conflict (merchant_id, status) do update set stores = ${shopStatusCounts.stores} + excluded.stores
          returning 1
        )
        select (select count(*) from moved)::int as folded`);
      return Number(result.rows[0]?.folded ?? 0);
    },

    /** The store holding a store ID (or the newest cancelled one that held it), status derived at `at`. */
    async findShopView(shopId: string, scope: TenantScope, at: StatusClock, tx: Db = db) {
      const [row] = await selectViews(at, tx)
        .where(and(eq(shops.shop_id, shopId), tenantCondition(scope, shops.merchant_id)))
        .orderBy(...liveFirst)
        .limit(1);
      return row ? toView(row) : undefined;
    },
    async findShopViewById(id: number, at: StatusClock, tx: Db = db) {
      const [row] = await selectViews(at, tx).where(eq(shops.id, id)).limit(1);
      return row ? toView(row) : undefined;
    },
    /** The store row, locked until the transaction ends: renewals and fulfilment of one store queue up. */
    async lockShop(id: number, tx: Db) {
      const [row] = await tx.select().from(shops).where(eq(shops.id, id)).for('update').limit(1);
      return row;
    },
    /**
     * Serialises store creation per merchant until `tx` ends (an advisory lock, ADVISORY_LOCKS.shopCreation),
     * so the store limit and the store ID check hold under concurrent requests.
     */
    async lockMerchantShopCreation(merchantId: number, tx: Db) {
      await lockForTransaction(tx, ADVISORY_LOCKS.shopCreation(merchantId));
    },
    async merchantExists(merchantId: number) {
      const [row] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).limit(1);
      return Boolean(row);
    },
    /** Whether a store holds the ID at `at`: a cancelled store, or one whose first bill has lapsed, does not. */
    async isShopIdTaken(shopId: string, at: StatusClock) {
      const [row] = await db
        .select({ id: shops.id })
        .from(shops)
        .where(
          and(
            eq(shops.shop_id, shopId),
            sql`${shops.status} <> 'cancelled'`,
            sql`not (${shopStatusIs('cancelled', at)})`,
          ),
        )
        .limit(1);
      return Boolean(row);
    },
    /**
     * The stores that count against the merchant's limit: every store but the cancelled ones. Given
     * `at` (a read), also without the unpaid stores whose first bill's window closed (cancelled at
     * that time, before the sweep persists it); without it (the creation's check, in the transaction
     * that just expired those bills), the stored status.
     */
    async countMerchantShops(merchantId: number, tx: Db = db, at?: StatusClock) {
      const [row] = await tx
        .select({ value: count() })
        .from(shops)
        .where(
          and(
            eq(shops.merchant_id, merchantId),
            sql`${shops.status} <> 'cancelled'`,
            at ? sql`not (${shopStatusIs('cancelled', at)})` : undefined,
          ),
        );
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
    /**
     * Marks an initialising store ready and runs `alsoInTransaction` (writing its system domain) in
     * the same transaction; false when it was not initialising (done already by another worker). Its
     * `site_config` is the defaults: they go under what the config already holds (saved before the
     * store was ready), so nothing saved is lost.
     */
    async completeProvisioning(
      id: number,
      values: Partial<typeof shops.$inferInsert>,
      alsoInTransaction: (tx: Db) => Promise<void>,
    ) {
      const { site_config: siteConfigDefaults, ...rest } = values;
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(shops)
          .set({
            ...rest,
            ...(siteConfigDefaults
              ? {
                  site_config: sql`${JSON.stringify(siteConfigDefaults)}::jsonb || coalesce(${shops.site_config}, '{}'::jsonb)`,
                }
              : {}),
          })
          .where(and(eq(shops.id, id), eq(shops.status, 'initializing')))
          .returning({ id: shops.id });
        if (!rows.length) return false;
        await alsoInTransaction(tx);
        return true;
      });
    },
    async listInitializingShops(startedBefore: Date, limit: number) {
      return db
        .select({ id: shops.id })
        .from(shops)
        .where(and(eq(shops.status, 'initializing'), sql`${shops.initializing_since} <= ${startedBefore}`))
        .limit(limit);
    },
    /** Stores created per business day (`zone`) within [start, end). */
    async createTrend(start: Date, end: Date, zone: string) {
      return db
        .select({ date: sql<string>`to_char(${shops.created_at} at time zone ${zone}, 'YYYY-MM-DD')`, count: count() })
        .from(shops)
        .where(and(sql`${shops.created_at} >= ${start}`, sql`${shops.created_at} < ${end}`))
        .groupBy(sql`1`);
    },
    /**
     * Stores per status at `at` of one merchant (or of the platform): the counters of the stored
     * statuses, with the stores the sweep has not moved yet counted under their status at `at`.
     */
    async countByStatus(at: StatusClock, scope: TenantScope): Promise<Partial<Record<StoreStatus, number>>> {
      const [counted, corrections] = await Promise.all([
        this.countByStatusFromCounters(scope),
        staleStatusCorrections(at, scope),
      ]);
      return applyCorrections(counted, corrections);
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
        .where(
          and(
            eq(storeTickets.id, String(id)),
            sql`${storeTickets.redeemed_at} is null`,
            sql`${storeTickets.expires_at} > ${now}`,
          ),
        )
        .returning();
      return row;
    },
  };
}
export type ShopRepository = ReturnType<typeof createShopRepository>;
