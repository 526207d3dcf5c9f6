import type { Lang } from '@parlour/contract/errors';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { pickColumn } from '../../../lib/localized-columns';
import { systemScope } from '../../../lib/tenant-scope';
import type { PaymentFlow } from '../../../providers/payment/payment-provider';
import { SANDBOX_PROVIDER, type SandboxPaymentProvider } from '../../../providers/payment/sandbox-payment-provider';
import type { BillRow, BillService } from '../bill/bill.service';
import type { CashierLinks } from './cashier-link';

/** A provider's flow as the cashier call answers it (snake_case like every answer). */
function cashierFlow(flow: PaymentFlow | null) {
  if (!flow) return null;
  return flow.flow === 'qr' ? { flow: 'qr' as const, code_url: flow.codeUrl } : flow;
}

/** The provider's charge as the cashier shows it: only when it differs from the bill's amount and currency. */
function chargedOf(bill: Pick<BillRow, 'amount' | 'currency' | 'charged_amount' | 'charged_currency' | 'charge_rate'>) {
  const differs =
    bill.charged_amount !== null &&
    bill.charged_currency !== null &&
    (bill.charged_currency !== bill.currency || bill.charged_amount !== bill.amount);
  return differs
    ? { charged_amount: bill.charged_amount, charged_currency: bill.charged_currency, charge_rate: bill.charge_rate }
    : { charged_amount: null, charged_currency: null, charge_rate: null };
}

/**
 * The cashier: our pay page for every provider. It shows the bill behind a signed link (asking the
 * provider about an unpaid one), the provider's flow (QR code, redirect), and — only while the sandbox
 * provider is on — the payer's pay / fail buttons, delivered as the sandbox's signed notification.
 */
export function createCashierService(deps: {
  /** The sandbox provider, when it is on: its pay / fail buttons. */
  provider: SandboxPaymentProvider | null;
  /** Asks the provider about the bill (the return page's poll): paid only from a verified answer. */
  reconcileByQuery?: (billNo: string) => Promise<unknown>;
  links: CashierLinks;
  billService: Pick<BillService, 'findView'>;
  clock: Clock;
  /** Delivers a notification through the HTTP notify endpoint, the path a real provider takes. */
  deliver: (body: object) => Promise<void>;
}) {
  const { provider, billService, clock } = deps;

  function returnPath(bill: BillRow, shopSlug: string | null) {
    if (bill.type === 'new_store' && shopSlug) return `/merchant/store?init=${encodeURIComponent(shopSlug)}`;
    // A store's package is listed under that store's packages, not under the general ones the tab opens on.
    if (bill.type === 'traffic_package' && shopSlug)
      return `/merchant/traffic?tab=packages&kind=store&shop_id=${encodeURIComponent(shopSlug)}&paid=${encodeURIComponent(bill.bill_no)}`;
    if (bill.type === 'traffic_package')
      return `/merchant/traffic?tab=packages&paid=${encodeURIComponent(bill.bill_no)}`;
    if (bill.type === 'plugin' && shopSlug)
      return `/merchant/plugin?tab=mine&shop_id=${encodeURIComponent(shopSlug)}&paid=${encodeURIComponent(bill.bill_no)}`;
    return `/merchant/bill?paid=${encodeURIComponent(bill.bill_no)}`;
  }

  async function load(billNo: string, token: string) {
    if (!(await deps.links.isValid(billNo, token))) throw new AppError('NOT_FOUND');
    // The status at this read (an unpaid bill past its window reads as expired); reads never write it.
    const view = await billService.findView(billNo, systemScope);
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
      provider: view.provider,
      ...chargedOf(view),
      flow: cashierFlow(view.provider_flow as PaymentFlow | null),
    };
  }

  /** The last provider query per bill: the cashier polls every few seconds, the provider is asked at most every 5. */
  const lastQueried = new Map<string, number>();
  async function queryThrottled(view: Awaited<ReturnType<typeof load>>) {
    if (
      !deps.reconcileByQuery ||
      view.status !== 'unpaid' ||
      !view.provider_order_id ||
      view.provider === SANDBOX_PROVIDER
    )
      return false;
    const nowMs = Date.now();
    if ((lastQueried.get(view.bill_no) ?? 0) > nowMs - 5000) return false;
    lastQueried.set(view.bill_no, nowMs);
    if (lastQueried.size > 10_000) lastQueried.clear();
    try {
      await deps.reconcileByQuery(view.bill_no);
    } catch {
      // The provider unreachable: the page keeps waiting, the reconciliation job asks again.
    }
    return true;
  }

  return {
    /** The bill behind the link; an unpaid bill with a provider order is asked about first (never "paid" without a verified answer). */
    async detail(billNo: string, token: string, lang: Lang = 'zh-CN') {
      const view = await load(billNo, token);
      if (await queryThrottled(view)) return toCashierBill(await load(billNo, token), lang);
      return toCashierBill(view, lang);
    },
    async submit(billNo: string, token: string, outcome: 'paid' | 'failed', lang: Lang = 'zh-CN') {
      if (!provider) throw new AppError('NOT_FOUND');
      const view = await load(billNo, token);
      if (view.status === 'expired') throw new AppError('ORDER_EXPIRED');
      if (view.status !== 'unpaid') throw new AppError('BILL_STATE_INVALID');
      // Only a bill the sandbox took can be paid with its buttons.
      if (view.provider && view.provider !== SANDBOX_PROVIDER) throw new AppError('BILL_STATE_INVALID');
      const notification = await provider.buildNotification(
        {
          billNo: view.bill_no,
          amount: view.amount,
          currency: view.currency,
          payMethod: view.pay_method ?? 'alipay',
          outcome,
        },
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
export type CashierService = ReturnType<typeof createCashierService>;
