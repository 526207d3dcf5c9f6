import type { KeyObject } from 'node:crypto';
import { systemClock, type Clock } from '../../lib/clock';
import type { OutboundRequest, OutboundResponse } from '../../lib/outbound/outbound-http';
import {
  decryptWechatResource,
  loadMerchantPrivateKey,
  loadPlatformKeys,
  parseWechatNotificationEnvelope,
  parseWechatRefundNotice,
  parseWechatTransaction,
  verifyWechatSignature,
  wechatAuthorization,
  wechatNonce,
  wechatSignedHeaders,
  wechatTimeExpire,
  type WechatPlatformKeys,
  type WechatRefundNotice,
  type WechatSignatureFailure,
  type WechatTransaction,
} from './wechat-pay-protocol';

/** WeChat Pay's API host (it has no separate sandbox for API v3; the operator's setting may replace it). */
export const WECHAT_PAY_BASE_URL = 'https://api.mch.weixin.qq.com';
const TIMEOUT_MS = 10_000;
/** Answers are a few hundred bytes. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface WechatPayCredentials {
  /** 商户号. */
  mchid: string;
  /** The AppID bound to the merchant (公众号/小程序/开放平台). */
  appid: string;
  /** The serial number of the merchant's API certificate, sent as serial_no. */
  merchantSerialNo: string;
  /** The merchant's API private key, PEM (apiclient_key.pem). */
  merchantPrivateKey: string;
  /** The APIv3 key, 32 characters. */
  apiV3Key: string;
  /** The platform public key with its id (PUB_KEY_ID_…), and/or platform certificates (PEM). */
  platformKeys: Array<{ pem: string; serial?: string }>;
}

/** WeChat Pay answered an error ({ code, message }), or an answer we cannot trust (code RESPONSE_SIGNATURE_INVALID / RESPONSE_INVALID). */
export class WechatPayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** WeChat Pay's own message (operators only). */
    readonly providerMessage: string,
  ) {
    super(`WeChat Pay ${status} ${code}: ${providerMessage}`);
    this.name = 'WechatPayError';
  }
}

/** A refund as /v3/refund/domestic/refunds answers it. */
export interface WechatRefund {
  refund_id: string;
  out_refund_no: string;
  transaction_id?: string;
  out_trade_no?: string;
  /** SUCCESS, CLOSED, PROCESSING, ABNORMAL. */
  status: string;
  success_time?: string;
  amount: { refund: number; total: number; currency: string };
}

export type WechatNotificationResult =
  | {
      isValid: true;
      resource: 'transaction';
      eventType: string;
      notificationId: string;
      transaction: WechatTransaction;
      signedAt: Date;
      nonce: string;
    }
  /** A REFUND.* notification (SUCCESS, ABNORMAL, CLOSED): the refund, addressed to our mchid. */
  | {
      isValid: true;
      resource: 'refund';
      eventType: string;
      notificationId: string;
      refund: WechatRefundNotice;
      signedAt: Date;
      nonce: string;
    }
  | { isValid: false; failure: WechatSignatureFailure | 'malformed' | 'undecryptable' }
  /** Signed by WeChat Pay but for another merchant or app: `outTradeNo` says which order it names. */
  | { isValid: false; failure: 'wrong_merchant'; outTradeNo: string };

/**
 * The WeChat Pay API v3 calls a Native payment needs, every one through the outbound policy:
 * requests signed with the merchant key, 2xx answers accepted only when WeChat Pay's signature over
 * them verifies with a platform key we hold.
 */
export function createWechatPayApi(options: {
  /** HTTP under the outbound policy (`outboundRequest(policy, …)`, or the provider context's `request`). */
  request: (url: string, request: OutboundRequest) => Promise<OutboundResponse>;
  credentials: WechatPayCredentials;
  baseUrl?: string;
  clock?: Clock;
  timeoutMs?: number;
}) {
  const { credentials } = options;
  const baseUrl = (options.baseUrl ?? WECHAT_PAY_BASE_URL).replace(/\/+$/, '');
  const clock = options.clock ?? systemClock;
  // Keys are read on first use, so a key pasted wrong is reported by the call (and the connection test), not by building the provider.
  let keys: { privateKey: KeyObject; platformKeys: WechatPlatformKeys } | null = null;
  function loadKeys() {
    if (keys) return keys;
    let privateKey: KeyObject;
    try {
      privateKey = loadMerchantPrivateKey(credentials.merchantPrivateKey);
    } catch {
      throw new WechatPayError(0, 'CONFIGURATION_INVALID', 'the merchant API private key is not a PEM private key');
    }
    try {
      keys = { privateKey, platformKeys: loadPlatformKeys(credentials.platformKeys) };
    } catch {
      throw new WechatPayError(
        0,
        'CONFIGURATION_INVALID',
        'the platform public key (or certificate) is not PEM, or its id is missing',
      );
    }
    return keys;
  }

  async function call(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    payload?: object,
  ): Promise<{ status: number; body: string }> {
    const { privateKey, platformKeys } = loadKeys();
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(clock.now().getTime() / 1000));
    const authorization = wechatAuthorization({
      mchid: credentials.mchid,
      serialNo: credentials.merchantSerialNo,
      privateKey,
      method,
      pathWithQuery,
      body,
      timestamp,
      nonce: wechatNonce(),
    });
    const response = await options.request(`${baseUrl}${pathWithQuery}`, {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        'user-agent': 'Parlour/1 (WeChat Pay API v3)',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { body }),
      timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
    });
    if (response.status >= 200 && response.status < 300) {
      const verified = verifyWechatSignature(
        wechatSignedHeaders(response.headers),
        response.body,
        platformKeys,
        clock.now(),
      );
      if (!verified.isValid)
        throw new WechatPayError(
          response.status,
          'RESPONSE_SIGNATURE_INVALID',
          `the answer's signature did not verify (${verified.failure})`,
        );
      return { status: response.status, body: response.body };
    }
    let error: { code?: unknown; message?: unknown } = {};
    try {
      error = JSON.parse(response.body) as typeof error;
    } catch {
      // Not WeChat Pay's error shape (a proxy's page): reported by status alone.
    }
    throw new WechatPayError(
      response.status,
      typeof error.code === 'string' ? error.code : `HTTP_${response.status}`,
      typeof error.message === 'string' ? error.message.slice(0, 500) : response.statusText,
    );
  }

  function parseJson(body: string, status: number): Record<string, unknown> {
    try {
      const value = JSON.parse(body) as unknown;
      if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
    } catch {
      // Falls through to the error below.
    }
    throw new WechatPayError(status, 'RESPONSE_INVALID', 'the answer is not a JSON object');
  }

  const mchidQuery = `mchid=${encodeURIComponent(credentials.mchid)}`;
  const tradePath = (outTradeNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`;

  return {
    credentials,

    /** POST /v3/pay/transactions/native: the code_url the payer scans. */
    async createNativeOrder(order: {
      outTradeNo: string;
      description: string;
      total: number;
      currency: string;
      expiresAt: Date;
      notifyUrl: string;
    }): Promise<{ codeUrl: string }> {
      const { status, body } = await call('POST', '/v3/pay/transactions/native', {
        appid: credentials.appid,
        mchid: credentials.mchid,
        // At most 127 characters (UTF-8 characters, as documented).
        description: [...order.description].slice(0, 127).join(''),
        out_trade_no: order.outTradeNo,
        time_expire: wechatTimeExpire(order.expiresAt),
        notify_url: order.notifyUrl,
        amount: { total: order.total, currency: order.currency },
      });
      const answer = parseJson(body, status);
      if (typeof answer.code_url !== 'string' || !answer.code_url)
        throw new WechatPayError(status, 'RESPONSE_INVALID', 'no code_url in the answer');
      return { codeUrl: answer.code_url };
    },

    /** GET /v3/pay/transactions/out-trade-no/{out_trade_no}?mchid=…; null when WeChat Pay has no such order (ORDER_NOT_EXIST). */
    async queryOrder(outTradeNo: string): Promise<WechatTransaction | null> {
      try {
        const { status, body } = await call('GET', `${tradePath(outTradeNo)}?${mchidQuery}`);
        const transaction = parseWechatTransaction(parseJson(body, status));
        if (!transaction) throw new WechatPayError(status, 'RESPONSE_INVALID', 'the answer is not a transaction');
        return transaction;
      } catch (error) {
        if (error instanceof WechatPayError && error.status === 404 && error.code === 'ORDER_NOT_EXIST') return null;
        throw error;
      }
    },

    /** POST /v3/pay/transactions/out-trade-no/{out_trade_no}/close (204): the payer can no longer pay it. */
    async closeOrder(outTradeNo: string): Promise<void> {
      await call('POST', `${tradePath(outTradeNo)}/close`, { mchid: credentials.mchid });
    },

    /** POST /v3/refund/domestic/refunds: refunds (part of) a paid order; out_refund_no makes a repeat the same refund. */
    async refund(refund: {
      outTradeNo: string;
      outRefundNo: string;
      reason: string;
      refund: number;
      total: number;
      currency: string;
      notifyUrl?: string;
    }): Promise<WechatRefund> {
      const { status, body } = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: refund.outTradeNo,
        out_refund_no: refund.outRefundNo,
        // At most 80 characters.
        ...(refund.reason ? { reason: [...refund.reason].slice(0, 80).join('') } : {}),
        ...(refund.notifyUrl ? { notify_url: refund.notifyUrl } : {}),
        amount: { refund: refund.refund, total: refund.total, currency: refund.currency },
      });
      return parseRefund(parseJson(body, status), status);
    },

    /** GET /v3/refund/domestic/refunds/{out_refund_no}. */
    async queryRefund(outRefundNo: string): Promise<WechatRefund> {
      const { status, body } = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`);
      return parseRefund(parseJson(body, status), status);
    },

    /**
     * A payment notification as POSTed to notify_url: signature (with the raw body), timestamp within
     * five minutes, resource decrypted under the APIv3 key, and addressed to our mchid and appid.
     * Amount and currency are the caller's to check against its bill.
     */
    verifyNotification(
      headers: Record<string, string | string[] | undefined>,
      rawBody: string,
    ): WechatNotificationResult {
      const verified = verifyWechatSignature(
        wechatSignedHeaders(headers),
        rawBody,
        loadKeys().platformKeys,
        clock.now(),
      );
      if (!verified.isValid) return verified;
      const envelope = parseWechatNotificationEnvelope(rawBody);
      if (!envelope) return { isValid: false, failure: 'malformed' };
      const plaintext = decryptWechatResource(envelope.resource, credentials.apiV3Key);
      if (plaintext === null) return { isValid: false, failure: 'undecryptable' };
      let resource: unknown;
      try {
        resource = JSON.parse(plaintext);
      } catch {
        return { isValid: false, failure: 'malformed' };
      }
      const signed = {
        eventType: envelope.event_type,
        notificationId: envelope.id,
        signedAt: verified.signedAt,
        nonce: verified.nonce,
      };
      // A refund's result (REFUND.SUCCESS / ABNORMAL / CLOSED) carries the refund, with our mchid but no appid.
      if (envelope.event_type.startsWith('REFUND.')) {
        const refund = parseWechatRefundNotice(resource);
        if (!refund) return { isValid: false, failure: 'malformed' };
        if (refund.mchid !== credentials.mchid)
          return { isValid: false, failure: 'wrong_merchant', outTradeNo: refund.out_trade_no };
        return { isValid: true, resource: 'refund', refund, ...signed };
      }
      let transaction: WechatTransaction | null;
      try {
        transaction = parseWechatTransaction(resource);
      } catch {
        transaction = null;
      }
      if (!transaction) return { isValid: false, failure: 'malformed' };
      if (transaction.mchid !== credentials.mchid || transaction.appid !== credentials.appid)
        return { isValid: false, failure: 'wrong_merchant', outTradeNo: transaction.out_trade_no };
      return { isValid: true, resource: 'transaction', transaction, ...signed };
    },
  };
}
export type WechatPayApi = ReturnType<typeof createWechatPayApi>;

function parseRefund(value: Record<string, unknown>, status: number): WechatRefund {
  const amount = value.amount as Partial<WechatRefund['amount']> | undefined;
  if (
    typeof value.refund_id !== 'string' ||
    typeof value.out_refund_no !== 'string' ||
    typeof value.status !== 'string' ||
    typeof amount !== 'object' ||
    amount === null ||
    !Number.isInteger(amount.refund)
  ) {
    throw new WechatPayError(status, 'RESPONSE_INVALID', 'the answer is not a refund');
  }
  return value as unknown as WechatRefund;
}
