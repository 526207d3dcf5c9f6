import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WechatPayCredentials } from '../src/providers/payment/wechat-pay-api';

/**
 * A fake WeChat Pay API v3 on 127.0.0.1, written from the documentation and not from our client
 * (its signing and encryption are its own few lines of node:crypto, so a misreading shared with
 * the client would not cancel out). It holds key pairs generated in the test: the merchant's API
 * key pair (the private half goes to our configuration, the public half checks our requests) and
 * the platform key pair (signs every answer and notification; our configuration gets the public
 * half with its PUB_KEY_ID_…).
 *
 * Answers: POST /v3/pay/transactions/native, GET /v3/pay/transactions/out-trade-no/{no}?mchid,
 * POST …/{no}/close, POST /v3/refund/domestic/refunds, GET /v3/refund/domestic/refunds/{no}.
 * Requests whose Authorization does not verify answer 401 SIGN_ERROR, as the real one does.
 */

export interface FakeWechatOrder {
  appid: string;
  mchid: string;
  out_trade_no: string;
  description: string;
  notify_url: string;
  time_expire?: string;
  amount: { total: number; currency: string };
  code_url: string;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transaction_id?: string;
  success_time?: string;
}

export interface FakeWechatRefund {
  refund_id: string;
  out_refund_no: string;
  out_trade_no: string;
  transaction_id: string;
  reason?: string;
  /** Where WeChat Pay notifies this refund's result (the request's notify_url). */
  notify_url?: string;
  status: string;
  create_time: string;
  /** Only once the refund succeeded. */
  success_time?: string;
  amount: { refund: number; total: number; currency: string; payer_refund: number; payer_total: number };
}

export interface SignedDelivery {
  headers: Record<string, string>;
  body: string;
}

/** What a test may change about one notification to see it refused. */
export interface NotificationTampering {
  /** Fields of the decrypted transaction to replace (wrong mchid, appid, amount, currency). */
  transaction?: Record<string, unknown>;
  /** Seconds since the epoch to sign with (a stale timestamp). */
  timestamp?: number;
  /** Sign with another key (a forged notification). */
  signingKey?: KeyObject;
  serial?: string;
  /** Encrypt under another APIv3 key. */
  apiV3Key?: string;
  /** Change the body after signing. */
  alterBody?: (body: string) => string;
  eventType?: string;
}

export interface FakeWechatPay {
  baseUrl: string;
  mchid: string;
  appid: string;
  apiV3Key: string;
  /** The configuration our provider needs to talk to this fake. */
  credentials: WechatPayCredentials;
  platformPublicKeyId: string;
  orders: Map<string, FakeWechatOrder>;
  refunds: Map<string, FakeWechatRefund>;
  requests: Array<{ method: string; path: string; isAuthorized: boolean; body: string }>;
  behaviour: {
    /** Sign answers with a key our configuration does not hold (a man in the middle). */
    signAnswersWithStrangerKey: boolean;
    /** Answer every call with this status and WeChat Pay's error body. */
    failWith: { status: number; code: string; message: string } | null;
    /** New refunds are accepted as PROCESSING (the bank takes its time) until `finishRefund` ends them. */
    refundsProcessing: boolean;
  };
  /** Ends a PROCESSING refund as WeChat Pay would: SUCCESS (money back), ABNORMAL (the payer's card refused it) or CLOSED. */
  finishRefund(outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED'): void;
  /**
   * The signed REFUND.<status> notification WeChat Pay POSTs to the refund's notify_url once it
   * ended: the refund (mchid, out_trade_no, out_refund_no, refund_status, amount without currency)
   * encrypted under the APIv3 key.
   */
  refundNotification(
    outRefundNo: string,
    tampering?: Omit<NotificationTampering, 'transaction'> & { refund?: Record<string, unknown> },
  ): SignedDelivery;
  /** The payer scans and pays: the order becomes SUCCESS; answers the signed notification WeChat Pay would POST. */
  pay(outTradeNo: string, tampering?: NotificationTampering): SignedDelivery;
  /** A signed notification for an order (paid or not), with optional tampering. */
  notification(outTradeNo: string, tampering?: NotificationTampering): SignedDelivery;
  /** POSTs a notification to the order's notify_url, as WeChat Pay does (browser tests). */
  deliver(outTradeNo: string, delivery: SignedDelivery): Promise<{ status: number; body: string }>;
  strangerKey: KeyObject;
  close(): Promise<void>;
}

const SCHEME = 'WECHATPAY2-SHA256-RSA2048';

/** The fields our requests send, as parsed (a test may send anything: each use checks its type). */
interface WechatRequestBody {
  appid?: string;
  mchid?: string;
  description?: string;
  out_trade_no?: string;
  out_refund_no?: string;
  notify_url?: string;
  time_expire?: string;
  reason?: string;
  amount?: { total?: number; currency?: string; refund?: number };
}

function rsaKeyPair() {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

function signBase64(key: KeyObject, message: string) {
  return createSign('RSA-SHA256').update(message).sign(key, 'base64');
}

/** RFC 3339 at +08:00, as WeChat Pay writes times. */
function beijingTime(at: Date) {
  return `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

function alphanumeric(length: number) {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((byte) => letters[byte % letters.length]).join('');
}

export async function startFakeWechatPay(options: { now?: () => Date } = {}): Promise<FakeWechatPay> {
  const now = options.now ?? (() => new Date());
  const merchant = rsaKeyPair();
  const platform = rsaKeyPair();
  const stranger = rsaKeyPair();
  const mchid = '1900009191';
  const appid = 'wxd678efh567hg6787';
  const merchantSerialNo = randomBytes(20).toString('hex').toUpperCase();
  const platformPublicKeyId = `PUB_KEY_ID_0119000091912025${randomBytes(6).toString('hex').toUpperCase()}`;
  const apiV3Key = alphanumeric(32);
  const orders = new Map<string, FakeWechatOrder>();
  const refunds = new Map<string, FakeWechatRefund>();
  const requests: FakeWechatPay['requests'] = [];
  const behaviour: FakeWechatPay['behaviour'] = {
    signAnswersWithStrangerKey: false,
    failWith: null,
    refundsProcessing: false,
  };

  /** Headers signing a body: timestamp\nnonce\nbody\n under the platform key. */
  function signedHeaders(body: string, overrides: { timestamp?: number; key?: KeyObject; serial?: string } = {}) {
    const timestamp = String(overrides.timestamp ?? Math.floor(now().getTime() / 1000));
    const nonce = alphanumeric(32);
    const key = overrides.key ?? (behaviour.signAnswersWithStrangerKey ? stranger.privateKey : platform.privateKey);
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signBase64(key, `${timestamp}\n${nonce}\n${body}\n`),
      'wechatpay-serial': overrides.serial ?? platformPublicKeyId,
      'wechatpay-signature-type': SCHEME,
      'request-id': randomUUID(),
    };
  }

  /** Checks a merchant request's Authorization as documented; the reason it fails, or null. */
  function authorizationError(
    method: string,
    pathWithQuery: string,
    body: string,
    header: string | undefined,
  ): string | null {
    if (!header?.startsWith(`${SCHEME} `)) return 'Authorization 不是 WECHATPAY2-SHA256-RSA2048';
    const fields = Object.fromEntries(
      [...header.slice(SCHEME.length + 1).matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]),
    );
    if (fields.mchid !== mchid) return 'mchid 不匹配';
    if (fields.serial_no !== merchantSerialNo) return '商户证书序列号错误';
    if (!/^\d+$/.test(fields.timestamp ?? '') || Math.abs(Number(fields.timestamp) - now().getTime() / 1000) > 300)
      return '请求时间戳过期';
    const message = `${method}\n${pathWithQuery}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const isValid = createVerify('RSA-SHA256')
      .update(message)
      .verify(merchant.publicKey, fields.signature ?? '', 'base64');
    return isValid ? null : '签名错误';
  }

  function transactionOf(order: FakeWechatOrder) {
    const isPaid = order.trade_state === 'SUCCESS' || order.trade_state === 'REFUND';
    return {
      appid: order.appid,
      mchid: order.mchid,
      out_trade_no: order.out_trade_no,
      ...(isPaid
        ? {
            transaction_id: order.transaction_id,
            trade_type: 'NATIVE',
            bank_type: 'OTHERS',
            success_time: order.success_time,
            payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
          }
        : {}),
      trade_state: order.trade_state,
      trade_state_desc: { NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭', REFUND: '转入退款' }[
        order.trade_state
      ],
      attach: '',
      amount: isPaid
        ? {
            total: order.amount.total,
            payer_total: order.amount.total,
            currency: order.amount.currency,
            payer_currency: order.amount.currency,
          }
        : { total: order.amount.total, currency: order.amount.currency },
    };
  }

  /** A signed notification envelope around `resource`, encrypted with AEAD_AES_256_GCM under the APIv3 key. */
  function signedNotification(
    resource: object,
    originalType: string,
    eventType: string,
    summary: string,
    tampering: Omit<NotificationTampering, 'transaction'>,
  ): SignedDelivery {
    const resourceNonce = alphanumeric(12);
    const associatedData = originalType;
    const cipher = createCipheriv(
      'aes-256-gcm',
      Buffer.from(tampering.apiV3Key ?? apiV3Key, 'utf8'),
      Buffer.from(resourceNonce, 'utf8'),
    );
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const ciphertext = Buffer.concat([
      cipher.update(JSON.stringify(resource), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]).toString('base64');
    const envelope = {
      id: randomUUID(),
      create_time: beijingTime(now()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: {
        original_type: originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext,
        associated_data: associatedData,
        nonce: resourceNonce,
      },
    };
    const signedBody = JSON.stringify(envelope);
    const headers = {
      ...signedHeaders(signedBody, {
        timestamp: tampering.timestamp,
        key: tampering.signingKey,
        serial: tampering.serial,
      }),
      'content-type': 'application/json',
    };
    return { headers, body: tampering.alterBody ? tampering.alterBody(signedBody) : signedBody };
  }

  function notification(outTradeNo: string, tampering: NotificationTampering = {}): SignedDelivery {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`the fake has no order ${outTradeNo}`);
    const eventType = tampering.eventType ?? 'TRANSACTION.SUCCESS';
    return signedNotification(
      { ...transactionOf(order), ...tampering.transaction },
      'transaction',
      eventType,
      eventType === 'TRANSACTION.SUCCESS' ? '支付成功' : '',
      tampering,
    );
  }

  function refundNotification(
    outRefundNo: string,
    tampering: Omit<NotificationTampering, 'transaction'> & { refund?: Record<string, unknown> } = {},
  ): SignedDelivery {
    const refund = refunds.get(outRefundNo);
    if (!refund) throw new Error(`the fake has no refund ${outRefundNo}`);
    // The documented resource of a refund notification: no appid, amounts without currency.
    const resource = {
      mchid,
      out_trade_no: refund.out_trade_no,
      transaction_id: refund.transaction_id,
      out_refund_no: refund.out_refund_no,
      refund_id: refund.refund_id,
      refund_status: refund.status,
      ...(refund.success_time ? { success_time: refund.success_time } : {}),
      user_received_account: '支付用户零钱',
      amount: {
        total: refund.amount.total,
        refund: refund.amount.refund,
        payer_total: refund.amount.payer_total,
        payer_refund: refund.amount.payer_refund,
      },
      ...tampering.refund,
    };
    const summary = { SUCCESS: '退款成功', ABNORMAL: '退款异常', CLOSED: '退款关闭' }[refund.status] ?? '';
    return signedNotification(resource, 'refund', tampering.eventType ?? `REFUND.${refund.status}`, summary, tampering);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const pathWithQuery = request.url ?? '/';
      const url = new URL(pathWithQuery, 'http://127.0.0.1');
      const method = request.method ?? 'GET';
      const send = (status: number, answer?: unknown) => {
        const text = answer === undefined ? '' : JSON.stringify(answer);
        response.writeHead(status, { ...signedHeaders(text), ...(text ? { 'content-type': 'application/json' } : {}) });
        response.end(text);
      };
      const authError = authorizationError(method, pathWithQuery, body, request.headers.authorization);
      requests.push({ method, path: url.pathname, isAuthorized: !authError, body });
      if (authError) return send(401, { code: 'SIGN_ERROR', message: authError });
      if (behaviour.failWith)
        return send(behaviour.failWith.status, { code: behaviour.failWith.code, message: behaviour.failWith.message });
      let input: WechatRequestBody = {};
      if (body) {
        try {
          input = JSON.parse(body) as WechatRequestBody;
        } catch {
          return send(400, { code: 'PARAM_ERROR', message: '请求体不是合法的 JSON' });
        }
      }

      if (method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
        if (input.mchid !== mchid || input.appid !== appid)
          return send(400, { code: 'APPID_MCHID_NOT_MATCH', message: 'appid和mch_id不匹配' });
        if (typeof input.out_trade_no !== 'string' || !/^[0-9A-Za-z_\-|*]{6,32}$/.test(input.out_trade_no))
          return send(400, { code: 'PARAM_ERROR', message: 'out_trade_no 格式错误' });
        const total = input.amount?.total;
        if (
          typeof input.description !== 'string' ||
          typeof input.notify_url !== 'string' ||
          typeof total !== 'number' ||
          !Number.isInteger(total) ||
          total < 1
        ) {
          return send(400, { code: 'PARAM_ERROR', message: '参数错误' });
        }
        const existing = orders.get(input.out_trade_no);
        if (existing) {
          if (existing.amount.total !== total || existing.description !== input.description)
            return send(400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' });
          if (existing.trade_state === 'SUCCESS') return send(400, { code: 'ORDERPAID', message: '该订单已支付' });
          return send(200, { code_url: existing.code_url });
        }
        const order: FakeWechatOrder = {
          appid,
          mchid,
          out_trade_no: input.out_trade_no,
          description: input.description,
          notify_url: input.notify_url,
          time_expire: input.time_expire,
          amount: { total, currency: input.amount?.currency ?? 'CNY' },
          code_url: `weixin://wxpay/bizpayurl?pr=${alphanumeric(10)}`,
          trade_state: 'NOTPAY',
        };
        orders.set(order.out_trade_no, order);
        return send(200, { code_url: order.code_url });
      }

      const trade = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
      if (trade) {
        const order = orders.get(decodeURIComponent(trade[1]));
        if (!trade[2] && method === 'GET') {
          if (url.searchParams.get('mchid') !== mchid)
            return send(400, { code: 'PARAM_ERROR', message: 'mchid 不匹配' });
          if (!order) return send(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
          return send(200, transactionOf(order));
        }
        if (trade[2] && method === 'POST') {
          if (input.mchid !== mchid) return send(400, { code: 'PARAM_ERROR', message: 'mchid 不匹配' });
          if (!order) return send(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
          if (order.trade_state === 'SUCCESS' || order.trade_state === 'REFUND')
            return send(400, { code: 'ORDERPAID', message: '订单已支付' });
          order.trade_state = 'CLOSED';
          return send(204);
        }
      }

      if (method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
        const { out_trade_no: outTradeNo = '', out_refund_no: outRefundNo = '' } = input;
        const order = orders.get(outTradeNo);
        if (!order) return send(404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
        if (order.trade_state !== 'SUCCESS' && order.trade_state !== 'REFUND')
          return send(400, { code: 'INVALID_REQUEST', message: '订单未支付' });
        const existing = refunds.get(outRefundNo);
        if (existing) return send(200, existing);
        // A refund WeChat Pay closed or could not pay back (ABNORMAL) does not count against the order: the merchant refunds again under a new out_refund_no.
        const refunded = [...refunds.values()]
          .filter(
            (refund) =>
              refund.out_trade_no === order.out_trade_no && refund.status !== 'CLOSED' && refund.status !== 'ABNORMAL',
          )
          .reduce((sum, refund) => sum + refund.amount.refund, 0);
        if (input.amount?.total !== order.amount.total || input.amount?.currency !== order.amount.currency)
          return send(400, { code: 'PARAM_ERROR', message: '订单金额或币种不一致' });
        const amount = input.amount.refund;
        if (
          typeof amount !== 'number' ||
          !Number.isInteger(amount) ||
          amount < 1 ||
          refunded + amount > order.amount.total
        )
          return send(403, { code: 'NOT_ENOUGH', message: '退款金额超过订单可退金额' });
        const at = beijingTime(now());
        const refund: FakeWechatRefund = {
          refund_id: `50000${randomBytes(12).toString('hex').slice(0, 24)}`,
          out_refund_no: outRefundNo,
          out_trade_no: order.out_trade_no,
          transaction_id: order.transaction_id!,
          reason: input.reason,
          ...(typeof input.notify_url === 'string' ? { notify_url: input.notify_url } : {}),
          status: behaviour.refundsProcessing ? 'PROCESSING' : 'SUCCESS',
          create_time: at,
          ...(behaviour.refundsProcessing ? {} : { success_time: at }),
          amount: {
            refund: amount,
            total: order.amount.total,
            currency: order.amount.currency,
            payer_refund: amount,
            payer_total: order.amount.total,
          },
        };
        refunds.set(refund.out_refund_no, refund);
        order.trade_state = 'REFUND';
        return send(200, refund);
      }

      const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
      if (refundQuery && method === 'GET') {
        const refund = refunds.get(decodeURIComponent(refundQuery[1]));
        return refund ? send(200, refund) : send(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      }
      return send(404, { code: 'NOT_FOUND', message: '接口不存在' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    mchid,
    appid,
    apiV3Key,
    platformPublicKeyId,
    credentials: {
      mchid,
      appid,
      merchantSerialNo,
      merchantPrivateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      apiV3Key,
      platformKeys: [
        { pem: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(), serial: platformPublicKeyId },
      ],
    },
    orders,
    refunds,
    requests,
    behaviour,
    strangerKey: stranger.privateKey,
    finishRefund(outRefundNo, status) {
      const refund = refunds.get(outRefundNo);
      if (!refund || refund.status !== 'PROCESSING')
        throw new Error(`the fake has no processing refund ${outRefundNo}`);
      refund.status = status;
      if (status === 'SUCCESS') refund.success_time = beijingTime(now());
    },
    pay(outTradeNo, tampering) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`the fake has no order ${outTradeNo}`);
      if (order.trade_state === 'NOTPAY') {
        order.trade_state = 'SUCCESS';
        order.transaction_id = `4200000${Date.now()}${randomBytes(4).toString('hex')}`.slice(0, 28);
        order.success_time = beijingTime(now());
      }
      return notification(outTradeNo, tampering);
    },
    notification,
    refundNotification,
    async deliver(outTradeNo, delivery) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`the fake has no order ${outTradeNo}`);
      const answer = await fetch(order.notify_url, { method: 'POST', headers: delivery.headers, body: delivery.body });
      return { status: answer.status, body: await answer.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
