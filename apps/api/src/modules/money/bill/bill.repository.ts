import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { BillSortField } from '@parlour/contract/calls/bill';
import type { BillStatus, BillType } from '@parlour/contract/constants';
import type { Db } from '../../../db/client';
import { bills, incomeDaily, merchants, shops } from '../../../db/schema/index';
import { countMatches } from '../../../lib/count-matches';
import { allOf, containsPattern } from '../../../lib/sql-filters';
import { orderByColumn, type ListSort } from '../../../lib/sql-sort';
import { tenantCondition, type TenantScope } from '../../../lib/tenant-scope';
import { billStatusIs, billStatusSql } from '../../../db/derived/bill-status';

export type BillRow = typeof bills.$inferSelect;
export interface BillView extends BillRow {
  shop_id: string | null;
  merchant_account: string;
}

export interface BillFilter {
  /** The time statuses are read at (an unpaid bill past its window reads as expired). */
  now: Date;
  /** Whose bills: the merchant's own, or every tenant's for the operator. */
  scope: TenantScope;
  /** The operator's filter by merchant (ignored under a merchant scope, which is narrower). */
  merchantId?: number;
  status?: BillStatus;
  type?: BillType;
  shopId?: string;
  keyword?: string;
  channel?: 'online' | 'offline';
  /** Created (or, for income, paid) within [start, end). */
  start?: Date;
  end?: Date;
  /** Income views filter and order by the paid time. */
  isIncome?: boolean;
}

/** A complete bill number as newBillNo makes it: B, a UTC timestamp to the second and six digits. */
const isWholeBillNo = (keyword: string) => /^B\d{20}$/i.test(keyword);

function filterConditions(filter: BillFilter): SQL | undefined {
  const keyword = filter.keyword ? containsPattern(filter.keyword) : undefined;
  const time = filter.isIncome ? bills.paid_at : bills.created_at;
  return allOf([
    tenantCondition(filter.scope, bills.merchant_id),
    filter.scope.kind !== 'merchant' && filter.merchantId !== undefined
      ? eq(bills.merchant_id, filter.merchantId)
      : undefined,
    filter.isIncome ? eq(bills.status, 'paid') : undefined,
    filter.status ? billStatusIs(filter.status, filter.now) : undefined,
    filter.type ? eq(bills.type, filter.type) : undefined,
    filter.channel ? eq(bills.channel, filter.channel) : undefined,
    // `in`: a store ID may also name cancelled stores that held it before (their bills are that ID's history).
    filter.shopId
      ? sql`${bills.shop_ref} in (select ${shops.id} from ${shops} where ${shops.shop_id} = ${filter.shopId})`
      : undefined,
    keyword && filter.keyword
      ? // A whole bill number finds that bill through the unique index; as a pattern its trigrams (date digits every
        // bill and many store names share) would read long index lists for nothing.
        isWholeBillNo(filter.keyword)
        ? eq(bills.bill_no, filter.keyword.toUpperCase())
        : sql`${bills.bill_no} ilike ${keyword} or ${bills.shop_name} ilike ${keyword}
          or ${bills.product_name} ilike ${keyword} or ${bills.product_name_en} ilike ${keyword}`
      : undefined,
    filter.start ? sql`${time} >= ${filter.start}` : undefined,
    filter.end ? sql`${time} < ${filter.end}` : undefined,
  ]);
}

const DAY_MS = 86_400_000;
const utcDay = (time: Date) => time.toISOString().slice(0, 10);

/** What the bill service hands to the effects of ending unpaid bills (bill-effects.ts). */
const endedColumns = { id: bills.id, type: bills.type, shop_ref: bills.shop_ref };
export type EndedBill = { id: number; type: BillRow['type']; shop_ref: number | null };

export function createBillRepository(db: Db) {
  async function countAndSum(where: SQL | undefined) {
    const [row] = await db
      .select({ count: count(), amount: sql<number>`coalesce(sum(${bills.amount}), 0)`.mapWith(Number) })
      .from(bills)
      .where(where);
    return { count: row.count, amount: row.amount };
  }

  /**
   * Income of a filter the daily roll-up can answer (paid time, bill type and channel only): whole
   * UTC days from income_daily, the partial days at the range's ends from the bills themselves.
   * Exact, and a few thousand rows at most whatever the number of bills. Undefined for any other filter.
   */
  async function rolledUpIncome(filter: BillFilter): Promise<{ count: number; amount: number } | undefined> {
    if (
      !filter.isIncome ||
      filter.scope.kind === 'merchant' ||
      filter.merchantId !== undefined ||
      filter.status ||
      filter.shopId ||
      filter.keyword
    )
      return undefined;
    const firstWholeDay = filter.start ? new Date(Math.ceil(filter.start.getTime() / DAY_MS) * DAY_MS) : undefined;
    const wholeDaysEnd = filter.end ? new Date(Math.floor(filter.end.getTime() / DAY_MS) * DAY_MS) : undefined;
    if (firstWholeDay && wholeDaysEnd && firstWholeDay >= wholeDaysEnd) return undefined;
    const [days, head, tail] = await Promise.all([
      db
        .select({
          count: sql<number>`coalesce(sum(${incomeDaily.bills}), 0)`.mapWith(Number),
          amount: sql<number>`coalesce(sum(${incomeDaily.amount}), 0)`.mapWith(Number),
        })
        .from(incomeDaily)
        .where(
          allOf([
            firstWholeDay ? sql`${incomeDaily.day} >= ${utcDay(firstWholeDay)}` : undefined,
            wholeDaysEnd ? sql`${incomeDaily.day} < ${utcDay(wholeDaysEnd)}` : undefined,
            filter.type ? eq(incomeDaily.type, filter.type) : undefined,
            filter.channel ? eq(incomeDaily.channel, filter.channel) : undefined,
          ]),
        )
        .then(([row]) => row),
      filter.start && firstWholeDay && firstWholeDay > filter.start
        ? countAndSum(filterConditions({ ...filter, end: firstWholeDay }))
        : undefined,
      filter.end && wholeDaysEnd && wholeDaysEnd < filter.end
        ? countAndSum(filterConditions({ ...filter, start: wholeDaysEnd }))
        : undefined,
    ]);
    return {
      count: days.count + (head?.count ?? 0) + (tail?.count ?? 0),
      amount: days.amount + (head?.amount ?? 0) + (tail?.amount ?? 0),
    };
  }

  function selectViews(now: Date, tx: Db = db) {
    return tx
      .select({
        bill: bills,
        status: billStatusSql(now).as('bill_status'),
        shop_id: sql<string | null>`${shops.shop_id}`.as('shop_slug'),
        merchant_account: sql<string>`coalesce(${merchants.email}, ${merchants.mobile}, '')`.as('merchant_account'),
      })
      .from(bills)
      .leftJoin(shops, eq(shops.id, bills.shop_ref))
      .leftJoin(merchants, eq(merchants.id, bills.merchant_id));
  }
  const toView = (row: {
    bill: BillRow;
    status: BillStatus;
    shop_id: string | null;
    merchant_account: string;
  }): BillView => ({
    ...row.bill,
    status: row.status,
    shop_id: row.shop_id,
    merchant_account: row.merchant_account,
  });

  return {
    /**
     * Unpaid bills past their payment window become expired, in `tx` (the bill service runs it with
     * what ending a bill does elsewhere). `of` narrows it to the bills of a merchant or of a store ID
     * (either matches); 'all' is the sweep's. Bills are locked in id order, so concurrent expiries
     * never deadlock. Answers the bills it ended.
     */
    async expireOverdueBills(now: Date, of: 'all' | { shopId: string; merchantId?: number }, tx: Db) {
      const scoped = [
        of !== 'all' && of.merchantId !== undefined ? sql`${bills.merchant_id} = ${of.merchantId}` : undefined,
        of !== 'all'
          ? sql`${bills.shop_ref} in (select ${shops.id} from ${shops} where ${shops.shop_id} = ${of.shopId})`
          : undefined,
      ].filter((condition): condition is SQL => condition !== undefined);
      const overdue = tx
        .select({ id: bills.id })
        .from(bills)
        .where(
          allOf([
            eq(bills.status, 'unpaid'),
            sql`${bills.expires_at} <= ${now}`,
            scoped.length ? sql.join(scoped, sql` or `) : undefined,
          ]),
        )
        .orderBy(bills.id)
        .for('update');
      return tx
        .update(bills)
        .set({ status: 'expired', updated_at: now })
        .where(and(inArray(bills.id, overdue), eq(bills.status, 'unpaid')))
        .returning(endedColumns);
    },
    async insertBill(values: typeof bills.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(bills).values(values).returning();
      return row;
    },
    /** A bill with its store ID, merchant account and its status at `now`. */
    async findBillView(billNo: string, scope: TenantScope, now: Date, tx: Db = db) {
      const [row] = await selectViews(now, tx)
        .where(and(eq(bills.bill_no, billNo), tenantCondition(scope, bills.merchant_id)))
        .limit(1);
      return row ? toView(row) : undefined;
    },
    async findBill(billNo: string, tx: Db = db) {
      const [row] = await tx.select().from(bills).where(eq(bills.bill_no, billNo)).limit(1);
      return row;
    },
    async findUnpaidStoreBill(shopRef: number, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(bills)
        .where(
          and(eq(bills.shop_ref, shopRef), eq(bills.status, 'unpaid'), sql`${bills.type} in ('new_store', 'renewal')`),
        )
        .limit(1);
      return row;
    },
    /** Cancels a bill still payable at `now`, in `tx`; undefined when it is not (paid, cancelled or past its window). */
    async cancelBill(billId: number, now: Date, tx: Db) {
      const [row] = await tx
        .update(bills)
        .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
        .where(and(eq(bills.id, billId), billStatusIs('unpaid', now)))
        .returning();
      return row;
    },
    /**
     * Records on a paid store bill what paying it changed on its store (in the payment's transaction),
     * and flags it for the operator's refund when the version it paid to move into was not applied.
     */
    async recordStoreChange(
      billId: number,
      change: { expiresBefore: Date | null; expiresAfter: Date; versionBefore: number; needsRefund?: boolean },
      tx: Db,
    ) {
      await tx
        .update(bills)
        .set({
          store_expires_before: change.expiresBefore,
          store_expires_after: change.expiresAfter,
          store_version_before: change.versionBefore,
          ...(change.needsRefund ? { needs_refund: true } : {}),
        })
        .where(eq(bills.id, billId));
    },
    /**
     * The version a store had before a paid store bill (`beforeBillId`) moved it (a renewal into a
     * higher version): that of its latest paid store bill before that one; null when there is none.
     */
    async previousStoreVersion(shopRef: number, beforeBillId: number, tx: Db) {
      const [row] = await tx
        .select({ version_id: bills.version_id })
        .from(bills)
        .where(
          and(
            eq(bills.shop_ref, shopRef),
            lt(bills.id, beforeBillId),
            eq(bills.status, 'paid'),
            sql`${bills.type} in ('new_store', 'renewal')`,
            sql`${bills.version_id} is not null`,
          ),
        )
        .orderBy(desc(bills.id))
        .limit(1);
      return row?.version_id ?? null;
    },
    /** Newest first (income: latest paid first) unless the caller sorts on another column. */
    async listBills(filter: BillFilter, page: { limit: number; offset: number }, sort?: ListSort<BillSortField>) {
      const order = sort ?? { field: filter.isIncome ? 'paid_at' : 'created_at', order: 'descend' };
      const rows = await selectViews(filter.now)
        .where(filterConditions(filter))
        .orderBy(...orderByColumn(bills[order.field], order.order, bills.id))
        .limit(page.limit)
        .offset(page.offset);
      return rows.map(toView);
    },
    /** Income filters the daily roll-up answers are exact; other filters exact up to EXACT_COUNT_LIMIT bills, estimated above. */
    async countBills(filter: BillFilter) {
      const rolledUp = await rolledUpIncome(filter);
      return rolledUp ? rolledUp.count : countMatches(db, bills, filterConditions(filter));
    },
    async sumAmount(filter: BillFilter) {
      const rolledUp = await rolledUpIncome(filter);
      return rolledUp ? rolledUp.amount : (await countAndSum(filterConditions(filter))).amount;
    },
    /** Paid bills per business day (`zone`) within [start, end). */
    async incomeTrend(start: Date, end: Date, zone: string) {
      return db
        .select({
          date: sql<string>`to_char(${bills.paid_at} at time zone ${zone}, 'YYYY-MM-DD')`,
          count: count(),
          amount: sql<number>`coalesce(sum(${bills.amount}), 0)`.mapWith(Number),
        })
        .from(bills)
        .where(and(eq(bills.status, 'paid'), sql`${bills.paid_at} >= ${start}`, sql`${bills.paid_at} < ${end}`))
        .groupBy(sql`1`);
    },
    async typeDistribution(start: Date, end: Date) {
      return db
        .select({
          type: bills.type,
          count: count(),
          amount: sql<number>`coalesce(sum(${bills.amount}), 0)`.mapWith(Number),
        })
        .from(bills)
        .where(and(eq(bills.status, 'paid'), sql`${bills.paid_at} >= ${start}`, sql`${bills.paid_at} < ${end}`))
        .groupBy(bills.type);
    },
  };
}
export type BillRepository = ReturnType<typeof createBillRepository>;
