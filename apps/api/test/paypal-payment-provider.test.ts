import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider, PaymentRequest, ProviderOrder } from '../src/providers/payment/payment-provider';
import { createPaypalPaymentProvider } from '../src/providers/payment/paypal-payment-provider';
import { startFakePaypal, type FakePaypal } from './fake-paypal';
import { localProviderContext as localContext, paypalSettingsFor } from './payment-fakes-helper';

/** The PayPal provider behind the payment-provider interface, against the fake (no database). */
describe('PayPal provider', () => {
  let fake: FakePaypal;
  let provider: PaymentProvider;
  let count = 0;
  const returnUrl = 'https://parlour.example/cashier/return?token=abc';
  const created = async () => {
    const request: PaymentRequest = {
      billNo: `B20261124183000${String(++count).padStart(6, '0')}`,
      amount: 1386,
      currency: 'USD',
      payMethod: 'paypal',
      productName: 'Standard · 1 month',
      expiresAt: new Date(Date.now() + 30 * 60_000),
      notifyUrl: 'https://parlour.example/api/v1/payment/notify/paypal',
      returnUrl,
    };
    const { flow, providerOrderId } = await provider.createPayment(request);
    const order: ProviderOrder = {
      billNo: request.billNo,
      providerOrderId,
      amount: 1386,
      currency: 'USD',
      tradeNo: null,
    };
    return { flow, order };
  };

  beforeAll(async () => {
    fake = await startFakePaypal();
    provider = createPaypalPaymentProvider(paypalSettingsFor(fake), localContext);
  });
  afterAll(() => fake.close());

  it('creates an order and sends the payer to its approve link; PayPal sends them back to our return URL (cancel too)', async () => {
    const { flow, order } = await created();
    expect(flow).toEqual({
      flow: 'redirect',
      method: 'GET',
      url: `${fake.baseUrl}/checkoutnow?token=${order.providerOrderId}`,
    });
    expect(fake.orders.get(order.providerOrderId)).toMatchObject({
      return_url: returnUrl,
      cancel_url: `${returnUrl}&cancelled=1`,
      purchase_units: [{ custom_id: order.billNo, amount: { currency_code: 'USD', value: '13.86' } }],
    });
  });

  it('query before approval is unpaid; after approval it captures (capture on return) and answers paid with the capture id, once', async () => {
    const { order } = await created();
    expect(await provider.query(order)).toMatchObject({
      state: 'unpaid',
      payload: { status: 'PAYER_ACTION_REQUIRED' },
    });
    fake.approve(order.providerOrderId);
    const paid = await provider.query(order);
    const captureId = fake.orders.get(order.providerOrderId)!.capture!.id;
    expect(paid).toMatchObject({
      state: 'paid',
      payment: { billNo: order.billNo, amount: 1386, currency: 'USD', tradeNo: captureId, payMethod: 'paypal' },
    });
    expect(await provider.query(order)).toMatchObject({ state: 'paid', payment: { tradeNo: captureId } });
    expect(fake.requests.filter((request) => request.path.endsWith(`${order.providerOrderId}/capture`))).toHaveLength(
      1,
    );
    expect(await provider.query({ ...order, providerOrderId: 'NOSUCHORDER0000' })).toMatchObject({ state: 'closed' });
  });

  it('believes PAYMENT.CAPTURE.COMPLETED only once verify-webhook-signature says so; other verified events are ignored', async () => {
    const { order } = await created();
    fake.approve(order.providerOrderId);
    await provider.query(order);
    const webhook = fake.captureCompletedWebhook(order.providerOrderId);
    expect(await provider.verifyNotification({ rawBody: webhook.body, headers: webhook.headers })).toMatchObject({
      kind: 'notification',
      notification: {
        billNo: order.billNo,
        amount: 1386,
        currency: 'USD',
        outcome: 'paid',
        tradeNo: fake.orders.get(order.providerOrderId)!.capture!.id,
        nonce: webhook.headers['paypal-transmission-id'],
      },
    });
    const forged = fake.captureCompletedWebhook(order.providerOrderId, { signingKey: fake.strangerKey });
    expect(await provider.verifyNotification({ rawBody: forged.body, headers: forged.headers })).toMatchObject({
      kind: 'invalid',
      reason: 'bad_signature',
    });
    const approved = fake.webhook('CHECKOUT.ORDER.APPROVED', { id: order.providerOrderId, status: 'APPROVED' });
    expect(await provider.verifyNotification({ rawBody: approved.body, headers: approved.headers })).toMatchObject({
      kind: 'notification',
      notification: { outcome: 'ignored' },
    });
  });

  it('close reports a captured order as paid and anything else closed (Orders v2 has no cancel; it lapses uncaptured)', async () => {
    const unpaid = await created();
    expect(await provider.close(unpaid.order)).toMatchObject({ outcome: 'closed' });
    const paid = await created();
    fake.approve(paid.order.providerOrderId);
    await provider.query(paid.order);
    expect(await provider.close(paid.order)).toMatchObject({ outcome: 'paid' });
  });

  it('refunds the capture in full, once per refund number', async () => {
    const { order } = await created();
    fake.approve(order.providerOrderId);
    const paid = await provider.query(order);
    const tradeNo = paid.state === 'paid' ? paid.payment.tradeNo : null;
    const first = await provider.refund(
      { ...order, tradeNo },
      { refundNo: `R${order.billNo}`, amount: 1386, reason: 'Bought twice' },
    );
    expect(first).toMatchObject({ outcome: 'refunded' });
    // Without the capture id stored, the provider finds it on the order.
    expect(
      await provider.refund(order, { refundNo: `R${order.billNo}`, amount: 1386, reason: 'Bought twice' }),
    ).toMatchObject({ outcome: 'refunded', refundId: (first as { refundId: string }).refundId });
    expect(fake.orders.get(order.providerOrderId)?.refunds).toHaveLength(1);
    expect(await provider.refund(order, { refundNo: `R2${order.billNo}`, amount: 1386, reason: '' })).toMatchObject({
      outcome: 'failed',
      error: expect.stringContaining('CAPTURE_FULLY_REFUNDED'),
    });
  });

  it('tests the connection; a wrong secret shows PayPal own error', async () => {
    expect(await provider.testConnection()).toEqual({ ok: true });
    const wrong = createPaypalPaymentProvider({ ...paypalSettingsFor(fake), clientSecret: 'nope' }, localContext);
    expect(await wrong.testConnection()).toEqual({ ok: false, error: 'invalid_client: Client Authentication failed' });
  });
});
