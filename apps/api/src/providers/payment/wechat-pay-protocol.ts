import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';

/**
 * The WeChat Pay API v3 protocol, as documented (pay.weixin.qq.com, "签名生成", "签名验证",
 * "证书和回调报文解密"), in pure functions over node:crypto — no I/O, so the API client, the
 * notification handler and the tests' fake all share one reading of the rules.
 * Why node:crypto rather than a library: docs/decisions/0003-wechat-pay-node-crypto.md.
 */

/** The Authorization scheme of a merchant request (SHA256 with RSA, PKCS#1 v1.5, 2048-bit key). */
export const WECHAT_AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';
/** A signature WeChat Pay sends on purpose to check that merchants verify: always invalid. */
export const WECHAT_PROBE_SIGNATURE_PREFIX = 'WECHATPAY/SIGNTEST/';
/** How far a response's or notification's Wechatpay-Timestamp may be from our clock (the documented 5 minutes). */
export const WECHAT_TIMESTAMP_WINDOW_SECONDS = 300;
/** AEAD_AES_256_GCM: 32-byte key (the APIv3 key), 16-byte tag appended to the ciphertext. */
const GCM_TAG_BYTES = 16;

/** The string a merchant signs: method, path with query, timestamp, nonce and body, each followed by \n. */
export function wechatRequestMessage(parts: {
  method: string;
  pathWithQuery: string;
  timestamp: string;
  nonce: string;
  body: string;
}): string {
  return `${parts.method}\n${parts.pathWithQuery}\n${parts.timestamp}\n${parts.nonce}\n${parts.body}\n`;
}

/** The string WeChat Pay signs on a response or a notification: timestamp, nonce and the raw body, each followed by \n. */
export function wechatResponseMessage(parts: { timestamp: string; nonce: string; body: string }): string {
  return `${parts.timestamp}\n${parts.nonce}\n${parts.body}\n`;
}

/** SHA256-RSA (PKCS#1 v1.5) of the message, base64. */
export function rsaSha256Sign(privateKey: KeyObject | string, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function rsaSha256Verify(publicKey: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** A random nonce_str: 32 characters of [0-9A-Z], as the documentation's examples. */
export function wechatNonce(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

/** The Authorization header of a signed merchant request. */
export function wechatAuthorization(options: {
  mchid: string;
  serialNo: string;
  privateKey: KeyObject | string;
  method: string;
  pathWithQuery: string;
  body: string;
  timestamp: string;
  nonce: string;
}): string {
  const signature = rsaSha256Sign(options.privateKey, wechatRequestMessage(options));
  return (
    `${WECHAT_AUTH_SCHEME} mchid="${options.mchid}",nonce_str="${options.nonce}",signature="${signature}",` +
    `timestamp="${options.timestamp}",serial_no="${options.serialNo}"`
  );
}

/** The fields of an Authorization header, or null when it is not this scheme (the fake checks requests with it). */
export function parseWechatAuthorization(
  header: string | undefined,
): Record<'mchid' | 'nonce_str' | 'signature' | 'timestamp' | 'serial_no', string> | null {
  if (!header?.startsWith(`${WECHAT_AUTH_SCHEME} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(WECHAT_AUTH_SCHEME.length + 1).matchAll(/(\w+)="([^"]*)"/g))
    fields[match[1]] = match[2];
  const names = ['mchid', 'nonce_str', 'signature', 'timestamp', 'serial_no'] as const;
  if (!names.every((name) => typeof fields[name] === 'string')) return null;
  return fields as Record<(typeof names)[number], string>;
}

/** The merchant's API private key (PEM, PKCS#8 as WeChat Pay issues it, or PKCS#1). */
export function loadMerchantPrivateKey(pem: string): KeyObject {
  return createPrivateKey(pem);
}

/**
 * The keys WeChat Pay signs with, by the serial it names in Wechatpay-Serial: the platform public
 * key (PEM, with its "PUB_KEY_ID_…" id, the current scheme) and/or platform certificates (PEM; the
 * serial is the certificate's, in upper-case hex, and it counts only within its validity).
 */
export interface WechatPlatformKeys {
  find(serial: string, now: Date): KeyObject | null;
}

export function loadPlatformKeys(entries: Array<{ pem: string; serial?: string }>): WechatPlatformKeys {
  const keys = new Map<string, { key: KeyObject; validFrom?: Date; validTo?: Date }>();
  for (const entry of entries) {
    if (entry.pem.includes('BEGIN CERTIFICATE')) {
      const certificate = new X509Certificate(entry.pem);
      keys.set((entry.serial ?? certificate.serialNumber).toUpperCase(), {
        key: certificate.publicKey,
        validFrom: new Date(certificate.validFrom),
        validTo: new Date(certificate.validTo),
      });
    } else {
      if (!entry.serial) throw new Error('a WeChat Pay platform public key needs its id (PUB_KEY_ID_…)');
      keys.set(entry.serial.toUpperCase(), { key: createPublicKey(entry.pem) });
    }
  }
  return {
    find(serial, now) {
      const found = keys.get(serial.toUpperCase());
      if (!found) return null;
      if ((found.validFrom && now < found.validFrom) || (found.validTo && now > found.validTo)) return null;
      return found.key;
    },
  };
}

/** The four headers WeChat Pay signs a response or notification with. */
export interface WechatSignedHeaders {
  timestamp?: string;
  nonce?: string;
  signature?: string;
  serial?: string;
}

/** Reads the Wechatpay-* headers from node's lower-cased header object. */
export function wechatSignedHeaders(headers: Record<string, string | string[] | undefined>): WechatSignedHeaders {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    timestamp: one('wechatpay-timestamp'),
    nonce: one('wechatpay-nonce'),
    signature: one('wechatpay-signature'),
    serial: one('wechatpay-serial'),
  };
}

export type WechatSignatureFailure =
  /** A Wechatpay-* header is missing or malformed. */
  | 'missing_headers'
  /** Wechatpay-Serial names no key we hold (or a certificate outside its validity). */
  | 'unknown_serial'
  /** The signature does not verify (including WeChat Pay's deliberate probe signatures). */
  | 'bad_signature'
  /** Signed more than five minutes from our clock. */
  | 'stale';

/**
 * Verifies a response or notification: the serial names a key we hold, the signature over
 * timestamp\nnonce\nbody\n verifies with it, and the timestamp is within five minutes of `now`.
 * `body` must be the raw bytes received (as a string), never a re-serialised object.
 */
export function verifyWechatSignature(
  signed: WechatSignedHeaders,
  body: string,
  keys: WechatPlatformKeys,
  now: Date,
): { isValid: true; signedAt: Date; nonce: string } | { isValid: false; failure: WechatSignatureFailure } {
  const { timestamp, nonce, signature, serial } = signed;
  if (!timestamp || !nonce || !signature || !serial || !/^\d{1,12}$/.test(timestamp) || nonce.length > 64)
    return { isValid: false, failure: 'missing_headers' };
  if (signature.startsWith(WECHAT_PROBE_SIGNATURE_PREFIX)) return { isValid: false, failure: 'bad_signature' };
  const key = keys.find(serial, now);
  if (!key) return { isValid: false, failure: 'unknown_serial' };
  if (!rsaSha256Verify(key, wechatResponseMessage({ timestamp, nonce, body }), signature))
    return { isValid: false, failure: 'bad_signature' };
  const signedAt = new Date(Number(timestamp) * 1000);
  if (Math.abs(now.getTime() - signedAt.getTime()) > WECHAT_TIMESTAMP_WINDOW_SECONDS * 1000)
    return { isValid: false, failure: 'stale' };
  return { isValid: true, signedAt, nonce };
}

/** An encrypted resource of a notification (or of the certificate download). */
export interface WechatEncryptedResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
  original_type?: string;
}

/** The APIv3 key as the 32 bytes AES-256-GCM takes; throws when it is not 32 bytes. */
export function apiV3KeyBytes(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('the WeChat Pay APIv3 key must be 32 bytes');
  return key;
}

/** Decrypts AEAD_AES_256_GCM under the APIv3 key (nonce and associated data as UTF-8); null when it does not authenticate. */
export function decryptWechatResource(resource: WechatEncryptedResource, apiV3Key: string): string | null {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') return null;
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= GCM_TAG_BYTES) return null;
  const iv = Buffer.from(resource.nonce, 'utf8');
  if (iv.length === 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', apiV3KeyBytes(apiV3Key), iv, { authTagLength: GCM_TAG_BYTES });
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** A payment (transaction) as the query answers it and a TRANSACTION.* notification carries it. */
export interface WechatTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type?: string;
  /** SUCCESS, REFUND, NOTPAY, CLOSED, REVOKED, USERPAYING, PAYERROR. */
  trade_state: string;
  trade_state_desc?: string;
  success_time?: string;
  amount: { total: number; currency: string; payer_total?: number; payer_currency?: string };
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The transaction in a decrypted resource or a query answer, or null when its shape is wrong. */
export function parseWechatTransaction(value: unknown): WechatTransaction | null {
  if (typeof value !== 'object' || value === null) return null;
  const transaction = value as Partial<WechatTransaction>;
  const amount = transaction.amount as Partial<WechatTransaction['amount']> | undefined;
  if (
    !isText(transaction.appid) ||
    !isText(transaction.mchid) ||
    !isText(transaction.out_trade_no) ||
    !isText(transaction.trade_state)
  )
    return null;
  if (typeof amount !== 'object' || amount === null || !Number.isInteger(amount.total) || !isText(amount.currency))
    return null;
  if (transaction.transaction_id !== undefined && !isText(transaction.transaction_id)) return null;
  return transaction as WechatTransaction;
}

/** A refund as a REFUND.* notification's decrypted resource carries it (no appid, amounts without currency). */
export interface WechatRefundNotice {
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  out_refund_no: string;
  refund_id: string;
  /** SUCCESS, CLOSED, ABNORMAL. */
  refund_status: string;
  success_time?: string;
  user_received_account?: string;
  amount: { total: number; refund: number; payer_total?: number; payer_refund?: number };
}

/** The refund in a decrypted REFUND.* resource, or null when its shape is wrong. */
export function parseWechatRefundNotice(value: unknown): WechatRefundNotice | null {
  if (typeof value !== 'object' || value === null) return null;
  const refund = value as Partial<WechatRefundNotice>;
  const amount = refund.amount as Partial<WechatRefundNotice['amount']> | undefined;
  if (
    !isText(refund.mchid) ||
    !isText(refund.out_trade_no) ||
    !isText(refund.out_refund_no) ||
    !isText(refund.refund_id) ||
    !isText(refund.refund_status)
  )
    return null;
  if (
    typeof amount !== 'object' ||
    amount === null ||
    !Number.isInteger(amount.total) ||
    !Number.isInteger(amount.refund)
  )
    return null;
  if (refund.transaction_id !== undefined && !isText(refund.transaction_id)) return null;
  return refund as WechatRefundNotice;
}

/** The notification envelope WeChat Pay POSTs (the resource still encrypted). */
export interface WechatNotificationEnvelope {
  id: string;
  create_time: string;
  event_type: string;
  resource_type: string;
  resource: WechatEncryptedResource;
  summary?: string;
}

export function parseWechatNotificationEnvelope(rawBody: string): WechatNotificationEnvelope | null {
  let value: unknown;
  try {
    value = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const envelope = value as Partial<WechatNotificationEnvelope>;
  const resource = envelope.resource as Partial<WechatEncryptedResource> | undefined;
  if (!isText(envelope.id) || !isText(envelope.event_type) || typeof resource !== 'object' || resource === null)
    return null;
  if (!isText(resource.algorithm) || !isText(resource.ciphertext) || !isText(resource.nonce)) return null;
  if (resource.associated_data !== undefined && !isText(resource.associated_data)) return null;
  return envelope as WechatNotificationEnvelope;
}

/** The documented answers to a notification: success is 200/204 without a body; failure a 4xx/5xx with this body. */
export function wechatNotificationFailure(message: string): string {
  return JSON.stringify({ code: 'FAIL', message });
}

/** time_expire in RFC 3339 at +08:00, as WeChat Pay's examples write it (2018-06-08T10:34:56+08:00). */
export function wechatTimeExpire(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}
