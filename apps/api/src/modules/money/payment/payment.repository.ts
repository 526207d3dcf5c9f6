import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { admins, bills, paymentNonces, paymentNotifications } from '../../../db/schema/index';
import { billStatusIs } from '../../../db/derived/bill-status';

type BillRow = typeof bills.$inferSelect;

/**
 * The payment module's tables and columns: the provider's side of a bill (its order, charge, trade
 * number, paid and refund marks), the notifications, queries, closes and refunds kept with it, and
 * the notification nonces. The bill module owns the bill itself (its number, lines, window, status
 * until paid); this module moves it to paid and to refunded.
 */
export function createPaymentRepository(db: Db) {
  return {
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
     * The reconciliation job's work (docs/payments.md): unpaid bills inside their window whose
     * provider order is older than `orderedBefore` and that no notification settled (queried), and
     * bills no longer payable whose provider order was never closed (closed). Sandbox bills have no
     * order elsewhere; both lists are bounded per run.
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
            sql`not exists (select 1 from ${paymentNotifications}
              where ${paymentNotifications.bill_no} = ${bills.bill_no} and ${paymentNotifications.kind} = 'close'
              and ${paymentNotifications.result} in ('closed', 'late_payment'))`,
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
    async setPayMethod(billId: number, payMethod: NonNullable<BillRow['pay_method']>, now: Date) {
      await db
        .update(bills)
        .set({ pay_method: payMethod, updated_at: now })
        .where(and(eq(bills.id, billId), billStatusIs('unpaid', now)));
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
    /** An operator's account name (who refunded a bill), null when the operator is gone. */
    async adminAccountOf(adminId: number) {
      const [row] = await db.select({ account: admins.account }).from(admins).where(eq(admins.id, adminId)).limit(1);
      return row?.account ?? null;
    },
  };
}
export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
