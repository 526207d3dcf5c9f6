import { randomBytes } from 'node:crypto';
import { PAY_METHODS, type PayMethod } from '@parlour/contract/constants';
import { isValidSignature, sign } from '../../lib/signing';
import type { NotificationVerdict, PaymentNotification, PaymentProvider } from './payment-provider';

export const SANDBOX_PROVIDER = 'sandbox';

/** The fields of a sandbox notification, in the order they are signed. */
const SIGNED_FIELDS = [
  'bill_no',
  'trade_no',
  'amount',
  'currency',
  'pay_method',
  'outcome',
  'timestamp',
  'nonce',
] as const;
type SandboxNotification = Record<(typeof SIGNED_FIELDS)[number], string> & { sign: string };

function canonical(fields: Record<string, string>): string {
  return SIGNED_FIELDS.map((name) => `${name}=${fields[name] ?? ''}`).join('&');
}

function parseJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    return null;
  }
}

/**
 * The sandbox provider: our own cashier page plays the provider for every pay method. Like a real
 * provider it completes a payment only through a signed notification (JSON, HMAC under a
 * per-platform key), which the notify endpoint verifies before anything is fulfilled. Its orders
 * live nowhere else: a query answers from what the notifications did (unpaid), closing and
 * refunding always succeed. Refused when NODE_ENV=production (config.ts).
 */
export function createSandboxPaymentProvider(deps: { getKey: () => Promise<Buffer> }) {
  const invalid = (reason: string, billNo?: unknown): NotificationVerdict => ({
    kind: 'invalid',
    reason,
    billNo: typeof billNo === 'string' ? billNo : undefined,
    payload: {},
  });

  const provider: PaymentProvider & {
    buildNotification(
      notification: Omit<PaymentNotification, 'tradeNo' | 'signedAt' | 'nonce'> & { outcome: 'paid' | 'failed' },
      now: Date,
    ): Promise<SandboxNotification>;
  } = {
    name: SANDBOX_PROVIDER,

    async createPayment(request) {
      return { flow: { flow: 'sandbox' }, providerOrderId: request.billNo };
    },

    /** What the cashier sends on the payer's click, signed as the provider would sign it. */
    async buildNotification(notification, now) {
      const fields = {
        bill_no: notification.billNo,
        trade_no: `SBX${now.getTime()}${randomBytes(4).toString('hex')}`,
        amount: String(notification.amount),
        currency: notification.currency,
        pay_method: notification.payMethod,
        outcome: notification.outcome,
        timestamp: String(Math.floor(now.getTime() / 1000)),
        nonce: randomBytes(8).toString('hex'),
      };
      return { ...fields, sign: sign(await deps.getKey(), canonical(fields)) };
    },

    async verifyNotification({ rawBody }) {
      const body = parseJson(rawBody);
      if (typeof body !== 'object' || body === null) return invalid('not_json');
      const fields = body as Record<string, unknown>;
      if (!SIGNED_FIELDS.every((name) => typeof fields[name] === 'string') || typeof fields.sign !== 'string')
        return invalid('bad_shape', fields.bill_no);
      const strings = fields as Record<string, string>;
      if (!isValidSignature(await deps.getKey(), canonical(strings), strings.sign))
        return invalid('bad_signature', strings.bill_no);
      const amount = Number(strings.amount);
      if (!Number.isInteger(amount) || !(PAY_METHODS as readonly string[]).includes(strings.pay_method))
        return invalid('bad_shape', strings.bill_no);
      if (strings.outcome !== 'paid' && strings.outcome !== 'failed') return invalid('bad_shape', strings.bill_no);
      if (!/^\d{1,12}$/.test(strings.timestamp) || !/^[\w-]{8,64}$/.test(strings.nonce))
        return invalid('bad_shape', strings.bill_no);
      return {
        kind: 'notification',
        notification: {
          billNo: strings.bill_no,
          tradeNo: strings.trade_no,
          amount,
          currency: strings.currency,
          payMethod: strings.pay_method as PayMethod,
          outcome: strings.outcome,
          signedAt: new Date(Number(strings.timestamp) * 1000),
          nonce: strings.nonce,
        },
        payload: {},
      };
    },

    // The sandbox's payments exist only through its notifications: the bill already says all there is.
    async query() {
      return { state: 'unpaid', payload: { sandbox: true } };
    },
    async close() {
      return { outcome: 'closed', payload: { sandbox: true } };
    },
    async refund(order, request) {
      return {
        outcome: 'refunded',
        refundId: `SBXR${order.billNo}`,
        payload: { sandbox: true, refund_no: request.refundNo, amount: request.amount },
      };
    },

    acknowledge(isAccepted) {
      return { statusCode: isAccepted ? 200 : 400, contentType: 'text/plain', body: isAccepted ? 'success' : 'fail' };
    },

    async testConnection() {
      return { ok: true };
    },
  };
  return provider;
}
export type SandboxPaymentProvider = ReturnType<typeof createSandboxPaymentProvider>;
