import type { PayMethod } from '@parlour/contract/constants';
import type { Clock } from '../../lib/clock';
import type { OutboundRequest, OutboundResponse } from '../../lib/outbound/outbound-http';

/**
 * Payment providers (docs/payments.md, "Payment providers"). One provider per pay method
 * (`wechat`, `alipay`, `paypal`), built from the operator's payment settings, plus the `sandbox`
 * (our own cashier plays the provider for every method; development and demos, refused when
 * NODE_ENV=production). A bill is paid through the provider of its pay method; the provider's
 * name is stored on the bill with the provider's order id, and is the last segment of its notify
 * URL: POST /api/v1/payment/notify/<name>.
 */
export type PaymentProviderName = PayMethod | 'sandbox';

/** Where providers post notifications: `${PAYMENT_NOTIFY_PATH}/<provider name>`. */
export const PAYMENT_NOTIFY_PATH = '/api/v1/payment/notify';

/** What the payer's browser does to pay, shown by our cashier page (/cashier/<bill_no>). */
export type PaymentFlow =
  /** WeChat Pay Native: the cashier shows `codeUrl` as a QR code and waits for the payment. */
  | { flow: 'qr'; codeUrl: string }
  /**
   * The payer goes to the provider's page: a link (GET) or a form posted to `url` with `fields`
   * (the form's origin must be in PAYMENT_FORM_ACTION_ORIGINS, plugins/security-headers.ts).
   */
  | { flow: 'redirect'; url: string; method: 'GET' | 'POST'; fields?: Record<string, string> }
  /** The sandbox cashier's pay / fail buttons. */
  | { flow: 'sandbox' };

/** What we ask a provider to collect: the bill's charge (PayPal: converted at the operator's rate). */
export interface PaymentRequest {
  billNo: string;
  /** Minor units of `currency` (fen, cents). */
  amount: number;
  currency: string;
  payMethod: PayMethod;
  /** In the payer's language. */
  productName: string;
  /** The end of the bill's payment window: the provider's order should not outlive it. */
  expiresAt: Date;
  /** Absolute URL of our notify endpoint for this provider (…/api/v1/payment/notify/<name>). */
  notifyUrl: string;
  /** Absolute URL the provider sends the payer back to (our cashier's return page for the bill). */
  returnUrl: string;
}

/** The provider's side of a bill, as stored on the bill when its payment was created. */
export interface ProviderOrder {
  billNo: string;
  /** The provider's order id: out_trade_no (= bill_no) for WeChat and Alipay, the order id for PayPal. */
  providerOrderId: string;
  /** The charged amount and currency (what the provider was asked to collect). */
  amount: number;
  currency: string;
  /** The provider's transaction number once paid (refunds of WeChat and Alipay may use it). */
  tradeNo: string | null;
}

/** A payment the provider confirmed, from a verified notification or a query. */
export interface VerifiedPayment {
  billNo: string;
  amount: number;
  currency: string;
  tradeNo: string;
  payMethod: PayMethod;
}

/** A verified notification about a payment. */
export interface PaymentNotification extends VerifiedPayment {
  /**
   * `paid` moves the bill to paid; `failed` (the sandbox's fail button) and `ignored` (verified but not a payment, e.g.
   * Alipay WAIT_BUYER_PAY, another webhook event) change nothing.
   */
  outcome: 'paid' | 'failed' | 'ignored';
  /** When the provider signed it; refused outside five minutes of our clock. */
  signedAt: Date;
  /** Unique per notification; a nonce seen before is a replay. */
  nonce: string;
}

/** A JSON-safe record of what the provider said, never a secret, stored with the bill's payment events. */
export type ProviderPayload = Record<string, unknown>;

/**
 * A verified notification about a refund (WeChat Pay REFUND.SUCCESS / REFUND.ABNORMAL /
 * REFUND.CLOSED): signed and addressed to our merchant; the bill, refund number and amount are
 * checked by the caller.
 */
export interface RefundNotification {
  /** The refunded order's bill (out_trade_no). */
  billNo: string;
  /** Our refund number (out_refund_no): which refund attempt of the bill it is about. */
  refundNo: string;
  /** The provider's refund id. */
  refundId: string;
  /** `refunded` (SUCCESS), `failed` (ABNORMAL, CLOSED: this refund number is spent), `ignored` (any other status). */
  outcome: 'refunded' | 'failed' | 'ignored';
  /** The provider's own status word (SUCCESS, ABNORMAL, CLOSED, …). */
  status: string;
  /** Refunded and order totals, minor units of the charged currency. */
  amount: number;
  total: number;
  signedAt: Date;
  nonce: string;
}

export type NotificationVerdict =
  | { kind: 'notification'; notification: PaymentNotification; payload: ProviderPayload }
  | { kind: 'refund'; refund: RefundNotification; payload: ProviderPayload }
  /**
   * Signature, shape, app id, seller or merchant wrong: nothing changes, the attempt is recorded. `reason` is short
   * English (bad_signature, wrong_app_id, wrong_seller, …).
   */
  | { kind: 'invalid'; reason: string; billNo?: string; payload: ProviderPayload };

/** The provider's answer to a query: verified details only when it says paid. */
export type QueryResult =
  | { state: 'paid'; payment: VerifiedPayment; payload: ProviderPayload }
  | { state: 'unpaid'; payload: ProviderPayload }
  /** Closed, cancelled or unknown to the provider: it will never be paid. */
  | { state: 'closed'; payload: ProviderPayload };

export type CloseResult =
  | { outcome: 'closed'; payload: ProviderPayload }
  /** Paid before it could be closed: the caller queries and records the payment (flagged for refund when the bill is no longer payable). */
  | { outcome: 'paid'; payload: ProviderPayload }
  | { outcome: 'failed'; error: string; payload: ProviderPayload };

export interface RefundRequest {
  /** Our refund number, the provider's idempotency key (out_refund_no / out_request_no / PayPal-Request-Id): the same refund asked twice is one refund. */
  refundNo: string;
  /** Minor units of the charged currency: the whole charge (full refunds only). */
  amount: number;
  reason: string;
  /** Our notify endpoint for this provider, for providers that notify refund results (WeChat Pay's refund notify_url). */
  notifyUrl?: string;
}

export type RefundResult =
  | { outcome: 'refunded'; refundId: string; payload: ProviderPayload }
  /** Accepted, completes later (WeChat PROCESSING): the bill waits, refund pending, for queryRefund to say. */
  | { outcome: 'pending'; refundId: string; payload: ProviderPayload }
  /**
   * Not refunded. `isNumberSpent`: the provider holds a refund under this number that ended without
   * refunding (WeChat Pay ABNORMAL, CLOSED), so a new refund needs a new number; otherwise (refused,
   * unreachable) asking again with the same number is the same refund.
   */
  | { outcome: 'failed'; error: string; payload: ProviderPayload; isNumberSpent?: boolean };

/** How the notify endpoint answers the provider (its documented format). */
export interface Acknowledgement {
  statusCode: number;
  contentType: string;
  body: string;
}

/** A notification as it reached the notify endpoint: the raw body (providers sign bytes) and the headers. */
export interface RawNotification {
  rawBody: string;
  /** Lower-cased header names, as node gives them. */
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One pay method's provider. Every call to the provider's servers goes through `context.request`
 * (lib/outbound, watched as provider `payment` on the operations page). Methods throw only for a
 * failure to talk to the provider (network, 5xx, an answer whose signature is wrong); a provider's
 * business answer is a result.
 */
export interface PaymentProvider {
  name: PaymentProviderName;
  /** Creates the provider's order for the bill; answers the flow the cashier shows and the provider's order id. */
  createPayment(request: PaymentRequest): Promise<{ flow: PaymentFlow; providerOrderId: string }>;
  /** Checks a notification's signature and the merchant it is for; the bill, amount and currency are checked by the caller. */
  verifyNotification(notification: RawNotification): Promise<NotificationVerdict>;
  /** Asks the provider about the order (PayPal: captures an approved order, the "capture on return"). */
  query(order: ProviderOrder): Promise<QueryResult>;
  /** Closes an unpaid order (the bill was cancelled or expired). Closing an order the provider does not know is `closed`. */
  close(order: ProviderOrder): Promise<CloseResult>;
  /** Refunds a paid order in full. */
  refund(order: ProviderOrder, request: RefundRequest): Promise<RefundResult>;
  /** Asks about a refund answered pending (WeChat Pay's GET /v3/refund/domestic/refunds/{out_refund_no}); providers that refund at once have none. */
  queryRefund?(order: ProviderOrder, refundNo: string): Promise<RefundResult>;
  /** The answer to a notification we accepted (or did not). */
  acknowledge(isAccepted: boolean): Acknowledgement;
  /** Calls the provider with the operator's credentials (e.g. a query for an unknown order); the provider's own error when it fails. */
  testConnection(): Promise<{ ok: true } | { ok: false; error: string }>;
}

/** What a provider built from settings gets: outbound HTTP (policy-checked, watched) and the clock. */
export interface PaymentProviderContext {
  request: (url: string, request: OutboundRequest) => Promise<OutboundResponse>;
  clock: Clock;
}

/** Builds a method's provider from its settings (secrets already unsealed). */
export type PaymentProviderFactory<S> = (settings: S, context: PaymentProviderContext) => PaymentProvider;
