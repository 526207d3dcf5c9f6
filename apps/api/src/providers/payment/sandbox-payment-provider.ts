import { randomBytes } from 'node:crypto';
import { PAY_METHODS, type PayMethod } from '@parlour/contract/constants';
import { isValidSignature, sign } from '../../lib/signing';
import type { PaymentNotification, PaymentProvider } from './payment-provider';

export const SANDBOX_PROVIDER = 'sandbox';

/** The fields of a sandbox notification, in the order they are signed. */
const SIGNED_FIELDS = ['bill_no', 'trade_no', 'amount', 'currency', 'pay_method', 'outcome', 'timestamp', 'nonce'] as const;
type SandboxNotification = Record<(typeof SIGNED_FIELDS)[number], string> & { sign: string };

function canonical(fields: Record<string, string>): string {
  return SIGNED_FIELDS.map((name) => `${name}=${fields[name] ?? ''}`).join('&');
}

/**
 * The sandbox provider: our own cashier page plays the provider for every pay method. Like a real
 * provider it completes a payment only through a signed notification, which the notify endpoint
 * verifies before anything is fulfilled. Refused when NODE_ENV=production (config.ts).
 */
export function createSandboxPaymentProvider(deps: { getKey: () => Promise<Buffer> }) {
  async function cashierToken(billNo: string) {
    return sign(await deps.getKey(), `cashier:${billNo}`);
  }

  const provider: PaymentProvider & {
    isValidCashierToken(billNo: string, token: string): Promise<boolean>;
    buildNotification(notification: Omit<PaymentNotification, 'tradeNo'>, now: Date): Promise<SandboxNotification>;
  } = {
    name: SANDBOX_PROVIDER,
    acknowledgement: { accepted: 'success', rejected: 'fail' },

    async createPayment(request) {
      const token = await cashierToken(request.billNo);
      return { payUrl: `/cashier/${encodeURIComponent(request.billNo)}?token=${encodeURIComponent(token)}` };
    },

    async isValidCashierToken(billNo, token) {
      return isValidSignature(await deps.getKey(), `cashier:${billNo}`, token);
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

    async verifyNotification(body) {
      if (typeof body !== 'object' || body === null) return null;
      const fields = body as Record<string, unknown>;
      if (!SIGNED_FIELDS.every((name) => typeof fields[name] === 'string') || typeof fields.sign !== 'string') return null;
      const strings = fields as Record<string, string>;
      if (!isValidSignature(await deps.getKey(), canonical(strings), strings.sign)) return null;
      const amount = Number(strings.amount);
      if (!Number.isInteger(amount) || !(PAY_METHODS as readonly string[]).includes(strings.pay_method)) return null;
      if (strings.outcome !== 'paid' && strings.outcome !== 'failed') return null;
      return {
        billNo: strings.bill_no,
        tradeNo: strings.trade_no,
        amount,
        currency: strings.currency,
        payMethod: strings.pay_method as PayMethod,
        outcome: strings.outcome,
      };
    },
  };
  return provider;
}
export type SandboxPaymentProvider = ReturnType<typeof createSandboxPaymentProvider>;
