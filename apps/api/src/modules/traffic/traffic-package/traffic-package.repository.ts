import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PackageSortField, PackageStatus, PlanSortField, PlanStatus } from '@parlour/contract/calls/traffic';
import type { Db } from '../../../db/client';
import { isUsablePackageSql } from '../../../db/derived/usable-package';
import { bills, merchants, shops, trafficPackages, trafficPlans } from '../../../db/schema/index';
import { allOf, containsPattern } from '../../../lib/sql-filters';
import { orderByColumn, type ListSort } from '../../../lib/sql-sort';
import { tenantCondition, type TenantScope } from '../../../lib/tenant-scope';

export type PlanRow = typeof trafficPlans.$inferSelect;
export type PackageRow = typeof trafficPackages.$inferSelect;

/** A package with what its list rows show beside it: derived status, store, bill and merchant. */
export interface PackageView extends PackageRow {
  status: PackageStatus;
  shop_id: string | null;
  shop_name: string | null;
  bill_no: string;
  amount: number;
  currency: string;
  bill_expires_at: Date | null;
  merchant_account: string;
}

/**
 * The derived package status of traffic.ts, at `now`: pending while unpaid, expired once the valid
 * period has passed, exhausted when every unit is used, otherwise active. Never stored.
 */
export function packageStatusSql(now: Date): SQL<PackageStatus> {
  return sql<PackageStatus>`case
    when ${trafficPackages.paid_at} is null then 'pending'
    when ${trafficPackages.expires_at} <= ${now} then 'expired'
    when ${trafficPackages.units_used} >= ${trafficPackages.units_total} then 'exhausted'
    else 'active' end`;
}

/** The condition of one derived status at `now`, so a status filter is a plain predicate. */
function statusCondition(status: PackageStatus, now: Date): SQL {
  switch (status) {
    case 'pending':
      return sql`${trafficPackages.paid_at} is null`;
    case 'expired':
      return sql`${trafficPackages.paid_at} is not null and ${trafficPackages.expires_at} <= ${now}`;
    case 'exhausted':
      return sql`${trafficPackages.paid_at} is not null and ${trafficPackages.expires_at} > ${now}
        and ${trafficPackages.units_used} >= ${trafficPackages.units_total}`;
    case 'active':
      // Listed packages are never void (isLiveAt): active is usable, the charge's own rule.
      return isUsablePackageSql(now);
  }
}

/** The column behind each sortable field of the package list (the contract whitelists the fields). */
const PACKAGE_SORT_COLUMNS: Record<PackageSortField, AnyColumn | SQL> = {
  created_at: trafficPackages.created_at,
  // Null (unpaid) sorts last both ways (emptyLast below).
  expires_at: trafficPackages.expires_at,
  units_remaining: sql`greatest(${trafficPackages.units_total} - ${trafficPackages.units_used}, 0)`,
  units_used: trafficPackages.units_used,
  amount: bills.amount,
};

export interface PackageFilter {
  /** Whose packages: the merchant's own, or every tenant's for the operator. */
  scope: TenantScope;
  /** The operator's filter by merchant (ignored under a merchant scope, which is narrower). */
  merchantId?: number;
  isGeneral?: boolean;
  shopId?: string;
  status?: PackageStatus;
  now: Date;
}

/**
 * The package is not void at `now`: its bill was neither cancelled nor expired unpaid (voided_at, set
 * when the bill ends), and a pending one's bill is still inside its window (the sweep that expires it
 * and voids the package may not have run yet).
 */
function isLiveAt(now: Date): SQL {
  return sql`${trafficPackages.voided_at} is null and (${trafficPackages.paid_at} is not null or exists (select 1
    from ${bills} where ${bills.id} = ${trafficPackages.bill_ref} and ${bills.expires_at} > ${now}))`;
}

function packageConditions(filter: PackageFilter): SQL | undefined {
  return allOf([
    // A void package is never listed.
    isLiveAt(filter.now),
    tenantCondition(filter.scope, trafficPackages.merchant_id),
    filter.scope.kind !== 'merchant' && filter.merchantId !== undefined
      ? eq(trafficPackages.merchant_id, filter.merchantId)
      : undefined,
    filter.isGeneral !== undefined ? eq(trafficPackages.is_general, filter.isGeneral) : undefined,
    // The store holding the ID; a cancelled store that held it before never had packages.
    filter.shopId
      ? sql`${trafficPackages.shop_ref} = (select ${shops.id} from ${shops} where ${shops.shop_id} = ${filter.shopId} and ${shops.status} <> 'cancelled')`
      : undefined,
    filter.status ? statusCondition(filter.status, filter.now) : undefined,
  ]);
}

/** Display order (the operator's `sort`, then the oldest first) unless the operator sorts on a column. */
function planOrder(sort?: ListSort<PlanSortField>): SQL[] {
  return sort
    ? orderByColumn(trafficPlans[sort.field], sort.order, trafficPlans.id)
    : [asc(trafficPlans.sort), asc(trafficPlans.id)];
}

export function createTrafficPackageRepository(db: Db) {
  function selectViews(now: Date, tx: Db = db) {
    return tx
      .select({
        pkg: trafficPackages,
        status: packageStatusSql(now).as('status'),
        shop_id: shops.shop_id,
        shop_name: shops.shop_name,
        bill_no: bills.bill_no,
        amount: bills.amount,
        currency: bills.currency,
        bill_expires_at: bills.expires_at,
        merchant_account: sql<string>`coalesce(${merchants.email}, ${merchants.mobile}, '')`.as('merchant_account'),
      })
      .from(trafficPackages)
      .leftJoin(shops, eq(shops.id, trafficPackages.shop_ref))
      .leftJoin(bills, eq(bills.id, trafficPackages.bill_ref))
      .leftJoin(merchants, eq(merchants.id, trafficPackages.merchant_id));
  }
  type SelectedRow = Awaited<ReturnType<typeof selectViews>>[number];
  const toView = (row: SelectedRow): PackageView => ({
    ...row.pkg,
    status: row.status,
    shop_id: row.shop_id,
    shop_name: row.shop_name,
    bill_no: row.bill_no ?? '',
    amount: row.amount ?? 0,
    currency: row.currency ?? 'CNY',
    bill_expires_at: row.bill_expires_at,
    merchant_account: row.merchant_account,
  });

  return {
    /**
     * Voids the pending packages of bills that were cancelled or expired unpaid. In the transaction
     * that moves those bills (the package bills' effects), so a package never outlives its bill unpaid.
     */
    async voidPackagesOfBills(billIds: number[], now: Date, tx: Db) {
      if (!billIds.length) return 0;
      const rows = await tx
        .update(trafficPackages)
        .set({ voided_at: now, updated_at: now })
        .where(
          and(
            inArray(trafficPackages.bill_ref, billIds),
            isNull(trafficPackages.paid_at),
            isNull(trafficPackages.voided_at),
          ),
        )
        .returning({ id: trafficPackages.id });
      return rows.length;
    },
    // ----- plans -----

    async listPlans(
      filter: { status?: PlanStatus; keyword?: string },
      page?: { limit: number; offset: number },
      sort?: ListSort<PlanSortField>,
    ) {
      const keyword = filter.keyword ? containsPattern(filter.keyword) : undefined;
      const where = allOf([
        filter.status ? eq(trafficPlans.status, filter.status) : undefined,
        keyword ? sql`${trafficPlans.name} ilike ${keyword} or ${trafficPlans.name_en} ilike ${keyword}` : undefined,
      ]);
      const query = db
        .select()
        .from(trafficPlans)
        .where(where)
        .orderBy(...planOrder(sort))
        .$dynamic();
      if (page) query.limit(page.limit).offset(page.offset);
      const [rows, [total]] = await Promise.all([query, db.select({ value: count() }).from(trafficPlans).where(where)]);
      return { rows, total: total.value };
    },
    /** Paid packages per plan, for the plans given. */
    async countSoldByPlan(planIds: number[]) {
      if (!planIds.length) return new Map<number, number>();
      const rows = await db
        .select({ planId: trafficPackages.plan_id, value: count() })
        .from(trafficPackages)
        .where(and(inArray(trafficPackages.plan_id, planIds), sql`${trafficPackages.paid_at} is not null`))
        .groupBy(trafficPackages.plan_id);
      return new Map(rows.map((row) => [row.planId, row.value]));
    },
    async findPlan(id: number, tx: Db = db) {
      const [row] = await tx.select().from(trafficPlans).where(eq(trafficPlans.id, id)).limit(1);
      return row;
    },
    async insertPlan(values: typeof trafficPlans.$inferInsert) {
      const [row] = await db.insert(trafficPlans).values(values).returning();
      return row;
    },
    async updatePlan(id: number, values: Partial<typeof trafficPlans.$inferInsert>) {
      const [row] = await db.update(trafficPlans).set(values).where(eq(trafficPlans.id, id)).returning();
      return row;
    },

    // ----- packages -----

    /** The merchant's store, with what decides whether a package may be bought for it. */
    async findMerchantShop(merchantId: number, shopId: string, tx: Db = db) {
      const [row] = await tx
        .select({
          id: shops.id,
          shop_id: shops.shop_id,
          shop_name: shops.shop_name,
          status: shops.status,
          expires_at: shops.expires_at,
          is_disabled_by_operator: shops.is_disabled_by_operator,
        })
        .from(shops)
        .where(and(eq(shops.merchant_id, merchantId), eq(shops.shop_id, shopId), ne(shops.status, 'cancelled')))
        .limit(1);
      return row;
    },
    async insertPackage(values: typeof trafficPackages.$inferInsert, tx: Db) {
      const [row] = await tx.insert(trafficPackages).values(values).returning();
      return row;
    },
    /**
     * Starts the valid period of the package of a paid bill: paid_at and expires_at = paid_at +
     * valid days. Runs inside the payment's transaction right after the bill's conditional move to
     * paid, which only one delivery wins; the `paid_at is null` guard makes a replay a no-op anyway.
     */
    async activateForBill(billId: number, paidAt: Date, tx: Db) {
      const [row] = await tx
        .update(trafficPackages)
        .set({
          paid_at: paidAt,
          expires_at: sql`${paidAt}::timestamptz + ${trafficPackages.valid_days} * interval '1 day'`,
          updated_at: paidAt,
        })
        .where(
          and(eq(trafficPackages.bill_ref, billId), isNull(trafficPackages.paid_at), isNull(trafficPackages.voided_at)),
        )
        .returning();
      return row;
    },
    /** Voids the package a refunded bill bought (docs/payments.md): what is left of it can no longer be used. */
    async voidPackageOfBill(billId: number, now: Date, tx: Db) {
      await tx
        .update(trafficPackages)
        .set({ voided_at: now, updated_at: now })
        .where(and(eq(trafficPackages.bill_ref, billId), isNull(trafficPackages.voided_at)));
    },
    async findPackageView(id: number, now: Date, tx: Db = db) {
      const [row] = await selectViews(now, tx).where(eq(trafficPackages.id, id)).limit(1);
      return row ? toView(row) : undefined;
    },
    /** A page of packages, newest first unless a sort is given (a merchant has few: no index beyond the merchant's). */
    async listPackages(
      filter: PackageFilter,
      page: { limit: number; offset: number },
      sort?: ListSort<PackageSortField>,
    ) {
      const rows = await selectViews(filter.now)
        .where(packageConditions(filter))
        .orderBy(
          ...(sort
            ? orderByColumn(PACKAGE_SORT_COLUMNS[sort.field], sort.order, trafficPackages.id, {
                emptyLast: sort.field === 'expires_at',
              })
            : [desc(trafficPackages.created_at), desc(trafficPackages.id)]),
        )
        .limit(page.limit)
        .offset(page.offset);
      return rows.map(toView);
    },
    async countPackages(filter: PackageFilter) {
      const [row] = await db.select({ value: count() }).from(trafficPackages).where(packageConditions(filter));
      return row.value;
    },
    /** Packages per tab (general, store) under the same filter, in one pass. */
    async countTabs(filter: Omit<PackageFilter, 'isGeneral'>) {
      const [row] = await db
        .select({
          general: sql<number>`count(*) filter (where ${trafficPackages.is_general})`.mapWith(Number),
          store: sql<number>`count(*) filter (where not ${trafficPackages.is_general})`.mapWith(Number),
        })
        .from(trafficPackages)
        .where(packageConditions(filter));
      return { general: row.general, store: row.store };
    },
  };
}
export type TrafficPackageRepository = ReturnType<typeof createTrafficPackageRepository>;
