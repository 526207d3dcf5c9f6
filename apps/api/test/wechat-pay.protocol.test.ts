import { execFileSync } from 'node:child_process';
import { createCipheriv, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundRequest } from '../src/lib/outbound/outbound-http';
import { createOutboundPolicy, OutboundError } from '../src/lib/outbound/outbound-policy';
import { createWechatPayApi, WechatPayError, type WechatPayApi } from '../src/providers/payment/wechat-pay-api';
import {
  decryptWechatResource,
  loadPlatformKeys,
  parseWechatAuthorization,
  rsaSha256Sign,
  verifyWechatSignature,
  wechatAuthorization,
  wechatRequestMessage,
  wechatTimeExpire,
} from '../src/providers/payment/wechat-pay-protocol';
import { startFakeWechatPay, type FakeWechatPay } from './fake-wechat-pay';

const localPolicy = createOutboundPolicy({ allow: ['127.0.0.1'] });
const allowLocal = (url: string, request: Parameters<typeof outboundRequest>[2]) =>
  outboundRequest(localPolicy, url, request);

/** The WeChat Pay API v3 protocol core against the fake: no database, no provider interface. */
describe('WeChat Pay API v3 protocol', () => {
  let fake: FakeWechatPay;
  let api: WechatPayApi;
  const notifyUrl = 'https://parlour.example/api/v1/payment/notify/wechat';
  let orderCount = 0;
  const newOrderNo = () => `B20261124180000${String(++orderCount).padStart(6, '0')}`;
  const createOrder = async (outTradeNo = newOrderNo(), total = 9900) => {
    await api.createNativeOrder({
      outTradeNo,
      description: '标准版 1 个月',
      total,
      currency: 'CNY',
      expiresAt: new Date(Date.now() + 30 * 60_000),
      notifyUrl,
    });
    return outTradeNo;
  };

  beforeAll(async () => {
    fake = await startFakeWechatPay();
    api = createWechatPayApi({ request: allowLocal, credentials: fake.credentials, baseUrl: fake.baseUrl });
  });
  afterAll(() => fake.close());

  describe('signing and verifying', () => {
    it('signs a request as documented: METHOD\\npath?query\\ntimestamp\\nnonce\\nbody\\n in the Authorization header', () => {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const header = wechatAuthorization({
        mchid: '1900009191',
        serialNo: 'ABC123',
        privateKey,
        method: 'GET',
        pathWithQuery: '/v3/x?mchid=1',
        body: '',
        timestamp: '1554208460',
        nonce: 'N1',
      });
      const fields = parseWechatAuthorization(header)!;
      expect(header.startsWith('WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="N1",signature="')).toBe(true);
      expect(fields).toMatchObject({
        mchid: '1900009191',
        nonce_str: 'N1',
        timestamp: '1554208460',
        serial_no: 'ABC123',
      });
      expect(
        wechatRequestMessage({
          method: 'GET',
          pathWithQuery: '/v3/x?mchid=1',
          timestamp: '1554208460',
          nonce: 'N1',
          body: '',
        }),
      ).toBe('GET\n/v3/x?mchid=1\n1554208460\nN1\n\n');
      const keys = loadPlatformKeys([
        { pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), serial: 'PUB_KEY_ID_1' },
      ]);
      expect(keys.find('PUB_KEY_ID_1', new Date())).not.toBeNull();
      expect(keys.find('PUB_KEY_ID_2', new Date())).toBeNull();
    });

    const verifyTitle =
      'verifies timestamp\\nnonce\\nbody\\n; refuses a changed body, another key, an unknown serial, a probe ' +
      'signature, missing headers and a timestamp over 5 minutes away';
    it(verifyTitle, () => {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const keys = loadPlatformKeys([
        { pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), serial: 'PUB_KEY_ID_1' },
      ]);
      const now = new Date('2026-11-24T10:00:00Z');
      const timestamp = String(now.getTime() / 1000);
      const body = '{"a":1}';
      const signature = rsaSha256Sign(privateKey, `${timestamp}\nNONCE\n${body}\n`);
      const headers = { timestamp, nonce: 'NONCE', signature, serial: 'PUB_KEY_ID_1' };
      expect(verifyWechatSignature(headers, body, keys, now)).toEqual({ isValid: true, signedAt: now, nonce: 'NONCE' });
      expect(verifyWechatSignature(headers, '{"a":2}', keys, now)).toEqual({
        isValid: false,
        failure: 'bad_signature',
      });
      expect(
        verifyWechatSignature(
          { ...headers, signature: rsaSha256Sign(other.privateKey, `${timestamp}\nNONCE\n${body}\n`) },
          body,
          keys,
          now,
        ),
      ).toEqual({ isValid: false, failure: 'bad_signature' });
      expect(verifyWechatSignature({ ...headers, serial: 'PUB_KEY_ID_9' }, body, keys, now)).toEqual({
        isValid: false,
        failure: 'unknown_serial',
      });
      expect(verifyWechatSignature({ ...headers, signature: 'WECHATPAY/SIGNTEST/abc' }, body, keys, now)).toEqual({
        isValid: false,
        failure: 'bad_signature',
      });
      expect(verifyWechatSignature({ ...headers, nonce: undefined }, body, keys, now)).toEqual({
        isValid: false,
        failure: 'missing_headers',
      });
      expect(verifyWechatSignature(headers, body, keys, new Date(now.getTime() + 301_000))).toEqual({
        isValid: false,
        failure: 'stale',
      });
      expect(verifyWechatSignature(headers, body, keys, new Date(now.getTime() - 299_000)).isValid).toBe(true);
    });

    it('takes a platform certificate (merchants before the public-key scheme): its serial names it, and only within its validity', () => {
      const directory = mkdtempSync(path.join(tmpdir(), 'wechat-cert-'));
      try {
        const keyFile = path.join(directory, 'key.pem');
        const certificateFile = path.join(directory, 'cert.pem');
        execFileSync(
          'openssl',
          [
            'req',
            '-x509',
            '-newkey',
            'rsa:2048',
            '-nodes',
            '-keyout',
            keyFile,
            '-out',
            certificateFile,
            '-subj',
            '/CN=Tenpay.com Root CA',
            '-days',
            '2',
          ],
          { stdio: 'ignore' },
        );
        const certificate = readFileSync(certificateFile, 'utf8');
        const { serialNumber, validFrom } = new X509Certificate(certificate);
        const keys = loadPlatformKeys([{ pem: certificate }]);
        const now = new Date(new Date(validFrom).getTime() + 60_000);
        const timestamp = String(Math.floor(now.getTime() / 1000));
        const signature = rsaSha256Sign(readFileSync(keyFile, 'utf8'), `${timestamp}\nN\n{}\n`);
        expect(
          verifyWechatSignature(
            { timestamp, nonce: 'N', signature, serial: serialNumber.toLowerCase() },
            '{}',
            keys,
            now,
          ).isValid,
        ).toBe(true);
        expect(keys.find(serialNumber, new Date(now.getTime() + 3 * 86_400_000))).toBeNull();
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    });

    it('decrypts AEAD_AES_256_GCM under the APIv3 key, and refuses another key, changed associated data and a changed ciphertext', () => {
      const key = '0123456789abcdef0123456789ABCDEF';
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from('abcdefghijkl'));
      cipher.setAAD(Buffer.from('transaction'));
      const ciphertext = Buffer.concat([cipher.update('{"ok":true}'), cipher.final(), cipher.getAuthTag()]).toString(
        'base64',
      );
      const resource = {
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext,
        nonce: 'abcdefghijkl',
        associated_data: 'transaction',
      };
      expect(decryptWechatResource(resource, key)).toBe('{"ok":true}');
      expect(decryptWechatResource(resource, 'X'.repeat(32))).toBeNull();
      expect(decryptWechatResource({ ...resource, associated_data: 'refund' }, key)).toBeNull();
      const flipped = Buffer.from(ciphertext, 'base64');
      flipped[0] ^= 1;
      expect(decryptWechatResource({ ...resource, ciphertext: flipped.toString('base64') }, key)).toBeNull();
      expect(decryptWechatResource({ ...resource, algorithm: 'AES_128' }, key)).toBeNull();
    });

    it('writes time_expire in RFC 3339 at Beijing time', () => {
      expect(wechatTimeExpire(new Date('2026-11-24T16:30:05.123Z'))).toBe('2026-11-25T00:30:05+08:00');
    });
  });

  describe('API calls against the fake', () => {
    it('creates a Native order (signed request, verified answer) and answers its code_url', async () => {
      const outTradeNo = await createOrder();
      const order = fake.orders.get(outTradeNo)!;
      expect(order.code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      expect(order).toMatchObject({
        appid: fake.appid,
        mchid: fake.mchid,
        amount: { total: 9900, currency: 'CNY' },
        notify_url: notifyUrl,
        description: '标准版 1 个月',
      });
      expect(order.time_expire).toMatch(/\+08:00$/);
      expect(fake.requests.every((request) => request.isAuthorized)).toBe(true);
    });

    it('queries by out_trade_no: NOTPAY, then SUCCESS with the transaction id; null for an order WeChat Pay does not know', async () => {
      const outTradeNo = await createOrder();
      expect(await api.queryOrder(outTradeNo)).toMatchObject({
        trade_state: 'NOTPAY',
        amount: { total: 9900, currency: 'CNY' },
      });
      fake.pay(outTradeNo);
      const paid = await api.queryOrder(outTradeNo);
      expect(paid).toMatchObject({
        trade_state: 'SUCCESS',
        mchid: fake.mchid,
        appid: fake.appid,
        out_trade_no: outTradeNo,
      });
      expect(paid?.transaction_id).toBeTruthy();
      expect(await api.queryOrder('B00000000000000000000')).toBeNull();
    });

    it('closes an unpaid order; closing a paid one is refused with ORDERPAID', async () => {
      const unpaid = await createOrder();
      await api.closeOrder(unpaid);
      expect(fake.orders.get(unpaid)?.trade_state).toBe('CLOSED');
      const paid = await createOrder();
      fake.pay(paid);
      await expect(api.closeOrder(paid)).rejects.toMatchObject({ code: 'ORDERPAID', status: 400 });
    });

    it('refunds a paid order in full; the same out_refund_no again is the same refund', async () => {
      const outTradeNo = await createOrder(undefined, 1990);
      fake.pay(outTradeNo);
      const refund = await api.refund({
        outTradeNo,
        outRefundNo: `R${outTradeNo}`,
        reason: '运营退款',
        refund: 1990,
        total: 1990,
        currency: 'CNY',
      });
      expect(refund).toMatchObject({
        out_refund_no: `R${outTradeNo}`,
        status: 'SUCCESS',
        amount: { refund: 1990, total: 1990, currency: 'CNY' },
      });
      const again = await api.refund({
        outTradeNo,
        outRefundNo: `R${outTradeNo}`,
        reason: '运营退款',
        refund: 1990,
        total: 1990,
        currency: 'CNY',
      });
      expect(again.refund_id).toBe(refund.refund_id);
      expect(fake.refunds.size).toBeGreaterThanOrEqual(1);
      expect((await api.queryRefund(`R${outTradeNo}`)).status).toBe('SUCCESS');
      await expect(
        api.refund({ outTradeNo, outRefundNo: `R2${outTradeNo}`, reason: '', refund: 1, total: 1990, currency: 'CNY' }),
      ).rejects.toMatchObject({ code: 'NOT_ENOUGH' });
    });

    it('refuses an answer signed by a key we do not hold (a man in the middle)', async () => {
      fake.behaviour.signAnswersWithStrangerKey = true;
      try {
        await expect(createOrder()).rejects.toMatchObject({ code: 'RESPONSE_SIGNATURE_INVALID' });
      } finally {
        fake.behaviour.signAnswersWithStrangerKey = false;
      }
    });

    it('reports WeChat Pay errors with their code and message; a request signed with the wrong key is SIGN_ERROR', async () => {
      fake.behaviour.failWith = { status: 500, code: 'SYSTEM_ERROR', message: '系统错误' };
      try {
        await expect(createOrder()).rejects.toMatchObject({
          status: 500,
          code: 'SYSTEM_ERROR',
          providerMessage: '系统错误',
        });
      } finally {
        fake.behaviour.failWith = null;
      }
      const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString();
      const forged = createWechatPayApi({
        request: allowLocal,
        credentials: { ...fake.credentials, merchantPrivateKey: stranger },
        baseUrl: fake.baseUrl,
      });
      const error = await forged.queryOrder('B1').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(WechatPayError);
      expect(error).toMatchObject({ status: 401, code: 'SIGN_ERROR' });
    });

    it('goes through the outbound policy: the fake is unreachable without OUTBOUND_ALLOW', async () => {
      const strict = createWechatPayApi({
        request: (url, request) => outboundRequest(createOutboundPolicy(), url, request),
        credentials: fake.credentials,
        baseUrl: fake.baseUrl,
      });
      await expect(strict.queryOrder('B1')).rejects.toBeInstanceOf(OutboundError);
    });
  });

  describe('notifications', () => {
    const verify = (delivery: { headers: Record<string, string>; body: string }) =>
      api.verifyNotification(delivery.headers, delivery.body);

    it('verifies and decrypts a paid notification: the transaction addressed to our mchid and appid', async () => {
      const outTradeNo = await createOrder();
      const result = verify(fake.pay(outTradeNo));
      expect(result).toMatchObject({
        isValid: true,
        eventType: 'TRANSACTION.SUCCESS',
        transaction: { out_trade_no: outTradeNo, trade_state: 'SUCCESS', amount: { total: 9900, currency: 'CNY' } },
      });
    });

    it('refuses a forged signature, a changed body, a stale timestamp, an unknown serial, another APIv3 key and another mchid or appid', async () => {
      const outTradeNo = await createOrder();
      fake.pay(outTradeNo);
      expect(verify(fake.notification(outTradeNo, { signingKey: fake.strangerKey }))).toEqual({
        isValid: false,
        failure: 'bad_signature',
      });
      expect(
        verify(
          fake.notification(outTradeNo, {
            alterBody: (body) => body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS '),
          }),
        ),
      ).toEqual({ isValid: false, failure: 'bad_signature' });
      expect(verify(fake.notification(outTradeNo, { timestamp: Math.floor(Date.now() / 1000) - 301 }))).toEqual({
        isValid: false,
        failure: 'stale',
      });
      expect(verify(fake.notification(outTradeNo, { serial: 'PUB_KEY_ID_0000' }))).toEqual({
        isValid: false,
        failure: 'unknown_serial',
      });
      expect(verify(fake.notification(outTradeNo, { apiV3Key: 'Y'.repeat(32) }))).toEqual({
        isValid: false,
        failure: 'undecryptable',
      });
      expect(verify(fake.notification(outTradeNo, { transaction: { mchid: '1900000001' } }))).toEqual({
        isValid: false,
        failure: 'wrong_merchant',
        outTradeNo,
      });
      expect(verify(fake.notification(outTradeNo, { transaction: { appid: 'wx0000000000000000' } }))).toEqual({
        isValid: false,
        failure: 'wrong_merchant',
        outTradeNo,
      });
      expect(verify({ headers: {}, body: '{}' })).toEqual({ isValid: false, failure: 'missing_headers' });
    });

    it('passes a wrong amount or currency through for the bill check (it is signed by WeChat Pay; only the bill knows it is wrong)', async () => {
      const outTradeNo = await createOrder();
      fake.pay(outTradeNo);
      expect(
        verify(fake.notification(outTradeNo, { transaction: { amount: { total: 1, currency: 'CNY' } } })),
      ).toMatchObject({ isValid: true, transaction: { amount: { total: 1 } } });
    });
  });
});
