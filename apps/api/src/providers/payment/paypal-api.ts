import { systemClock, type Clock } from '../../lib/clock';
import type { OutboundRequest, OutboundResponse } from '../../lib/outbound/outbound-http';

/**
 * PayPal's REST calls a Checkout (Orders v2, intent CAPTURE) needs, over our own outbound HTTP:
 * OAuth 2.0 client credentials (the token cached until shortly before it expires), create, show
 * and capture an order, verify a webhook (POST /v1/notifications/verify-webhook-signature) and
 * refund a capture. Why not @paypal/paypal-server-sdk: docs/decisions/0004-paypal-over-outbound.md.
 */

const TIMEOUT_MS = 15_000;
/** An order with its links and captures is a few KB. */
const MAX_ANSWER_BYTES = 256 * 1024;
/** A token is renewed this long before PayPal says it expires, so a call never carries one that lapses in flight. */
const TOKEN_RENEW_MARGIN_MS = 5 * 60_000;

/** Currencies PayPal takes without decimals (PayPal's currency codes page). */
const ZERO_DECIMAL_CURRENCIES = new Set(['HUF', 'JPY', 'TWD']);

export interface PaypalCredentials {
  clientId: string;
  clientSecret: string;
  /** The id of the webhook registered for our notify URL. */
  webhookId: string;
}

/** PayPal answered an error: its `name` (or OAuth `error`), the first detail's `issue`, its debug_id. */
export class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** PayPal's own message (operators only). */
    readonly providerMessage: string,
    readonly issue: string | null = null,
    readonly debugId: string | null = null,
  ) {
    super(`PayPal ${status} ${code}${issue ? `/${issue}` : ''}: ${providerMessage}`);
    this.name = 'PaypalError';
  }
}

/** Minor units (cents) as PayPal's amount value string ("12.34"; "1234" for JPY). */
export function paypalValue(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`not an amount in minor units: ${minor}`);
  if (ZERO_DECIMAL_CURRENCIES.has(currency)) return String(minor);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** PayPal's amount value string back to minor units; null when it is not a plain decimal of the currency's precision. */
export function paypalMinor(value: string, currency: string): number | null {
  const digits = ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match || (match[2] && match[2].length > digits)) return null;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || 0);
}

/**
 * A bill's amount in fen converted to minor units of the PayPal currency at the operator's rate
 * (units of that currency per one CNY, a decimal string such as "0.14"), rounded half up to the
 * currency's precision. Exact: the rate is read as a fraction, never a float.
 */
export function convertFenToCurrency(fen: number, rate: string, currency: string): number {
  const match = /^(\d{1,9})(?:\.(\d{1,12}))?$/.exec(rate.trim());
  if (!match || !Number.isSafeInteger(fen) || fen < 0) throw new Error(`not a rate: ${rate}`);
  const fraction = match[2] ?? '';
  const numerator = BigInt(match[1] + fraction);
  const scale = 10n ** BigInt(fraction.length);
  const digits = ZERO_DECIMAL_CURRENCIES.has(currency) ? 0n : 2n;
  // fen / 100 CNY × rate × 10^digits minor units.
  const top = BigInt(fen) * numerator * 10n ** digits;
  const bottom = 100n * scale;
  return Number((top * 2n + bottom) / (bottom * 2n));
}

export interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PaypalCapture {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  custom_id?: string;
  invoice_id?: string;
}

export interface PaypalOrder {
  id: string;
  /** CREATED, SAVED, APPROVED, VOIDED, COMPLETED, PAYER_ACTION_REQUIRED. */
  status: string;
  intent?: string;
  links?: PaypalLink[];
  purchase_units?: Array<{
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    amount?: { currency_code: string; value: string };
    payments?: { captures?: PaypalCapture[] };
  }>;
}

/** The completed capture of an order (the money taken), or null. */
export function completedCapture(order: PaypalOrder): PaypalCapture | null {
  for (const unit of order.purchase_units ?? []) {
    const capture = unit.payments?.captures?.find((candidate) => candidate.status === 'COMPLETED');
    if (capture) return capture;
  }
  return null;
}

/** The headers PayPal sends with a webhook, which verify-webhook-signature takes back. */
const WEBHOOK_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

export interface PaypalWebhookEvent {
  id: string;
  event_type: string;
  resource_type?: string;
  create_time?: string;
  resource: Record<string, unknown>;
}

export type PaypalWebhookResult =
  | { isValid: true; event: PaypalWebhookEvent; transmissionId: string; transmissionTime: Date }
  | { isValid: false; failure: 'missing_headers' | 'malformed' | 'bad_signature' };

export function createPaypalApi(options: {
  /** HTTP under the outbound policy (`outboundRequest(policy, …)`, or the provider context's `request`). */
  request: (url: string, request: OutboundRequest) => Promise<OutboundResponse>;
  credentials: PaypalCredentials;
  baseUrl: string;
  clock?: Clock;
  timeoutMs?: number;
}) {
  const { credentials } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const clock = options.clock ?? systemClock;
  let token: { value: string; renewAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  async function send(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string) {
    return options.request(`${baseUrl}${path}`, {
      method,
      headers: { accept: 'application/json', ...headers },
      ...(body === undefined ? {} : { body }),
      timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
    });
  }

  function errorOf(response: OutboundResponse): PaypalError {
    let answer: {
      name?: unknown;
      message?: unknown;
      error?: unknown;
      error_description?: unknown;
      debug_id?: unknown;
      details?: Array<{ issue?: unknown; description?: unknown }>;
    } = {};
    try {
      answer = JSON.parse(response.body) as typeof answer;
    } catch {
      // Not PayPal's error shape: reported by status alone.
    }
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 500) : null);
    const detail = Array.isArray(answer.details) ? answer.details[0] : undefined;
    return new PaypalError(
      response.status,
      text(answer.name) ?? text(answer.error) ?? `HTTP_${response.status}`,
      text(detail?.description) ?? text(answer.message) ?? text(answer.error_description) ?? response.statusText,
      text(detail?.issue),
      text(answer.debug_id),
    );
  }

  function parse<T>(response: OutboundResponse): T {
    try {
      const value = JSON.parse(response.body) as unknown;
      if (typeof value === 'object' && value !== null) return value as T;
    } catch {
      // Falls through.
    }
    throw new PaypalError(response.status, 'RESPONSE_INVALID', 'the answer is not a JSON object');
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`, 'utf8').toString('base64');
    const response = await send(
      'POST',
      '/v1/oauth2/token',
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials',
    );
    if (response.status !== 200) throw errorOf(response);
    const answer = parse<{ access_token?: unknown; expires_in?: unknown }>(response);
    if (typeof answer.access_token !== 'string' || typeof answer.expires_in !== 'number')
      throw new PaypalError(200, 'RESPONSE_INVALID', 'no access_token in the answer');
    const lifetimeMs = answer.expires_in * 1000;
    token = {
      value: answer.access_token,
      renewAt: clock.now().getTime() + Math.max(lifetimeMs - TOKEN_RENEW_MARGIN_MS, lifetimeMs / 2),
    };
    return answer.access_token;
  }

  /** The cached token, or a new one (concurrent callers share one token request). */
  async function accessToken(): Promise<string> {
    if (token && clock.now().getTime() < token.renewAt) return token.value;
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  /** A call with the bearer token; a 401 (token revoked early) is retried once with a new token. */
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
    headers: Record<string, string> = {},
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken();
      const response = await send(
        method,
        path,
        {
          authorization: `Bearer ${bearer}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        payload === undefined ? undefined : JSON.stringify(payload),
      );
      if (response.status === 401 && attempt === 0) {
        if (token?.value === bearer) token = null;
        continue;
      }
      if (response.status < 200 || response.status >= 300) throw errorOf(response);
      return parse<T>(response);
    }
  }

  const orderPath = (orderId: string) => `/v2/checkout/orders/${encodeURIComponent(orderId)}`;

  return {
    /** The bearer token (exposed for the connection test: client credentials are the first thing to go wrong). */
    accessToken,

    /**
     * POST /v2/checkout/orders, intent CAPTURE: one purchase unit for the bill (reference_id,
     * custom_id and invoice_id all the bill number), the payer sent back to `returnUrl`. Answers the
     * order id and the link the payer approves at (rel payer-action, or approve).
     */
    async createOrder(order: {
      billNo: string;
      amount: number;
      currency: string;
      description: string;
      returnUrl: string;
      cancelUrl: string;
    }): Promise<{ id: string; status: string; approveUrl: string }> {
      const created = await call<PaypalOrder>(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: order.billNo,
              custom_id: order.billNo,
              invoice_id: order.billNo,
              // At most 127 characters.
              description: [...order.description].slice(0, 127).join(''),
              amount: { currency_code: order.currency, value: paypalValue(order.amount, order.currency) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: order.returnUrl,
                cancel_url: order.cancelUrl,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
              },
            },
          },
        },
        // The bill number makes a retried create the same order.
        { 'paypal-request-id': `create-${order.billNo}`, prefer: 'return=representation' },
      );
      const approve = created.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      if (typeof created.id !== 'string' || !approve?.href)
        throw new PaypalError(200, 'RESPONSE_INVALID', 'no order id or approve link in the answer');
      return { id: created.id, status: created.status, approveUrl: approve.href };
    },

    /** GET /v2/checkout/orders/{id}; null when PayPal does not know it (404 RESOURCE_NOT_FOUND). */
    async getOrder(orderId: string): Promise<PaypalOrder | null> {
      try {
        return await call<PaypalOrder>('GET', orderPath(orderId));
      } catch (error) {
        if (error instanceof PaypalError && error.status === 404) return null;
        throw error;
      }
    },

    /** POST /v2/checkout/orders/{id}/capture for an approved order; the bill number keys it, so a repeat is the same capture. */
    async captureOrder(orderId: string, billNo: string): Promise<PaypalOrder> {
      return call<PaypalOrder>(
        'POST',
        `${orderPath(orderId)}/capture`,
        {},
        { 'paypal-request-id': `capture-${billNo}`, prefer: 'return=representation' },
      );
    },

    /** POST /v2/payments/captures/{id}/refund: the whole capture unless `amount` says otherwise; `refundNo` keys it. */
    async refundCapture(
      captureId: string,
      refund: { refundNo: string; amount?: { minor: number; currency: string }; note?: string },
    ): Promise<{ id: string; status: string }> {
      const answer = await call<{ id?: unknown; status?: unknown }>(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        {
          ...(refund.amount
            ? {
                amount: {
                  currency_code: refund.amount.currency,
                  value: paypalValue(refund.amount.minor, refund.amount.currency),
                },
              }
            : {}),
          ...(refund.note ? { note_to_payer: [...refund.note].slice(0, 255).join('') } : {}),
        },
        { 'paypal-request-id': refund.refundNo, prefer: 'return=representation' },
      );
      if (typeof answer.id !== 'string' || typeof answer.status !== 'string')
        throw new PaypalError(200, 'RESPONSE_INVALID', 'the answer is not a refund');
      return { id: answer.id, status: answer.status };
    },

    /**
     * A webhook as POSTed to our URL, verified by PayPal (POST /v1/notifications/verify-webhook-signature
     * with the transmission headers, our webhook id and the event as received) before anything is
     * believed. Only "SUCCESS" is valid.
     */
    async verifyWebhook(
      headers: Record<string, string | string[] | undefined>,
      rawBody: string,
    ): Promise<PaypalWebhookResult> {
      const fields: Record<string, string> = {};
      for (const [field, header] of Object.entries(WEBHOOK_HEADERS)) {
        const value = headers[header];
        const one = Array.isArray(value) ? value[0] : value;
        if (!one || one.length > 1000) return { isValid: false, failure: 'missing_headers' };
        fields[field] = one;
      }
      const transmissionTime = new Date(fields.transmission_time);
      if (Number.isNaN(transmissionTime.getTime())) return { isValid: false, failure: 'missing_headers' };
      let event: PaypalWebhookEvent;
      try {
        event = JSON.parse(rawBody) as PaypalWebhookEvent;
      } catch {
        return { isValid: false, failure: 'malformed' };
      }
      if (
        typeof event !== 'object' ||
        event === null ||
        typeof event.id !== 'string' ||
        typeof event.event_type !== 'string' ||
        typeof event.resource !== 'object' ||
        event.resource === null
      ) {
        return { isValid: false, failure: 'malformed' };
      }
      const answer = await call<{ verification_status?: unknown }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        { ...fields, webhook_id: credentials.webhookId, webhook_event: event },
      );
      if (answer.verification_status !== 'SUCCESS') return { isValid: false, failure: 'bad_signature' };
      return { isValid: true, event, transmissionId: fields.transmission_id, transmissionTime };
    },
  };
}
export type PaypalApi = ReturnType<typeof createPaypalApi>;
