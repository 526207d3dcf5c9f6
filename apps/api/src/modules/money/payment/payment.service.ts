import type { Lang } from '@parlour/contract/errors';
import { findUnsafeText, hasUnsafeCharacter } from '@parlour/contract/schemas';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { pickColumn } from '../../../lib/localized-columns';
import { boundedText, payloadDigest } from '../../../lib/payload-digest';
import { operatorScope } from '../../../lib/tenant-scope';
import {
  PAYMENT_NOTIFY_PATH,
  type Acknowledgement,
  type CloseResult,
  type PaymentNotification,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderPayload,
  type RawNotification,
  type RefundNotification,
  type RefundResult,
  type VerifiedPayment,
} from '../../../providers/payment/payment-provider';
import type { PaymentProviderRegistry } from '../../../providers/payment/payment-provider-registry';
import { SANDBOX_PROVIDER } from '../../../providers/payment/sandbox-payment-provider';
import type { PayMethod } from '@parlour/contract/constants';
import type { TAdminBillDetail } from '@parlour/contract/calls/bill';
import {
  isVersionNotApplied,
  toAdminBill,
  type AfterCommit,
  type BillRow,
  type BillService,
} from '../bill/bill.service';
import type { CashierLinks } from './cashier-link';
import type { PaymentRepository } from './payment.repository';

export type NotificationResult =
  | 'fulfilled'
  | 'duplicate'
  | 'mismatch'
  | 'refused'
  | 'failed_payment'
  | 'ignored'
  | 'late_payment'
  | 'unknown_bill'
  | 'unknown_refund'
  | 'stale'
  | 'replayed'
  | 'refunded'
  | 'failed';

/** How far a notification's signing time may be from our clock, either way. */
export const NOTIFICATION_WINDOW_SECONDS = 300;

/**
 * Results that are not acknowledged, so a provider delivering in good faith tries again or gives up:
 * what failed verification (`refused`: signature, decryption, our merchant / app / seller), what is
 * too old or reuses a nonce, and what names our bill or refund with other facts (`mismatch`).
 * A verified notification naming a bill (`unknown_bill`, out_trade_no) or a refund (`unknown_refund`,
 * out_refund_no) that is not ours is recorded and acknowledged: the providers ask for an answer once
 * the notification is received and verified (WeChat Pay, Alipay and PayPal alike retry for a day or
 * more otherwise), and no retry can make an unknown bill or refund known.
 */
const UNACKNOWLEDGED: ReadonlySet<NotificationResult> = new Set(['refused', 'mismatch', 'stale', 'replayed']);

/**
 * Payment notifications and fulfilment. A notification is trusted only after the provider has
 * checked its signature; it must be signed within five minutes of our clock and carry a nonce never
 * seen (a recorded notification cannot be replayed later; the provider's own redelivery of a payment
 * already taken is acknowledged and changes nothing); it must match the bill's amount and
 * currency; the bill moves from unpaid to paid in one conditional update inside the transaction
 * that takes the nonce, extends the store and records the notification, so replays and concurrent
 * deliveries pay once and extend once, and no paid bill lacks its notification record.
 */
export function createPaymentService(deps: {
  db: Db;
  repository: PaymentRepository;
  /** The bills paid, and what each type does when paid or refunded (bill effects). */
  billService: Pick<BillService, 'findBill' | 'findView' | 'getMerchantBill' | 'effectsOf'>;
  providers: Pick<PaymentProviderRegistry, 'byName' | 'forMethod' | 'chargeOf'>;
  cashierLinks: Pick<CashierLinks, 'pathFor'>;
  clock: Clock;
  /**
   * The platform's public origin (https://console.example.com): the providers' notify and return
   * URLs, and the notify URL given with a refund (WeChat Pay notifies its result there).
   */
  publicOrigin: () => Promise<string>;
}) {
  const { db, repository, billService, providers, clock, cashierLinks } = deps;

  /** `afterCommit`: what the paid bill's effects left for after the transaction (a store's provisioning). */
  type Fulfilment = { result: NotificationResult; afterCommit?: AfterCommit; paid?: BillRow };

  /** Everything a verified notification does, in one transaction with its record. */
  async function fulfil(
    notification: PaymentNotification,
    providerName: string,
    tx: Db,
    now: Date,
  ): Promise<Fulfilment> {
    const isFresh = await repository.claimPaymentNonce(
      {
        provider: providerName,
        nonce: notification.nonce,
        expiresAt: new Date(notification.signedAt.getTime() + NOTIFICATION_WINDOW_SECONDS * 1000),
        now,
      },
      tx,
    );
    const bill = await billService.findBill(notification.billNo, tx);
    // Not our bill (out_trade_no no bill has): nothing to change, delivered again or not; acknowledged (UNACKNOWLEDGED).
    if (!bill) return { result: 'unknown_bill' };
    if (!isFresh) {
      // The provider delivering again the payment we already took (our answer to it was lost): it is
      // acknowledged, or the provider retries for a day, and changes nothing. Any other reuse of a
      // nonce (another bill, another trade) is a replay and refused.
      const isRedelivery =
        bill.status === 'paid' && bill.provider === providerName && bill.trade_no === notification.tradeNo;
      return { result: isRedelivery ? 'duplicate' : 'replayed' };
    }
    if (notification.outcome === 'failed' || notification.outcome === 'ignored') {
      if (!chargeMatches(bill, notification)) return { result: 'mismatch' };
      return { result: notification.outcome === 'failed' ? 'failed_payment' : 'ignored' };
    }
    return applyPayment(bill, notification, providerName, tx, now);
  }

  /** The bill's charge: what the provider was asked to collect (PayPal's converted amount), else the bill's amount. */
  function chargeMatches(bill: BillRow, payment: { amount: number; currency: string }) {
    return (
      (bill.charged_amount ?? bill.amount) === payment.amount &&
      (bill.charged_currency ?? bill.currency) === payment.currency
    );
  }

  /**
   * A verified payment (notification or query) applied to its bill in the caller's transaction: the
   * bill moves unpaid → paid once and what it bought is granted once; a payment for a bill no
   * longer payable is kept on the bill and flagged for refund, never lost.
   */
  async function applyPayment(
    bill: BillRow,
    payment: VerifiedPayment,
    providerName: string,
    tx: Db,
    now: Date,
  ): Promise<Fulfilment> {
    if (!chargeMatches(bill, payment)) return { result: 'mismatch' };
    if (bill.status === 'paid') return { result: 'duplicate' };
    const paid = await repository.markPaid(
      bill.id,
      { paidAt: now, payMethod: payment.payMethod, provider: providerName, tradeNo: payment.tradeNo },
      tx,
    );
    if (!paid) {
      // Lost the race to another delivery of the same payment (its commit is visible once the update waited for it), or the bill is no longer payable.
      const current = await billService.findBill(bill.bill_no, tx);
      if (current?.status === 'paid') return { result: 'duplicate' };
      // The sandbox pays nothing real: a late click is simply refused.
      if (providerName === SANDBOX_PROVIDER || !current) return { result: 'refused' };
      await repository.flagLatePayment(current.id, { provider: providerName, tradeNo: payment.tradeNo, now }, tx);
      return { result: 'late_payment' };
    }
    const afterCommit = await billService.effectsOf(paid.type)?.applyPaid(paid, tx);
    return { result: 'fulfilled', paid, afterCommit };
  }

  function answer(
    result: NotificationResult,
    provider: PaymentProvider,
  ): { isAccepted: boolean; acknowledgement: Acknowledgement; result: NotificationResult } {
    // A valid notification we will not act on again is still acknowledged, or the provider retries forever.
    const isAccepted = !UNACKNOWLEDGED.has(result);
    return { isAccepted, acknowledgement: provider.acknowledge(isAccepted), result };
  }

  /** The provider's side of a bill that has a provider order. */
  function orderOf(bill: BillRow): ProviderOrder {
    return {
      billNo: bill.bill_no,
      providerOrderId: bill.provider_order_id ?? bill.bill_no,
      amount: bill.charged_amount ?? bill.amount,
      currency: bill.charged_currency ?? bill.currency,
      tradeNo: bill.trade_no,
    };
  }

  /** A query, close or refund of a provider order, as stored with the bill's notifications. */
  function recordEvent(
    kind: 'query' | 'close' | 'refund',
    bill: BillRow,
    result: string,
    payload: Record<string, unknown>,
    tx?: Db,
  ) {
    return repository.recordNotification(
      {
        kind,
        provider: bill.provider ?? '',
        bill_no: bill.bill_no,
        outcome: kind,
        amount: bill.charged_amount ?? bill.amount,
        currency: bill.charged_currency ?? bill.currency,
        trade_no: bill.trade_no,
        result: result as NotificationResult,
        payload,
      },
      tx,
    );
  }

  /**
   * Asks the provider about an unpaid bill's order and pays it from a verified "paid" answer (a lost
   * notification, the return page's poll, PayPal's capture on return). Answers the bill's state after.
   */
  async function reconcileByQuery(billNo: string): Promise<'paid' | 'unpaid' | 'closed' | 'late_payment' | 'skipped'> {
    const bill = await billService.findBill(billNo);
    if (
      !bill ||
      !bill.provider ||
      !bill.provider_order_id ||
      bill.provider === SANDBOX_PROVIDER ||
      bill.status === 'paid' ||
      bill.needs_refund
    )
      return 'skipped';
    const provider = await providers.byName(bill.provider);
    if (!provider) return 'skipped';
    const answer = await provider.query(orderOf(bill));
    if (answer.state !== 'paid') {
      await recordEvent('query', bill, answer.state === 'closed' ? 'closed' : 'unpaid', answer.payload);
      return answer.state;
    }
    if (answer.payment.billNo !== bill.bill_no) {
      await recordEvent('query', bill, 'mismatch', answer.payload);
      return 'unpaid';
    }
    const now = clock.now();
    const outcome = await db.transaction(async (tx) => {
      const current = (await billService.findBill(billNo, tx)) ?? bill;
      const fulfilment = await applyPayment(current, answer.payment, provider.name, tx, now);
      await recordEvent('query', current, fulfilment.result, answer.payload, tx);
      return fulfilment;
    });
    await outcome.afterCommit?.();
    if (outcome.result === 'fulfilled' || outcome.result === 'duplicate') return 'paid';
    return outcome.result === 'late_payment' ? 'late_payment' : 'unpaid';
  }

  /** Closes the provider order of a bill that will not be paid (cancelled, expired); a payment that beat the close is recorded. */
  async function closeOrder(billNo: string) {
    const bill = await billService.findBill(billNo);
    if (
      !bill ||
      !bill.provider ||
      !bill.provider_order_id ||
      bill.provider === SANDBOX_PROVIDER ||
      bill.status === 'paid'
    )
      return;
    const provider = await providers.byName(bill.provider);
    if (!provider) return;
    // A provider out of reach is a failed close, recorded like its refusal (the reconciliation job tries again).
    const answer: CloseResult = await provider.close(orderOf(bill)).catch((error: unknown) => ({
      outcome: 'failed' as const,
      error: boundedText(error instanceof Error ? error.message : String(error)),
      payload: {},
    }));
    await recordEvent(
      'close',
      bill,
      answer.outcome === 'paid' ? 'late_payment' : answer.outcome,
      answer.outcome === 'failed' ? { ...answer.payload, error: answer.error } : answer.payload,
    );
    if (answer.outcome === 'paid') await reconcileByQuery(billNo);
  }

  /** Asks the provider to refund the bill's whole charge; a failure to reach it is a failed refund, not a crash. */
  async function askRefund(
    provider: PaymentProvider,
    bill: BillRow,
    reason: string,
    notifyUrl: string | undefined,
  ): Promise<RefundResult> {
    try {
      return await provider.refund(orderOf(bill), {
        refundNo: refundNoOf(bill),
        amount: bill.charged_amount ?? bill.amount,
        reason,
        ...(notifyUrl ? { notifyUrl } : {}),
      });
    } catch (error) {
      return {
        outcome: 'failed',
        error: boundedText(error instanceof Error ? error.message : String(error)),
        payload: {},
      };
    }
  }

  /** What a refunded bill bought, taken back in the refund's transaction. */
  async function revoke(bill: BillRow, tx: Db) {
    await billService.effectsOf(bill.type)?.revokePaid(bill, tx);
  }

  /**
   * The operator's full refund of a bill through its provider (docs/payments.md), with a reason. In
   * one transaction (inside the operator call's unit of work): the bill is locked, so of two refunds
   * at once the second waits and answers BILL_REFUNDED; the provider is asked with a refund number
   * made from the bill (its idempotency key: asking again never refunds twice); the bill becomes
   * refunded, what it bought is revoked (a late payment bought nothing) and the refund is stored with
   * the bill's events. A refusal by the provider changes nothing but its record, and answers
   * REFUND_FAILED with the provider's words.
   */
  async function refundBill(billNo: string, options: { adminId: number; reason: string }) {
    const found = await billService.findBill(billNo);
    if (!found) throw new AppError('NOT_FOUND');
    if (found.status === 'refunded') throw new AppError('BILL_REFUNDED');
    if (!isRefundable(found)) throw new AppError('BILL_STATE_INVALID', { messages: NOT_REFUNDABLE });
    // Before the transaction: the provider's settings are read on the database's own connection.
    const provider = await providers.byName(found.provider!);
    if (!provider) throw new AppError('REFUND_FAILED', { messages: PROVIDER_OFF });
    const notifyUrl = deps.publicOrigin
      ? `${await deps.publicOrigin()}${PAYMENT_NOTIFY_PATH}/${provider.name}`
      : undefined;
    const now = clock.now();
    const outcome = await db.transaction(async (tx) => {
      const bill = await repository.lockBill(billNo, tx);
      if (!bill) throw new AppError('NOT_FOUND');
      if (bill.status === 'refunded') throw new AppError('BILL_REFUNDED');
      if (!isRefundable(bill)) throw new AppError('BILL_STATE_INVALID', { messages: NOT_REFUNDABLE });
      const answer = await askRefund(provider, bill, options.reason, notifyUrl);
      const record = { refund_no: refundNoOf(bill), reason: options.reason, admin_id: options.adminId };
      if (answer.outcome === 'failed') {
        // Ended at the provider (WeChat Pay ABNORMAL, CLOSED): failed on the bill, and the next refund takes a new number.
        if (answer.isNumberSpent)
          await repository.markRefundFailed(
            bill.id,
            { now, attempt: bill.refund_attempt, reason: options.reason, adminId: options.adminId },
            tx,
          );
        return { bill, failed: { ...record, ...answer.payload, error: answer.error } };
      }
      if (answer.outcome === 'pending') {
        // Accepted, not done (WeChat Pay PROCESSING): nothing is revoked until the reconciliation job's query says SUCCESS.
        await repository.markRefundPending(bill.id, { now, reason: options.reason, adminId: options.adminId }, tx);
        await recordEvent('refund', bill, 'pending', { ...record, ...answer.payload, refund_id: answer.refundId }, tx);
        return { bill: (await billService.findBill(billNo, tx)) ?? bill, failed: null };
      }
      const refunded = await repository.markRefunded(
        bill.id,
        { now, reason: options.reason, adminId: options.adminId },
        tx,
      );
      if (!refunded) throw new AppError('BILL_REFUNDED');
      if (bill.status === 'paid') await revoke(bill, tx);
      await recordEvent(
        'refund',
        bill,
        answer.outcome,
        { ...record, ...answer.payload, refund_id: answer.refundId },
        tx,
      );
      return { bill: refunded, failed: null };
    });
    if (outcome.failed) {
      await recordEvent('refund', outcome.bill, 'failed', outcome.failed);
      const error = outcome.failed.error;
      throw new AppError('REFUND_FAILED', {
        messages: { 'zh-CN': `退款失败：${error}`, 'en-US': `The refund failed: ${error}` },
      });
    }
    return outcome.bill;
  }

  /**
   * Asks the provider about a refund it answered pending (the reconciliation job): SUCCESS makes the
   * bill refunded and revokes what it bought, in one transaction with the query's record; ABNORMAL or
   * CLOSED records the refund as failed on the bill; still PROCESSING records the query and waits.
   */
  async function reconcileRefund(billNo: string): Promise<'refunded' | 'pending' | 'failed' | 'skipped'> {
    const found = await billService.findBill(billNo);
    if (!found || found.refund_state !== 'pending' || !found.provider) return 'skipped';
    const provider = await providers.byName(found.provider);
    if (!provider?.queryRefund) return 'skipped';
    const answer = await provider.queryRefund(orderOf(found), refundNoOf(found));
    const now = clock.now();
    return db.transaction(async (tx) => {
      const bill = await repository.lockBill(billNo, tx);
      if (!bill || bill.refund_state !== 'pending') return 'skipped' as const;
      const record = { refund_no: refundNoOf(bill), reason: bill.refund_reason, admin_id: bill.refunded_by_admin_id };
      if (answer.outcome === 'pending') {
        await recordEvent('refund', bill, 'pending', { ...record, ...answer.payload }, tx);
        return 'pending' as const;
      }
      if (answer.outcome === 'failed') {
        await repository.markRefundFailed(bill.id, { now, attempt: bill.refund_attempt }, tx);
        await recordEvent('refund', bill, 'failed', { ...record, ...answer.payload, error: answer.error }, tx);
        return 'failed' as const;
      }
      const refunded = await repository.markRefunded(
        bill.id,
        { now, reason: bill.refund_reason ?? '', adminId: bill.refunded_by_admin_id },
        tx,
      );
      if (!refunded) return 'skipped' as const;
      if (bill.status === 'paid') await revoke(bill, tx);
      await recordEvent('refund', bill, 'refunded', { ...record, ...answer.payload, refund_id: answer.refundId }, tx);
      return 'refunded' as const;
    });
  }

  /**
   * What a verified refund notification does, in the caller's transaction with its record (WeChat
   * Pay REFUND.*): the nonce is taken and the bill locked, so replays and concurrent deliveries act
   * once. A refund that is not ours — no bill under its out_trade_no, a bill another provider took,
   * or an out_refund_no we never asked under (not one of the bill's attempts: say one made by hand
   * in the merchant platform) — is `unknown_refund`: recorded and acknowledged, changing nothing.
   * One of ours must be for the bill's whole charge (`mismatch` otherwise). SUCCESS refunds the bill
   * and revokes what it bought (the same as the job's query finding it); ABNORMAL or CLOSED of the
   * bill's current attempt marks the refund failed and spends its number; anything about a refund
   * already applied changes nothing and is acknowledged.
   */
  async function applyRefundNotification(
    refund: RefundNotification,
    providerName: string,
    tx: Db,
    now: Date,
  ): Promise<NotificationResult> {
    const isFresh = await repository.claimPaymentNonce(
      {
        provider: providerName,
        nonce: refund.nonce,
        expiresAt: new Date(refund.signedAt.getTime() + NOTIFICATION_WINDOW_SECONDS * 1000),
        now,
      },
      tx,
    );
    const bill = await repository.lockBill(refund.billNo, tx);
    const attempt = bill && bill.provider === providerName ? refundAttemptOf(bill, refund.refundNo) : null;
    // Not our refund: nothing to change, delivered again or not; acknowledged (UNACKNOWLEDGED).
    if (!bill || attempt === null || attempt > bill.refund_attempt) return 'unknown_refund';
    const isAlreadyApplied = (current: BillRow) =>
      refund.outcome === 'refunded'
        ? current.status === 'refunded'
        : refund.refundNo !== refundNoOf(current) || current.refund_state === 'failed';
    if (!isFresh) return isAlreadyApplied(bill) ? 'duplicate' : 'replayed';
    const charge = bill.charged_amount ?? bill.amount;
    if (refund.amount !== charge || refund.total !== charge) return 'mismatch';
    if (refund.outcome === 'ignored') return 'ignored';
    if (isAlreadyApplied(bill)) return 'duplicate';
    if (refund.outcome === 'failed') {
      const failed = await repository.markRefundFailed(bill.id, { now, attempt: bill.refund_attempt }, tx);
      return failed ? 'failed' : 'duplicate';
    }
    const refunded = await repository.markRefunded(
      bill.id,
      { now, reason: bill.refund_reason ?? '', adminId: bill.refunded_by_admin_id },
      tx,
    );
    if (!refunded) return 'duplicate';
    if (bill.status === 'paid') await revoke(bill, tx);
    return 'refunded';
  }

  /** A verified refund notification: recorded with the bill's events (kind notification) in the transaction that applies it. */
  async function handleRefundNotification(refund: RefundNotification, providerName: string, payload: ProviderPayload) {
    const record = (result: NotificationResult, tx?: Db) =>
      repository.recordNotification(
        {
          provider: providerName,
          bill_no: boundedText(refund.billNo),
          outcome: REFUND_OUTCOMES[refund.outcome],
          amount: refund.amount,
          trade_no: boundedText(refund.refundId),
          result,
          payload,
        },
        tx,
      );
    const now = clock.now();
    if (Math.abs(now.getTime() - refund.signedAt.getTime()) > NOTIFICATION_WINDOW_SECONDS * 1000) {
      await record('stale');
      return 'stale' as const;
    }
    return db.transaction(async (tx) => {
      const result = await applyRefundNotification(refund, providerName, tx, now);
      await record(result, tx);
      return result;
    });
  }

  /**
   * Creates the provider's order for the bill through its pay method's provider and answers where
   * to pay: our cashier page, which shows the method's flow (QR, redirect, the sandbox's buttons).
   */
  async function paymentFor(bill: BillRow, lang: Lang) {
    const payMethod = bill.pay_method ?? 'alipay';
    const provider = await providers.forMethod(payMethod);
    if (!provider) {
      throw new AppError('PAYMENT_FAILED', {
        messages: {
          'zh-CN': '平台尚未配置支付渠道，请联系客服',
          'en-US': 'No payment provider is configured, please contact support',
        },
      });
    }
    const origin = await deps.publicOrigin();
    const charge = await providers.chargeOf(provider.name, bill);
    const { flow, providerOrderId } = await provider.createPayment({
      billNo: bill.bill_no,
      amount: charge.amount,
      currency: charge.currency,
      payMethod,
      productName: pickColumn(bill, 'product_name', lang),
      expiresAt: bill.expires_at,
      notifyUrl: `${origin}${PAYMENT_NOTIFY_PATH}/${provider.name}`,
      returnUrl: `${origin}${await cashierLinks.pathFor(bill.bill_no, { isReturn: true })}`,
    });
    const isConverted = charge.amount !== bill.amount || charge.currency !== bill.currency;
    await repository.setProviderOrder(bill.id, {
      provider: provider.name,
      providerOrderId,
      flow,
      orderedAt: clock.now(),
      charge: isConverted ? charge : null,
    });
    const payUrl = await cashierLinks.pathFor(bill.bill_no);
    return {
      bill_no: bill.bill_no,
      provider: provider.name,
      pay_method: payMethod,
      pay_url: payUrl,
      expires_at: bill.expires_at.toISOString(),
    };
  }

  /** Refuses a pay method no provider takes now (not enabled or not configured by the operator). */
  async function assertMethodOffered(payMethod: PayMethod) {
    if (await providers.forMethod(payMethod)) return;
    throw new AppError('PAYMENT_FAILED', {
      messages: {
        'zh-CN': '平台尚未配置支付渠道，请联系客服',
        'en-US': 'No payment provider is configured, please contact support',
      },
    });
  }

  /** Where to pay an unpaid bill of the merchant's; an expired one answers ORDER_EXPIRED. */
  async function payPage(merchantId: number, billNo: string, lang: Lang, payMethod?: PayMethod) {
    const bill = await billService.getMerchantBill(merchantId, billNo);
    if (bill.status === 'expired') throw new AppError('ORDER_EXPIRED');
    if (bill.status !== 'unpaid') throw new AppError('BILL_STATE_INVALID');
    if (payMethod && payMethod !== bill.pay_method) {
      await assertMethodOffered(payMethod);
      await repository.setPayMethod(bill.id, payMethod, clock.now());
      bill.pay_method = payMethod;
    }
    return paymentFor(bill, lang);
  }

  /**
   * The operator's bill detail (docs/payments.md): the bill, its provider's side, its refund and every stored
   * payment event, newest first.
   */
  async function adminDetail(billNo: string, lang: Lang): Promise<TAdminBillDetail> {
    const view = await billService.findView(billNo, operatorScope);
    if (!view) throw new AppError('NOT_FOUND');
    const events = await repository.listPaymentEvents(billNo);
    const refundedBy =
      view.refunded_by_admin_id === null ? null : await repository.adminAccountOf(view.refunded_by_admin_id);
    return {
      ...toAdminBill(view, lang),
      provider: view.provider,
      provider_order_id: view.provider_order_id,
      trade_no: view.trade_no,
      charged_amount: view.charged_amount,
      charged_currency: view.charged_currency,
      charge_rate: view.charge_rate,
      needs_refund: view.needs_refund,
      version_not_applied: isVersionNotApplied(view),
      can_refund: isRefundable(view),
      refunded_at: view.refunded_at?.toISOString() ?? null,
      refund_reason: view.refund_reason,
      refunded_by: refundedBy,
      events: events.map((event) => ({
        id: event.id,
        kind: event.kind,
        provider: event.provider,
        outcome: event.outcome,
        result: event.result,
        amount: event.amount,
        currency: event.currency,
        trade_no: event.trade_no,
        payload: (event.payload ?? {}) as Record<string, unknown>,
        created_at: event.created_at.toISOString(),
      })),
    };
  }

  return {
    /** Drops nonces whose notifications left the accepted window (a replay is refused as stale then). */
    purgeNonces: (before: Date) => repository.purgePaymentNonces(before),
    /** The reconciliation job's bills: to query, to close, refunds still pending (payment.repository). */
    listForReconciliation: repository.listForReconciliation,
    listPendingRefunds: repository.listPendingRefunds,
    paymentFor,
    assertMethodOffered,
    payPage,
    adminDetail,
    reconcileByQuery,
    reconcileRefund,
    closeOrder,
    refundBill,
    orderOf,
    recordEvent,
    /**
     * Handles a notification as POSTed by the provider; answers what to acknowledge. Of the body only
     * a bounded digest is stored (size, SHA-256, first characters): a stranger's payload never is.
     */
    async handleNotification(providerName: string, raw: RawNotification) {
      const provider = await providers.byName(providerName);
      if (!provider) throw new AppError('NOT_FOUND');
      const body = parseNotificationBody(raw);
      // No provider signs text holding a NUL or a lone surrogate, and PostgreSQL cannot store it
      // (docs/SECURITY.md, Input bounds): refused like a forged notification, recorded with the
      // field but not its text.
      const unsafePath = findUnsafeText(body);
      if (unsafePath) {
        await repository.recordNotification({
          provider: providerName,
          bill_no: '',
          outcome: 'invalid',
          result: 'refused',
          payload: {
            unsafe_character_in: unsafePath
              .map((segment) => (hasUnsafeCharacter(String(segment)) ? '?' : String(segment)))
              .join('.'),
          },
        });
        return answer('refused', provider);
      }
      const digest = payloadDigest(body);
      const verdict = await provider.verifyNotification(raw);
      if (verdict.kind === 'invalid') {
        const billNo = boundedText(verdict.billNo ?? (body as { bill_no?: unknown } | null)?.bill_no);
        await repository.recordNotification({
          provider: providerName,
          bill_no: billNo,
          outcome: 'invalid',
          result: 'refused',
          payload: { ...digest, reason: boundedText(verdict.reason), provider: verdict.payload },
        });
        return answer('refused', provider);
      }
      if (verdict.kind === 'refund')
        return answer(
          await handleRefundNotification(verdict.refund, providerName, { ...digest, provider: verdict.payload }),
          provider,
        );
      const { notification } = verdict;
      const payload = { ...digest, provider: verdict.payload };
      const record = (result: NotificationResult, tx?: Db) =>
        repository.recordNotification(
          {
            provider: providerName,
            bill_no: boundedText(notification.billNo),
            outcome: notification.outcome,
            amount: notification.amount,
            currency: boundedText(notification.currency, 8),
            trade_no: boundedText(notification.tradeNo),
            result,
            payload,
          },
          tx,
        );
      const now = clock.now();
      if (Math.abs(now.getTime() - notification.signedAt.getTime()) > NOTIFICATION_WINDOW_SECONDS * 1000) {
        await record('stale');
        return answer('stale', provider);
      }
      const outcome = await db.transaction(async (tx) => {
        const fulfilment = await fulfil(notification, providerName, tx, now);
        await record(fulfilment.result, tx);
        return fulfilment;
      });
      await outcome.afterCommit?.();
      return answer(outcome.result, provider);
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;

/**
 * Whether an operator may refund the bill through its provider (docs/payments.md): paid online, or
 * a payment that arrived after the bill was cancelled or expired (flagged for refund), and not
 * refunded yet. Offline bills were never paid through a provider.
 */
export function isRefundable(
  bill: Pick<BillRow, 'status' | 'channel' | 'provider' | 'needs_refund' | 'refunded_at' | 'refund_state'>,
) {
  return (
    bill.channel === 'online' &&
    bill.provider !== null &&
    bill.refunded_at === null &&
    bill.refund_state !== 'pending' &&
    (bill.status === 'paid' || bill.needs_refund)
  );
}

/**
 * Our refund number of a bill's current refund attempt, the provider's idempotency key: R<bill_no>
 * for the first, R<bill_no>-2, -3, … after attempts the provider ended without refunding (WeChat Pay
 * needs a new out_refund_no after ABNORMAL or CLOSED). Asking again within one attempt reuses it.
 */
export const refundNoOf = (bill: Pick<BillRow, 'bill_no' | 'refund_attempt'>) =>
  bill.refund_attempt <= 1 ? `R${bill.bill_no}` : `R${bill.bill_no}-${bill.refund_attempt}`;

/** The attempt a refund number of the bill names (1 for R<bill_no>), or null when it is not one of the bill's. */
export function refundAttemptOf(bill: Pick<BillRow, 'bill_no'>, refundNo: string): number | null {
  const base = `R${bill.bill_no}`;
  if (refundNo === base) return 1;
  const match = refundNo.startsWith(`${base}-`) ? /^([2-9]|[1-9]\d{1,5})$/.exec(refundNo.slice(base.length + 1)) : null;
  return match ? Number(match[1]) : null;
}

/** How a refund notification's outcome is stored with the bill's events (the detail names each). */
const REFUND_OUTCOMES = { refunded: 'refund_succeeded', failed: 'refund_failed', ignored: 'refund_other' } as const;

const NOT_REFUNDABLE = {
  'zh-CN': '只有在线支付成功（或取消、过期后到账）且未退款的账单可以退款',
  'en-US':
    'Only a bill paid online (or a payment that arrived after it was cancelled or expired) can be refunded, once',
};
const PROVIDER_OFF = {
  'zh-CN': '该账单的支付渠道未配置，无法退款，请先在支付设置中配置',
  'en-US':
    "This bill's payment provider is not configured, so it cannot be refunded; configure it in the payment settings first",
};

/**
 * The notification's body as data, for the unsafe-text check and the stored digest: JSON or a
 * form as an object, anything else as its text. Providers verify the raw text themselves.
 */
export function parseNotificationBody(raw: RawNotification): unknown {
  const contentType = String(raw.headers['content-type'] ?? '').toLowerCase();
  if (contentType.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(raw.rawBody));
  if (contentType.includes('json')) {
    try {
      return JSON.parse(raw.rawBody);
    } catch {
      return raw.rawBody;
    }
  }
  return raw.rawBody;
}
