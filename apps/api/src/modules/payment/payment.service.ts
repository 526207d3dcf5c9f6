import type { Lang } from '@parlour/contract/errors';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { pickColumn } from '../../lib/localized-columns';
import { systemScope } from '../../lib/tenant-scope';
import type { PaymentNotification, PaymentProvider } from '../../providers/payment/payment-provider';
import type { SandboxPaymentProvider } from '../../providers/payment/sandbox-payment-provider';
import type { BillRepository, BillRow } from '../bill/bill.repository';
import type { ShopService } from '../shop/shop.service';
import type { TrafficPackageService } from '../traffic-package/traffic-package.service';

export type NotificationResult = 'fulfilled' | 'duplicate' | 'mismatch' | 'refused' | 'failed_payment' | 'unknown_bill';

/**
 * Payment notifications and fulfilment. A notification is trusted only after the provider has
 * checked its signature; it must match the bill's amount and currency; the bill moves from unpaid
 * to paid in one conditional update inside the transaction that extends the store, so replays and
 * concurrent deliveries pay once and extend once.
 */
export function createPaymentService(deps: {
  db: Db;
  billRepository: BillRepository;
  shopService: ShopService;
  /** Activates the package of a paid traffic_package bill, in the payment's transaction. */
  trafficPackageService?: Pick<TrafficPackageService, 'applyPaidPackageBill'>;
  provider: PaymentProvider | null;
  clock: Clock;
}) {
  const { db, billRepository, shopService, provider, clock } = deps;

  async function fulfil(notification: PaymentNotification, providerName: string): Promise<NotificationResult> {
    const bill = await billRepository.findBill(notification.billNo);
    if (!bill) return 'unknown_bill';
    if (bill.amount !== notification.amount || bill.currency !== notification.currency) return 'mismatch';
    if (notification.outcome === 'failed') return 'failed_payment';
    if (bill.status === 'paid') return 'duplicate';
    const now = clock.now();
    const outcome = await db.transaction(async (tx) => {
      const paid = await billRepository.markPaid(bill.id, { paidAt: now, payMethod: notification.payMethod, provider: providerName, tradeNo: notification.tradeNo }, tx);
      if (!paid) return { result: 'refused' as const };
      const applied = paid.type === 'new_store' || paid.type === 'renewal' ? await shopService.applyPaidStoreBill(paid, tx) : { needsProvisioning: false };
      if (paid.type === 'traffic_package') await deps.trafficPackageService?.applyPaidPackageBill(paid, tx);
      return { result: 'fulfilled' as const, paid, ...applied };
    });
    if (outcome.result === 'refused') {
      // Lost the race to another delivery of the same payment, or the bill is no longer payable.
      const current = await billRepository.findBill(bill.bill_no);
      return current?.status === 'paid' ? 'duplicate' : 'refused';
    }
    if (outcome.needsProvisioning && outcome.paid.shop_ref) await shopService.startProvisioning(outcome.paid.shop_ref);
    return 'fulfilled';
  }

  return {
    /** Handles a notification as POSTed by the provider; answers what to acknowledge. */
    async handleNotification(providerName: string, body: unknown) {
      if (!provider || provider.name !== providerName) throw new AppError('NOT_FOUND');
      const notification = await provider.verifyNotification(body);
      if (!notification) {
        await billRepository.recordNotification({ provider: providerName, bill_no: String((body as { bill_no?: unknown })?.bill_no ?? ''), outcome: 'invalid', result: 'refused', payload: body ?? {} });
        return { isAccepted: false, acknowledgement: provider.acknowledgement.rejected, result: 'refused' as NotificationResult };
      }
      const result = await fulfil(notification, providerName);
      await billRepository.recordNotification({
        provider: providerName,
        bill_no: notification.billNo,
        outcome: notification.outcome,
        amount: notification.amount,
        currency: notification.currency,
        trade_no: notification.tradeNo,
        result,
        payload: body as object,
      });
      // A valid notification we will not act on again is still acknowledged, or the provider retries forever.
      const isAccepted = result !== 'mismatch' && result !== 'unknown_bill';
      return { isAccepted, acknowledgement: isAccepted ? provider.acknowledgement.accepted : provider.acknowledgement.rejected, result };
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;

/** The sandbox cashier: the bill behind a signed link, and the payer's pay / fail click. */
export function createSandboxCashier(deps: {
  provider: SandboxPaymentProvider;
  billRepository: BillRepository;
  clock: Clock;
  /** Delivers a notification through the HTTP notify endpoint, the path a real provider takes. */
  deliver: (body: object) => Promise<void>;
}) {
  const { provider, billRepository, clock } = deps;

  function returnPath(bill: BillRow, shopSlug: string | null) {
    if (bill.type === 'new_store' && shopSlug) return `/merchant/store?init=${encodeURIComponent(shopSlug)}`;
    if (bill.type === 'traffic_package') return `/merchant/traffic?tab=packages&paid=${encodeURIComponent(bill.bill_no)}`;
    return `/merchant/bill?paid=${encodeURIComponent(bill.bill_no)}`;
  }

  async function load(billNo: string, token: string) {
    if (!(await provider.isValidCashierToken(billNo, token))) throw new AppError('NOT_FOUND');
    // The status at this read (an unpaid bill past its window reads as expired); reads never write it.
    const view = await billRepository.findBillView(billNo, systemScope, clock.now());
    if (!view) throw new AppError('NOT_FOUND');
    return view;
  }

  function toCashierBill(view: Awaited<ReturnType<typeof load>>, lang: Lang) {
    return {
      bill_no: view.bill_no,
      shop_name: view.shop_name,
      product_name: pickColumn(view, 'product_name', lang),
      amount: view.amount,
      currency: view.currency,
      pay_method: view.pay_method ?? 'alipay',
      status: view.status,
      expires_at: view.expires_at.toISOString(),
      return_path: returnPath(view, view.shop_id),
    };
  }

  return {
    async detail(billNo: string, token: string, lang: Lang = 'zh-CN') {
      return toCashierBill(await load(billNo, token), lang);
    },
    async submit(billNo: string, token: string, outcome: 'paid' | 'failed', lang: Lang = 'zh-CN') {
      const view = await load(billNo, token);
      if (view.status === 'expired') throw new AppError('ORDER_EXPIRED');
      if (view.status !== 'unpaid') throw new AppError('BILL_STATE_INVALID');
      const notification = await provider.buildNotification(
        { billNo: view.bill_no, amount: view.amount, currency: view.currency, payMethod: view.pay_method ?? 'alipay', outcome },
        clock.now(),
      );
      await deps.deliver(notification);
      if (outcome === 'failed') throw new AppError('PAYMENT_FAILED');
      const after = await load(billNo, token);
      if (after.status === 'expired') throw new AppError('ORDER_EXPIRED');
      if (after.status !== 'paid') throw new AppError('PAYMENT_FAILED');
      return toCashierBill(after, lang);
    },
  };
}
export type SandboxCashier = ReturnType<typeof createSandboxCashier>;
