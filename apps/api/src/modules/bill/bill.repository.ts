import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { BillSortField } from '@parlour/contract/calls/bill';
import type { BillStatus, BillType } from '@parlour/contract/constants';
import type { Db } from '../../db/client';
import {
  admins,
  bills,
  incomeDaily,
  merchants,
  paymentNonces,
  paymentNotifications,
  shops,
} from '../../db/schema/index';
import { countMatches } from '../../lib/count-matches';
import { allOf, containsPattern } from '../../lib/sql-filters';
import { orderByColumn, type ListSort } from '../../lib/sql-sort';
import { tenantCondition, type TenantScope } from '../../lib/tenant-scope';
import { abandonUnpaidShops } from '../shop/shop.repository';
import { billStatusIs, billStatusSql } from './bill-status-sql';
import { voidPackagesOfBills } from '../traffic-package/traffic-package.repository';

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
        : sql`${bills.bill_no} ilike ${keyword} or ${bills.shop_name} ilike ${keyword} or ${bills.product_name} ilike ${keyword} or ${bills.product_name_en} ilike ${keyword}`
      : undefined,
    filter.start ? sql`${time} >= ${filter.start}` : undefined,
    filter.end ? sql`${time} < ${filter.end}` : undefined,
  ]);
}

const DAY_MS = 86_400_000;
const utcDay = (time: Date) => time.toISOString().slice(0, 10);

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

  /**
   * What ending an unpaid bill does beyond the bill, in its transaction: a traffic package bill voids
   * its pending package; a new store bill gives up its still unpaid store (its ID and limit slot).
   */
  async function endBillEffects(
    tx: Db,
    ended: Array<{ id: number; type: BillRow['type']; shop_ref: number | null }>,
    now: Date,
  ) {
    await voidPackagesOfBills(
      tx,
      ended.filter((row) => row.type === 'traffic_package').map((row) => row.id),
      now,
    );
    await abandonUnpaidShops(
      tx,
      ended.flatMap((row) => (row.type === 'new_store' && row.shop_ref !== null ? [row.shop_ref] : [])),
      now,
    );
  }

  return {
    /**
     * Unpaid bills past their payment window become expired: run by the scheduled sweep, and by the
     * writing calls that need it done first (a store creation for the bills of its merchant and of the
     * store ID it wants, `of`: either matches; a renewal for its store; the sweep, 'all'). Reads never call it: they
     * derive the status (bill-status-sql.ts). Bills are locked in id order, so concurrent expiries never deadlock; given `tx`, it
     * runs in that transaction.
     */
    async expireOverdueBills(now: Date, of: 'all' | { shopId: string; merchantId?: number }, tx?: Db) {
      const scoped = [
        of !== 'all' && of.merchantId !== undefined ? sql`${bills.merchant_id} = ${of.merchantId}` : undefined,
        of !== 'all'
          ? sql`${bills.shop_ref} in (select ${shops.id} from ${shops} where ${shops.shop_id} = ${of.shopId})`
          : undefined,
      ].filter((condition): condition is SQL => condition !== undefined);
      const run = async (tx: Db) => {
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
        const rows = await tx
          .update(bills)
          .set({ status: 'expired', updated_at: now })
          .where(and(inArray(bills.id, overdue), eq(bills.status, 'unpaid')))
          .returning({ id: bills.id, type: bills.type, shop_ref: bills.shop_ref });
        await endBillEffects(tx, rows, now);
        return rows.length;
      };
      return tx ? run(tx) : db.transaction((own) => run(own as unknown as Db));
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
    /**
     * Moves an unpaid bill, still inside its payment window, to paid. Only one caller can win this
     * update, which is what makes fulfilment happen once however many notifications arrive at once.
     */
    async markPaid(
      billId: number,
      values: { paidAt: Date; payMethod: BillRow['pay_method']; provider: string; tradeNo: string },
      tx: Db,
    ) {
      const [row] = await tx
        .update(bills)
        .set({
          status: 'paid',
          paid_at: values.paidAt,
          pay_method: values.payMethod,
          provider: values.provider,
          trade_no: values.tradeNo,
          updated_at: values.paidAt,
        })
        .where(and(eq(bills.id, billId), eq(bills.status, 'unpaid'), sql`${bills.expires_at} > ${values.paidAt}`))
        .returning();
      return row;
    },
    /** Cancels a bill still payable at `now`; undefined when it is not (paid, cancelled or past its window). */
    async cancelBill(billId: number, now: Date) {
      // A cancelled traffic package bill voids its pending package in the same transaction.
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(bills)
          .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
          .where(and(eq(bills.id, billId), billStatusIs('unpaid', now)))
          .returning();
        if (row) await endBillEffects(tx, [row], now);
        return row;
      });
    },
    /**
     * A payment the provider took for a bill no longer payable (cancelled, or past its window):
     * kept on the bill with its trade number and flagged for the operator's refund.
     */
    async flagLatePayment(billId: number, values: { provider: string; tradeNo: string; now: Date }, tx: Db = db) {
      const [row] = await tx
        .update(bills)
        .set({ needs_refund: true, provider: values.provider, trade_no: values.tradeNo, updated_at: values.now })
        .where(and(eq(bills.id, billId), sql`${bills.status} <> 'paid'`))
        .returning();
      return row;
    },
    /**
     * The reconciliation job's work (issue 16): unpaid bills inside their window whose provider
     * order is older than `orderedBefore` and that no notification settled (queried), and bills no
     * longer payable whose provider order was never closed (closed). Sandbox bills have no order
     * elsewhere; both lists are bounded per run.
     */
    async listForReconciliation(now: Date, orderedBefore: Date, limit: number) {
      const hasOrder = and(
        sql`${bills.provider_order_id} is not null`,
        sql`${bills.provider} <> 'sandbox'`,
        eq(bills.needs_refund, false),
      );
      const toQuery = await db
        .select({ bill_no: bills.bill_no })
        .from(bills)
        .where(and(hasOrder, billStatusIs('unpaid', now), lt(bills.provider_ordered_at, orderedBefore)))
        .orderBy(bills.provider_ordered_at)
        .limit(limit);
      const toClose = await db
        .select({ bill_no: bills.bill_no })
        .from(bills)
        .where(
          and(
            hasOrder,
            sql`(${bills.status} in ('cancelled', 'expired') or (${bills.status} = 'unpaid' and ${bills.expires_at} <= ${now}))`,
            sql`${bills.updated_at} > ${new Date(now.getTime() - 2 * 86_400_000)}`,
            sql`not exists (select 1 from ${paymentNotifications} where ${paymentNotifications.bill_no} = ${bills.bill_no} and ${paymentNotifications.kind} = 'close' and ${paymentNotifications.result} in ('closed', 'late_payment'))`,
          ),
        )
        .orderBy(bills.updated_at)
        .limit(limit);
      return { toQuery: toQuery.map((row) => row.bill_no), toClose: toClose.map((row) => row.bill_no) };
    },
    /** Keeps the provider's order of an unpaid bill (its id, flow and the charge asked for). */
    async setProviderOrder(
      billId: number,
      values: {
        provider: string;
        providerOrderId: string;
        flow: unknown;
        orderedAt: Date;
        charge: { amount: number; currency: string; rate: string | null } | null;
      },
    ) {
      await db
        .update(bills)
        .set({
          provider: values.provider,
          provider_order_id: values.providerOrderId,
          provider_flow: values.flow,
          provider_ordered_at: values.orderedAt,
          charged_amount: values.charge?.amount ?? null,
          charged_currency: values.charge?.currency ?? null,
          charge_rate: values.charge?.rate ?? null,
          updated_at: values.orderedAt,
        })
        .where(and(eq(bills.id, billId), eq(bills.status, 'unpaid')));
    },
    /** Every notification, query, close and refund of a bill, newest first (the operator's bill detail). */
    async listPaymentEvents(billNo: string, limit = 100) {
      return db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.bill_no, billNo))
        .orderBy(desc(paymentNotifications.id))
        .limit(limit);
    },
    /** Locks a bill in `tx` (the operator's refund: of two at once, the second waits for the first, then finds it refunded). */
    async lockBill(billNo: string, tx: Db) {
      const [row] = await tx.select().from(bills).where(eq(bills.bill_no, billNo)).for('update').limit(1);
      return row;
    },
    /** The operator's full refund: a paid bill (or a late payment flagged for refund) becomes refunded, once. */
    async markRefunded(billId: number, values: { now: Date; reason: string; adminId: number | null }, tx: Db) {
      const [row] = await tx
        .update(bills)
        .set({
          status: 'refunded',
          needs_refund: false,
          refund_state: null,
          refunded_at: values.now,
          refund_reason: values.reason,
          refunded_by_admin_id: values.adminId,
          updated_at: values.now,
        })
        .where(
          and(
            eq(bills.id, billId),
            sql`${bills.refunded_at} is null`,
            sql`(${bills.status} = 'paid' or ${bills.needs_refund})`,
          ),
        )
        .returning();
      return row;
    },
    /**
     * The version a store had before a paid store bill (`beforeBillId`) moved it (a renewal into a
     * higher version): that of its latest paid store bill before that one; null when there is none.
     */
    /** A refund the provider accepted but has not completed: its reason and operator kept, the bill still paid until the provider says. */
    async markRefundPending(billId: number, values: { now: Date; reason: string; adminId: number }, tx: Db) {
      await tx
        .update(bills)
        .set({
          refund_state: 'pending',
          refund_reason: values.reason,
          refunded_by_admin_id: values.adminId,
          updated_at: values.now,
        })
        .where(eq(bills.id, billId));
    },
    /**
     * A refund attempt the provider ended without refunding (ABNORMAL, CLOSED): the operator sees it
     * failed on the bill, and the attempt's number is spent (the next refund is attempt + 1). Only
     * while the bill is still at that attempt and not refunded, so a repeated answer about the same
     * attempt changes nothing; answers the bill when it changed. The operator and reason are kept
     * when given (an attempt that failed at once was never pending).
     */
    async markRefundFailed(
      billId: number,
      values: { now: Date; attempt: number; reason?: string; adminId?: number },
      tx: Db,
    ) {
      const [row] = await tx
        .update(bills)
        .set({
          refund_state: 'failed',
          refund_attempt: values.attempt + 1,
          updated_at: values.now,
          ...(values.reason === undefined ? {} : { refund_reason: values.reason }),
          ...(values.adminId === undefined ? {} : { refunded_by_admin_id: values.adminId }),
        })
        .where(and(eq(bills.id, billId), eq(bills.refund_attempt, values.attempt), sql`${bills.refunded_at} is null`))
        .returning();
      return row;
    },
    /** Bills whose refund the provider has not completed yet, oldest first. */
    async listPendingRefunds(limit: number) {
      const rows = await db
        .select({ bill_no: bills.bill_no })
        .from(bills)
        .where(eq(bills.refund_state, 'pending'))
        .orderBy(bills.updated_at)
        .limit(limit);
      return rows.map((row) => row.bill_no);
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
    /** An operator's account name (who refunded a bill), null when the operator is gone. */
    async adminAccountOf(adminId: number) {
      const [row] = await db.select({ account: admins.account }).from(admins).where(eq(admins.id, adminId)).limit(1);
      return row?.account ?? null;
    },
    async setPayMethod(billId: number, payMethod: NonNullable<BillRow['pay_method']>, now: Date) {
      await db
        .update(bills)
        .set({ pay_method: payMethod, updated_at: now })
        .where(and(eq(bills.id, billId), billStatusIs('unpaid', now)));
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
    /** Records a notification; inside the fulfilment's transaction when it is one that paid a bill. */
    async recordNotification(values: typeof paymentNotifications.$inferInsert, tx: Db = db) {
      await tx.insert(paymentNotifications).values(values);
    },
    /**
     * Takes a notification's nonce inside the caller's transaction; false when it was taken already
     * (a concurrent delivery of the same nonce waits for the first to commit, then finds it taken).
     */
    async claimPaymentNonce(values: { provider: string; nonce: string; expiresAt: Date; now: Date }, tx: Db) {
      const rows = await tx
        .insert(paymentNonces)
        .values({
          provider: values.provider,
          nonce: values.nonce,
          expires_at: values.expiresAt,
          created_at: values.now,
        })
        .onConflictDoNothing()
        .returning({ nonce: paymentNonces.nonce });
      return rows.length === 1;
    },
    /** Drops nonces whose notifications have left the accepted window (a replay is refused as stale then). */
    async purgePaymentNonces(before: Date) {
      const rows = await db
        .delete(paymentNonces)
        .where(lt(paymentNonces.expires_at, before))
        .returning({ nonce: paymentNonces.nonce });
      return rows.length;
    },
  };
}
export type BillRepository = ReturnType<typeof createBillRepository>;
