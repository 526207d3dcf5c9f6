import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { BillStatus, BillType } from '@parlour/contract/constants';
import type { Db } from '../../db/client';
import { bills, merchants, paymentNotifications, shops } from '../../db/schema/index';
import { countMatches } from '../../lib/count-matches';
import { allOf, containsPattern } from '../../lib/sql-filters';

export type BillRow = typeof bills.$inferSelect;
export interface BillView extends BillRow {
  shop_id: string | null;
  merchant_account: string;
}

export interface BillFilter {
  /** The tenant: set for every merchant call. */
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

function filterConditions(filter: BillFilter): SQL | undefined {
  const keyword = filter.keyword ? containsPattern(filter.keyword) : undefined;
  const time = filter.isIncome ? bills.paid_at : bills.created_at;
  return allOf([
    filter.merchantId !== undefined ? eq(bills.merchant_id, filter.merchantId) : undefined,
    filter.isIncome ? eq(bills.status, 'paid') : undefined,
    filter.status ? eq(bills.status, filter.status) : undefined,
    filter.type ? eq(bills.type, filter.type) : undefined,
    filter.channel ? eq(bills.channel, filter.channel) : undefined,
    filter.shopId ? sql`${bills.shop_ref} = (select ${shops.id} from ${shops} where ${shops.shop_id} = ${filter.shopId})` : undefined,
    keyword ? sql`${bills.bill_no} ilike ${keyword} or ${bills.shop_name} ilike ${keyword} or ${bills.product_name} ilike ${keyword}` : undefined,
    filter.start ? sql`${time} >= ${filter.start}` : undefined,
    filter.end ? sql`${time} < ${filter.end}` : undefined,
  ]);
}

export function createBillRepository(db: Db) {
  function selectViews(tx: Db = db) {
    return tx
      .select({
        bill: bills,
        shop_id: sql<string | null>`${shops.shop_id}`.as('shop_slug'),
        merchant_account: sql<string>`coalesce(${merchants.email}, ${merchants.mobile}, '')`.as('merchant_account'),
      })
      .from(bills)
      .leftJoin(shops, eq(shops.id, bills.shop_ref))
      .leftJoin(merchants, eq(merchants.id, bills.merchant_id));
  }
  const toView = (row: { bill: BillRow; shop_id: string | null; merchant_account: string }): BillView => ({
    ...row.bill,
    shop_id: row.shop_id,
    merchant_account: row.merchant_account,
  });

  return {
    /** Unpaid bills past their payment window become expired (also run by the scheduled sweep). */
    async expireOverdueBills(now: Date, merchantId?: number) {
      const rows = await db
        .update(bills)
        .set({ status: 'expired', updated_at: now })
        .where(allOf([eq(bills.status, 'unpaid'), sql`${bills.expires_at} <= ${now}`, merchantId !== undefined ? eq(bills.merchant_id, merchantId) : undefined]))
        .returning({ id: bills.id });
      return rows.length;
    },
    async insertBill(values: typeof bills.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(bills).values(values).returning();
      return row;
    },
    async findBillView(where: { billNo: string; merchantId?: number }, tx: Db = db) {
      const [row] = await selectViews(tx)
        .where(and(eq(bills.bill_no, where.billNo), where.merchantId !== undefined ? eq(bills.merchant_id, where.merchantId) : undefined))
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
        .where(and(eq(bills.shop_ref, shopRef), eq(bills.status, 'unpaid'), sql`${bills.type} in ('new_store', 'renewal')`))
        .limit(1);
      return row;
    },
    /**
     * Moves an unpaid bill, still inside its payment window, to paid. Only one caller can win this
     * update, which is what makes fulfilment happen once however many notifications arrive at once.
     */
    async markPaid(billId: number, values: { paidAt: Date; payMethod: BillRow['pay_method']; provider: string; tradeNo: string }, tx: Db) {
      const [row] = await tx
        .update(bills)
        .set({ status: 'paid', paid_at: values.paidAt, pay_method: values.payMethod, provider: values.provider, trade_no: values.tradeNo, updated_at: values.paidAt })
        .where(and(eq(bills.id, billId), eq(bills.status, 'unpaid'), sql`${bills.expires_at} > ${values.paidAt}`))
        .returning();
      return row;
    },
    async cancelBill(billId: number, now: Date) {
      const [row] = await db
        .update(bills)
        .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
        .where(and(eq(bills.id, billId), eq(bills.status, 'unpaid')))
        .returning();
      return row;
    },
    async setPayMethod(billId: number, payMethod: NonNullable<BillRow['pay_method']>, now: Date) {
      await db.update(bills).set({ pay_method: payMethod, updated_at: now }).where(and(eq(bills.id, billId), eq(bills.status, 'unpaid')));
    },
    async listBills(filter: BillFilter, page: { limit: number; offset: number }) {
      const rows = await selectViews()
        .where(filterConditions(filter))
        .orderBy(filter.isIncome ? desc(bills.paid_at) : desc(bills.created_at), desc(bills.id))
        .limit(page.limit)
        .offset(page.offset);
      return rows.map(toView);
    },
    /** Exact up to EXACT_COUNT_LIMIT bills, estimated above: counting a million bills would outlast the list itself. */
    async countBills(filter: BillFilter) {
      return countMatches(db, bills, filterConditions(filter));
    },
    async sumAmount(filter: BillFilter) {
      const [row] = await db
        .select({ value: sql<number>`coalesce(sum(${bills.amount}), 0)`.mapWith(Number) })
        .from(bills)
        .where(filterConditions(filter));
      return row.value;
    },
    /** Paid bills per UTC day in [start, end). */
    async incomeTrend(start: Date, end: Date) {
      return db
        .select({
          date: sql<string>`to_char(${bills.paid_at} at time zone 'UTC', 'YYYY-MM-DD')`,
          count: count(),
          amount: sql<number>`coalesce(sum(${bills.amount}), 0)`.mapWith(Number),
        })
        .from(bills)
        .where(and(eq(bills.status, 'paid'), sql`${bills.paid_at} >= ${start}`, sql`${bills.paid_at} < ${end}`))
        .groupBy(sql`1`);
    },
    async typeDistribution(start: Date, end: Date) {
      return db
        .select({ type: bills.type, count: count(), amount: sql<number>`coalesce(sum(${bills.amount}), 0)`.mapWith(Number) })
        .from(bills)
        .where(and(eq(bills.status, 'paid'), sql`${bills.paid_at} >= ${start}`, sql`${bills.paid_at} < ${end}`))
        .groupBy(bills.type);
    },
    async recordNotification(values: typeof paymentNotifications.$inferInsert) {
      await db.insert(paymentNotifications).values(values);
    },
  };
}
export type BillRepository = ReturnType<typeof createBillRepository>;
