import type { Clock } from '../lib/clock';
import type { PaymentService } from '../modules/money/payment/payment.service';
import type { JobDefinition } from './boss';

/** How long after its order a bill waits for the notification before the job asks the provider. */
export const RECONCILE_AFTER_MINUTES = 3;
const BILLS_PER_RUN = 50;

/**
 * Reconciliation (docs/payments.md): notifications get lost (Alipay retries over 25 hours, WeChat
 * over hours), so unpaid bills with a provider order and no notification after a few minutes are
 * queried and paid from a verified answer; bills cancelled or expired get their provider order
 * closed (a payment that beat the close is recorded and flagged for refund). One bill's failure
 * does not stop the others; it is retried on the next run.
 */
export function paymentReconcileJob(deps: {
  paymentService: PaymentService;
  clock: Clock;
  log?: (error: unknown, billNo: string) => void;
}): JobDefinition {
  return {
    queue: 'payment-reconcile',
    cron: '* * * * *',
    async run() {
      const now = deps.clock.now();
      const { toQuery, toClose } = await deps.paymentService.listForReconciliation(
        now,
        new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000),
        BILLS_PER_RUN,
      );
      const counts = { queried: 0, paid: 0, closed: 0, failed: 0, refunds: 0 };
      for (const billNo of toQuery) {
        try {
          counts.queried += 1;
          if ((await deps.paymentService.reconcileByQuery(billNo)) === 'paid') counts.paid += 1;
        } catch (error) {
          counts.failed += 1;
          deps.log?.(error, billNo);
        }
      }
      for (const billNo of toClose) {
        try {
          await deps.paymentService.closeOrder(billNo);
          counts.closed += 1;
        } catch (error) {
          counts.failed += 1;
          deps.log?.(error, billNo);
        }
      }
      // Refunds the provider answered PROCESSING (WeChat Pay): asked until it says SUCCESS, ABNORMAL or CLOSED.
      for (const billNo of await deps.paymentService.listPendingRefunds(BILLS_PER_RUN)) {
        try {
          if ((await deps.paymentService.reconcileRefund(billNo)) !== 'pending') counts.refunds += 1;
        } catch (error) {
          counts.failed += 1;
          deps.log?.(error, billNo);
        }
      }
      return counts;
    },
  };
}
