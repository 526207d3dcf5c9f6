import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Alipay OpenAPI gateway on 127.0.0.1 that signs and verifies as Alipay documents
 * (OpenAPI 2.0, RSA2): requests are verified with the app's public key over the sorted parameters
 * without `sign`; answers are signed over the `<method>_response` JSON with the Alipay private key;
 * notifications are forms signed over the sorted parameters without `sign` and `sign_type`.
 * Key pairs are generated here, per test file.
 */
export async function startFakeAlipay(options: { appId?: string; sellerId?: string } = {}) {
  const appKeys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const alipayKeys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const appId = options.appId ?? '2021000000000001';
  const sellerId = options.sellerId ?? '2088000000000001';
  type Trade = {
    out_trade_no: string;
    total_amount: string;
    status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
    trade_no: string;
    refunds: Map<string, string>;
  };
  const trades = new Map<string, Trade>();
  const calls: { method: string; biz: Record<string, unknown> }[] = [];
  let isDown = false;

  const signWith = (key: string, text: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
  const sortedContent = (fields: Record<string, string>, without: string[]) =>
    Object.keys(fields)
      .filter((name) => !without.includes(name) && fields[name] !== '' && fields[name] !== undefined)
      .sort()
      .map((name) => `${name}=${fields[name]}`)
      .join('&');

  function isRequestSigned(fields: Record<string, string>) {
    if (!fields.sign) return false;
    return createVerify('RSA-SHA256')
      .update(sortedContent(fields, ['sign']), 'utf8')
      .verify(appKeys.publicKey, fields.sign, 'base64');
  }

  function answer(method: string, data: Record<string, unknown>) {
    const key = `${method.replace(/\./g, '_')}_response`;
    const inner = JSON.stringify(data);
    return `{"${key}":${inner},"sign":"${signWith(alipayKeys.privateKey, inner)}"}`;
  }

  const ok = { code: '10000', msg: 'Success' };
  const notExist = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
  function handle(method: string, biz: Record<string, string>): Record<string, unknown> {
    const trade = trades.get(biz.out_trade_no);
    if (method === 'alipay.trade.query') {
      if (!trade) return notExist;
      return {
        ...ok,
        out_trade_no: trade.out_trade_no,
        trade_no: trade.trade_no,
        trade_status: trade.status,
        total_amount: trade.total_amount,
      };
    }
    if (method === 'alipay.trade.close') {
      if (!trade) return notExist;
      if (trade.status !== 'WAIT_BUYER_PAY')
        return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' };
      trade.status = 'TRADE_CLOSED';
      return { ...ok, out_trade_no: trade.out_trade_no, trade_no: trade.trade_no };
    }
    if (method === 'alipay.trade.refund') {
      if (!trade || trade.status !== 'TRADE_SUCCESS')
        return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' };
      trade.refunds.set(biz.out_request_no, biz.refund_amount);
      const refunded = [...trade.refunds.values()].reduce((sum, amount) => sum + Number(amount), 0);
      return {
        ...ok,
        out_trade_no: trade.out_trade_no,
        trade_no: trade.trade_no,
        refund_fee: refunded.toFixed(2),
        fund_change: 'Y',
      };
    }
    return { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' };
  }

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const fields = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : body)) as Record<
        string,
        string
      >;
      if (isDown) {
        response.writeHead(502).end('bad gateway');
        return;
      }
      if (!isRequestSigned(fields)) {
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          answer(fields.method ?? 'unknown', {
            code: '40002',
            msg: 'Invalid Arguments',
            sub_code: 'isv.invalid-signature',
            sub_msg: '验签出错',
          }),
        );
        return;
      }
      if (fields.app_id !== appId) {
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          answer(fields.method, {
            code: '40002',
            msg: 'Invalid Arguments',
            sub_code: 'isv.invalid-app-id',
            sub_msg: '无效的AppID参数',
          }),
        );
        return;
      }
      const biz = JSON.parse(fields.biz_content ?? '{}') as Record<string, string>;
      calls.push({ method: fields.method, biz });
      if (fields.method === 'alipay.trade.page.pay') {
        // The payer's browser at the cashier: the trade exists, waiting for the payer.
        if (!trades.has(biz.out_trade_no))
          trades.set(biz.out_trade_no, {
            out_trade_no: biz.out_trade_no,
            total_amount: biz.total_amount,
            status: 'WAIT_BUYER_PAY',
            trade_no: `2026${randomBytes(6).toString('hex')}`,
            refunds: new Map(),
          });
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(`<html><body><h1>Fake Alipay</h1><p id="amount">${biz.total_amount}</p></body></html>`);
        return;
      }
      response
        .writeHead(200, { 'content-type': 'application/json;charset=utf-8' })
        .end(answer(fields.method, handle(fields.method, biz)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;

  return {
    gateway,
    appId,
    sellerId,
    appPrivateKey: appKeys.privateKey,
    alipayPublicKey: alipayKeys.publicKey,
    calls,
    trades,
    setDown(value: boolean) {
      isDown = value;
    },
    /** The payer paid: the trade is TRADE_SUCCESS (no notification sent: the caller sends one, or loses it). */
    pay(billNo: string, totalAmount: string) {
      const trade = trades.get(billNo) ?? {
        out_trade_no: billNo,
        total_amount: totalAmount,
        status: 'WAIT_BUYER_PAY' as const,
        trade_no: `2026${randomBytes(6).toString('hex')}`,
        refunds: new Map(),
      };
      trade.status = 'TRADE_SUCCESS';
      trades.set(billNo, trade);
      return trade;
    },
    /** A notification form as Alipay posts it, signed with the Alipay key unless told otherwise. */
    notification(billNo: string, overrides: Record<string, string> & { signWithKey?: string } = {}) {
      const { signWithKey, ...fields } = overrides;
      const trade = trades.get(billNo);
      const now = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
      const form: Record<string, string> = {
        notify_time: now,
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(16).toString('hex'),
        app_id: appId,
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        trade_no: trade?.trade_no ?? `2026${randomBytes(6).toString('hex')}`,
        out_trade_no: billNo,
        seller_id: sellerId,
        trade_status: 'TRADE_SUCCESS',
        total_amount: trade?.total_amount ?? '0.01',
        ...fields,
      };
      form.sign = signWith(signWithKey ?? alipayKeys.privateKey, sortedContent(form, ['sign', 'sign_type']));
      return new URLSearchParams(form).toString();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeAlipay = Awaited<ReturnType<typeof startFakeAlipay>>;
