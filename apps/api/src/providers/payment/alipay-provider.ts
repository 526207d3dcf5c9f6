import { AlipaySdk } from 'alipay-sdk';
import type {
  NotificationVerdict,
  PaymentProvider,
  PaymentProviderContext,
  ProviderOrder,
  ProviderPayload,
  QueryResult,
} from './payment-provider';
import { endpointOf, type AlipaySettings } from './payment-settings';

/** Alipay answers within this long or the call fails (the cashier and the job try again). */
const TIMEOUT_MS = 10_000;

/** Fen → "12.34" yuan, Alipay's total_amount. */
export function toYuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}
/** "12.34" → 1234 fen; NaN for anything else. */
export function toFen(yuan: unknown): number {
  if (typeof yuan !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(yuan)) return Number.NaN;
  const [whole, fraction = ''] = yuan.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
/** "2026-11-24 18:00:00" in Beijing time (UTC+8, no daylight saving) → the instant. */
function beijingTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  return new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}+08:00`);
}
function toBeijingText(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** What of Alipay's answer is stored: the business fields, never the signature. */
function safePayload(fields: Record<string, unknown>): ProviderPayload {
  const keep = [
    'code',
    'msg',
    'sub_code',
    'sub_msg',
    'trade_status',
    'out_trade_no',
    'trade_no',
    'total_amount',
    'app_id',
    'seller_id',
    'notify_id',
    'notify_time',
    'refund_fee',
    'fund_change',
    'gmt_payment',
  ];
  return Object.fromEntries(
    keep.filter((name) => fields[name] !== undefined).map((name) => [name, String(fields[name]).slice(0, 200)]),
  );
}

const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/**
 * Alipay page pay (alipay.trade.page.pay, RSA2) with the official alipay-sdk: the SDK signs our
 * requests and verifies notifications and answers; every request to Alipay goes out through
 * lib/outbound (`context.request`), not the SDK's own HTTP client (docs/decisions/0005).
 */
export function createAlipayProvider(settings: AlipaySettings, context: PaymentProviderContext): PaymentProvider {
  const gateway = endpointOf('alipay', settings);
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.appPrivateKey,
    alipayPublicKey: settings.alipayPublicKey,
    keyType: settings.appPrivateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
    signType: 'RSA2',
    gateway,
    camelcase: false,
  });

  /** Calls an Alipay OpenAPI method: signed form POST, the answer's signature checked. */
  async function call(method: string, bizContent: Record<string, unknown>): Promise<Record<string, unknown>> {
    const body = sdk.sdkExecute(method, { bizContent }, { bizContentAutoSnakeCase: false });
    const url = `${gateway}${gateway.includes('?') ? '&' : '?'}charset=utf-8`;
    const response = await context.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body,
      timeoutMs: TIMEOUT_MS,
    });
    if (response.status !== 200) throw new Error(`Alipay answered HTTP ${response.status}`);
    const responseKey = `${method.replace(/\./g, '_')}_response`;
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(response.body) as Record<string, unknown>;
    } catch {
      throw new Error('Alipay answered something other than JSON');
    }
    const data = parsed[responseKey] as Record<string, unknown> | undefined;
    if (!data) throw new Error(`Alipay answer lacks ${responseKey}`);
    // A failure answer about our own request (bad app id, bad signature) may come unsigned: its code says what happened.
    if (typeof parsed.sign === 'string') sdk.checkResponseSign(response.body, responseKey, parsed.sign, '');
    else if (data.code === '10000') throw new Error('Alipay answer is not signed');
    return data;
  }

  function errorOf(data: Record<string, unknown>): string {
    return [data.code, data.msg, data.sub_code, data.sub_msg].filter(Boolean).join(' ');
  }

  async function query(order: ProviderOrder): Promise<QueryResult> {
    const data = await call('alipay.trade.query', { out_trade_no: order.billNo });
    const payload = safePayload(data);
    if (data.code === '40004' && data.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'unpaid', payload };
    if (data.code !== '10000') throw new Error(errorOf(data));
    const status = String(data.trade_status ?? '');
    if (PAID_STATES.has(status)) {
      if (data.out_trade_no !== order.billNo) return { state: 'unpaid', payload };
      return {
        state: 'paid',
        payment: {
          billNo: order.billNo,
          amount: toFen(data.total_amount),
          currency: 'CNY',
          tradeNo: String(data.trade_no ?? ''),
          payMethod: 'alipay',
        },
        payload,
      };
    }
    if (status === 'TRADE_CLOSED') return { state: 'closed', payload };
    return { state: 'unpaid', payload };
  }

  return {
    name: 'alipay',

    async createPayment(request) {
      const url = sdk.pageExecute('alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: request.billNo,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          total_amount: toYuan(request.amount),
          subject: request.productName.slice(0, 256),
          time_expire: toBeijingText(request.expiresAt),
        },
        returnUrl: request.returnUrl,
        notifyUrl: request.notifyUrl,
      });
      return { flow: { flow: 'redirect', url, method: 'GET' }, providerOrderId: request.billNo };
    },

    async verifyNotification({ rawBody }): Promise<NotificationVerdict> {
      const fields = Object.fromEntries(new URLSearchParams(rawBody)) as Record<string, string>;
      const payload = safePayload(fields);
      const billNo = fields.out_trade_no;
      if (!fields.sign) return { kind: 'invalid', reason: 'bad_shape', billNo, payload };
      let isSigned = false;
      try {
        isSigned = sdk.checkNotifySignV2(fields);
      } catch {
        isSigned = false;
      }
      if (!isSigned) return { kind: 'invalid', reason: 'bad_signature', billNo, payload };
      if (fields.app_id !== settings.appId) return { kind: 'invalid', reason: 'wrong_app_id', billNo, payload };
      if (fields.seller_id !== settings.sellerId) return { kind: 'invalid', reason: 'wrong_seller', billNo, payload };
      const signedAt = beijingTime(fields.notify_time);
      const amount = toFen(fields.total_amount);
      if (!billNo || !fields.notify_id || !signedAt || Number.isNaN(amount))
        return { kind: 'invalid', reason: 'bad_shape', billNo, payload };
      return {
        kind: 'notification',
        notification: {
          billNo,
          amount,
          currency: 'CNY',
          tradeNo: fields.trade_no ?? '',
          payMethod: 'alipay',
          outcome: PAID_STATES.has(fields.trade_status ?? '') ? 'paid' : 'ignored',
          signedAt,
          nonce: fields.notify_id.slice(0, 64),
        },
        payload,
      };
    },

    query,

    async close(order) {
      const data = await call('alipay.trade.close', { out_trade_no: order.billNo });
      const payload = safePayload(data);
      if (data.code === '10000') return { outcome: 'closed', payload };
      // Never created at Alipay (the payer never opened the page): nothing to close.
      if (data.sub_code === 'ACQ.TRADE_NOT_EXIST') return { outcome: 'closed', payload };
      if (data.sub_code === 'ACQ.TRADE_STATUS_ERROR') {
        const state = await query(order);
        if (state.state === 'paid') return { outcome: 'paid', payload: state.payload };
        if (state.state === 'closed') return { outcome: 'closed', payload: state.payload };
      }
      return { outcome: 'failed', error: errorOf(data), payload };
    },

    async refund(order, request) {
      const data = await call('alipay.trade.refund', {
        out_trade_no: order.billNo,
        refund_amount: toYuan(request.amount),
        refund_reason: request.reason.slice(0, 256),
        out_request_no: request.refundNo,
      });
      const payload = safePayload(data);
      if (data.code === '10000')
        return { outcome: 'refunded', refundId: String(data.trade_no ?? request.refundNo), payload };
      return { outcome: 'failed', error: errorOf(data), payload };
    },

    acknowledge(isAccepted) {
      return { statusCode: 200, contentType: 'text/plain', body: isAccepted ? 'success' : 'fail' };
    },

    async testConnection() {
      try {
        await query({
          billNo: `PARLOUR-TEST-${context.clock.now().getTime()}`,
          providerOrderId: '',
          amount: 0,
          currency: 'CNY',
          tradeNo: null,
        });
        return { ok: true };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
