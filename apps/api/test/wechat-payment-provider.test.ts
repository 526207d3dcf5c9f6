import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider, PaymentRequest, ProviderOrder } from '../src/providers/payment/payment-provider';
import { createWechatPaymentProvider } from '../src/providers/payment/wechat-payment-provider';
import { startFakeWechatPay, type FakeWechatPay } from './fake-wechat-pay';
import { localProviderContext as localContext, wechatSettingsFor } from './payment-fakes-helper';

/** The WeChat Pay provider behind the payment-provider interface, against the fake (no database). */
describe('WeChat Pay provider', () => {
  let fake: FakeWechatPay;
  let provider: PaymentProvider;
  let count = 0;
  const request = (): PaymentRequest => ({
    billNo: `B20261124183000${String(++count).padStart(6, '0')}`,
    amount: 9900,
    currency: 'CNY',
    payMethod: 'wechat',
    productName: '标准版 · 1 个月',
    expiresAt: new Date(Date.now() + 30 * 60_000),
    notifyUrl: 'https://parlour.example/api/v1/payment/notify/wechat',
    returnUrl: 'https://parlour.example/cashier/x',
  });
  const created = async () => {
    const paymentRequest = request();
    const { flow, providerOrderId } = await provider.createPayment(paymentRequest);
    const order: ProviderOrder = {
      billNo: paymentRequest.billNo,
      providerOrderId,
      amount: 9900,
      currency: 'CNY',
      tradeNo: null,
    };
    return { flow, order };
  };

  beforeAll(async () => {
    fake = await startFakeWechatPay();
    provider = createWechatPaymentProvider(wechatSettingsFor(fake), localContext);
  });
  afterAll(() => fake.close());

  it('creates a Native order: the QR flow with code_url, out_trade_no the bill number', async () => {
    const { flow, order } = await created();
    expect(order.providerOrderId).toBe(order.billNo);
    expect(flow).toEqual({ flow: 'qr', codeUrl: fake.orders.get(order.billNo)!.code_url });
  });

  it('turns a verified notification into a paid payment with the transaction id; tampered ones are invalid with their reason', async () => {
    const { order } = await created();
    const delivery = fake.pay(order.billNo);
    const verdict = await provider.verifyNotification({ rawBody: delivery.body, headers: delivery.headers });
    expect(verdict).toMatchObject({
      kind: 'notification',
      notification: {
        billNo: order.billNo,
        amount: 9900,
        currency: 'CNY',
        payMethod: 'wechat',
        outcome: 'paid',
        tradeNo: fake.orders.get(order.billNo)!.transaction_id,
        nonce: delivery.headers['wechatpay-nonce'],
      },
      payload: { event_type: 'TRANSACTION.SUCCESS', trade_state: 'SUCCESS' },
    });
    const forged = fake.notification(order.billNo, { signingKey: fake.strangerKey });
    expect(await provider.verifyNotification({ rawBody: forged.body, headers: forged.headers })).toMatchObject({
      kind: 'invalid',
      reason: 'bad_signature',
    });
    const stale = fake.notification(order.billNo, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(await provider.verifyNotification({ rawBody: stale.body, headers: stale.headers })).toMatchObject({
      kind: 'invalid',
      reason: 'stale',
    });
    const otherMerchant = fake.notification(order.billNo, { transaction: { mchid: '1230000109' } });
    expect(
      await provider.verifyNotification({ rawBody: otherMerchant.body, headers: otherMerchant.headers }),
    ).toMatchObject({ kind: 'invalid', reason: 'wrong_merchant' });
  });

  it('queries: unpaid, then paid with the transaction; closed for an order WeChat Pay does not know', async () => {
    const { order } = await created();
    expect(await provider.query(order)).toMatchObject({ state: 'unpaid', payload: { trade_state: 'NOTPAY' } });
    fake.pay(order.billNo);
    expect(await provider.query(order)).toMatchObject({
      state: 'paid',
      payment: {
        billNo: order.billNo,
        amount: 9900,
        currency: 'CNY',
        tradeNo: fake.orders.get(order.billNo)!.transaction_id,
      },
    });
    expect(await provider.query({ ...order, providerOrderId: 'B99999999999999999999' })).toMatchObject({
      state: 'closed',
    });
  });

  it('closes an unpaid order; a paid one answers paid', async () => {
    const unpaid = await created();
    expect(await provider.close(unpaid.order)).toMatchObject({ outcome: 'closed' });
    expect(fake.orders.get(unpaid.order.billNo)?.trade_state).toBe('CLOSED');
    const paid = await created();
    fake.pay(paid.order.billNo);
    expect(await provider.close(paid.order)).toMatchObject({ outcome: 'paid' });
  });

  it('refunds in full; the same refund number twice is one refund', async () => {
    const { order } = await created();
    fake.pay(order.billNo);
    const first = await provider.refund(order, { refundNo: `R${order.billNo}`, amount: 9900, reason: '重复购买' });
    expect(first).toMatchObject({ outcome: 'refunded' });
    expect(
      await provider.refund(order, { refundNo: `R${order.billNo}`, amount: 9900, reason: '重复购买' }),
    ).toMatchObject({ outcome: 'refunded', refundId: (first as { refundId: string }).refundId });
    expect([...fake.refunds.values()].filter((refund) => refund.out_trade_no === order.billNo)).toHaveLength(1);
  });

  it('answers notifications in the documented format: 204 without a body, or a 4XX with {code:"FAIL"}', () => {
    expect(provider.acknowledge(true)).toMatchObject({ statusCode: 204, body: '' });
    const refused = provider.acknowledge(false);
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body)).toEqual({ code: 'FAIL', message: '失败' });
  });

  it('tests the connection with a query; wrong credentials show WeChat Pay own error; a key pasted wrong says so', async () => {
    expect(await provider.testConnection()).toEqual({ ok: true });
    const wrongSerial = createWechatPaymentProvider(
      { ...wechatSettingsFor(fake), merchantSerialNo: 'WRONG' },
      localContext,
    );
    expect(await wrongSerial.testConnection()).toEqual({ ok: false, error: 'SIGN_ERROR: 商户证书序列号错误' });
    const badKey = createWechatPaymentProvider(
      { ...wechatSettingsFor(fake), merchantPrivateKey: 'not a key' },
      localContext,
    );
    expect(await badKey.testConnection()).toMatchObject({
      ok: false,
      error: expect.stringContaining('CONFIGURATION_INVALID'),
    });
  });
});
