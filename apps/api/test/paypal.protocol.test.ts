import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboundRequest } from '../src/lib/outbound/outbound-http';
import { createOutboundPolicy, OutboundError } from '../src/lib/outbound/outbound-policy';
import {
  completedCapture,
  convertFenToCurrency,
  createPaypalApi,
  paypalMinor,
  paypalValue,
  PaypalError,
  type PaypalApi,
} from '../src/providers/payment/paypal-api';
import { startFakePaypal, type FakePaypal } from './fake-paypal';

const localPolicy = createOutboundPolicy({ allow: ['127.0.0.1'] });
const allowLocal = (url: string, request: Parameters<typeof outboundRequest>[2]) =>
  outboundRequest(localPolicy, url, request);

/** PayPal's Orders v2, OAuth and webhook verification against the fake: no database, no provider interface. */
describe('PayPal Orders v2 protocol', () => {
  let fake: FakePaypal;
  let api: PaypalApi;
  let clockMs = Date.now();
  const clock = { now: () => new Date(clockMs) };
  let billCount = 0;
  const newBillNo = () => `B20261124180000${String(++billCount).padStart(6, '0')}`;
  const order = (billNo = newBillNo(), amount = 1386) =>
    api.createOrder({
      billNo,
      amount,
      currency: 'USD',
      description: 'Standard, 1 month',
      returnUrl: `https://parlour.example/cashier/${billNo}/return`,
      cancelUrl: `https://parlour.example/cashier/${billNo}`,
    });

  beforeAll(async () => {
    fake = await startFakePaypal({ now: clock.now });
  });
  beforeEach(() => {
    api = createPaypalApi({
      request: allowLocal,
      credentials: { clientId: fake.clientId, clientSecret: fake.clientSecret, webhookId: fake.webhookId },
      baseUrl: fake.baseUrl,
      clock,
    });
  });
  afterAll(() => fake.close());

  describe('amounts', () => {
    it('writes minor units as PayPal values and reads them back (JPY without decimals)', () => {
      expect(paypalValue(1386, 'USD')).toBe('13.86');
      expect(paypalValue(5, 'EUR')).toBe('0.05');
      expect(paypalValue(1386, 'JPY')).toBe('1386');
      expect(paypalMinor('13.86', 'USD')).toBe(1386);
      expect(paypalMinor('13.8', 'USD')).toBe(1380);
      expect(paypalMinor('13', 'USD')).toBe(1300);
      expect(paypalMinor('1386', 'JPY')).toBe(1386);
      expect(paypalMinor('13.86', 'JPY')).toBeNull();
      expect(paypalMinor('1e3', 'USD')).toBeNull();
      expect(paypalMinor('-1.00', 'USD')).toBeNull();
    });

    it('converts fen at the operator rate exactly, rounding half up', () => {
      expect(convertFenToCurrency(9900, '0.14', 'USD')).toBe(1386);
      expect(convertFenToCurrency(100, '0.135', 'USD')).toBe(14); // 13.5 cents → 14
      expect(convertFenToCurrency(100, '0.1349', 'USD')).toBe(13);
      expect(convertFenToCurrency(9900, '20.5', 'JPY')).toBe(2030); // 99 CNY × 20.5 = 2029.5 → 2030
      expect(convertFenToCurrency(1, '0.1', 'USD')).toBe(0);
      expect(() => convertFenToCurrency(100, '1e-3', 'USD')).toThrow();
      expect(() => convertFenToCurrency(100, '-1', 'USD')).toThrow();
    });
  });

  describe('OAuth client credentials', () => {
    it('asks for a token once and reuses it until shortly before it expires; concurrent calls share one request', async () => {
      const before = fake.tokensIssued.length;
      await Promise.all([order(), order(), order()]);
      expect(fake.tokensIssued.length).toBe(before + 1);
      await order();
      expect(fake.tokensIssued.length).toBe(before + 1);
      clockMs += 32_400_000 - 4 * 60_000; // within 5 minutes of its expiry: renewed
      await order();
      expect(fake.tokensIssued.length).toBe(before + 2);
    });

    it('gets a new token when PayPal revoked the cached one (401), and retries the call once', async () => {
      await order();
      const before = fake.tokensIssued.length;
      fake.behaviour.revokeTokens();
      await expect(order()).resolves.toMatchObject({ status: 'PAYER_ACTION_REQUIRED' });
      expect(fake.tokensIssued.length).toBe(before + 1);
    });

    it('reports wrong client credentials as PayPal words them', async () => {
      const wrong = createPaypalApi({
        request: allowLocal,
        credentials: { clientId: fake.clientId, clientSecret: 'wrong', webhookId: fake.webhookId },
        baseUrl: fake.baseUrl,
        clock,
      });
      const error = await wrong.getOrder('X').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PaypalError);
      expect(error).toMatchObject({
        status: 401,
        code: 'invalid_client',
        providerMessage: 'Client Authentication failed',
      });
    });
  });

  describe('orders', () => {
    it('creates an order with intent CAPTURE for the bill (reference, custom and invoice id) and answers the approve link', async () => {
      const billNo = newBillNo();
      const created = await order(billNo);
      expect(created.approveUrl).toBe(`${fake.baseUrl}/checkoutnow?token=${created.id}`);
      expect(fake.orders.get(created.id)?.purchase_units[0]).toMatchObject({
        reference_id: billNo,
        custom_id: billNo,
        invoice_id: billNo,
        amount: { currency_code: 'USD', value: '13.86' },
      });
      expect(fake.orders.get(created.id)?.return_url).toBe(`https://parlour.example/cashier/${billNo}/return`);
      // A retried create (same PayPal-Request-Id) is the same order.
      expect((await order(billNo)).id).toBe(created.id);
    });

    it('captures only an approved order; the capture carries the bill and the amount; capturing again answers the same capture', async () => {
      const billNo = newBillNo();
      const created = await order(billNo);
      await expect(api.captureOrder(created.id, billNo)).rejects.toMatchObject({
        status: 422,
        issue: 'ORDER_NOT_APPROVED',
      });
      fake.approve(created.id);
      const captured = await api.captureOrder(created.id, billNo);
      expect(captured.status).toBe('COMPLETED');
      expect(completedCapture(captured)).toMatchObject({
        status: 'COMPLETED',
        custom_id: billNo,
        amount: { currency_code: 'USD', value: '13.86' },
      });
      expect(completedCapture(await api.captureOrder(created.id, billNo))?.id).toBe(completedCapture(captured)?.id);
      expect(completedCapture((await api.getOrder(created.id))!)?.id).toBe(completedCapture(captured)?.id);
    });

    it('answers null for an order PayPal does not know', async () => {
      expect(await api.getOrder('0VF52814937998046')).toBeNull();
    });

    it('refunds a capture in full; the same refund number again is the same refund; a second refund is refused', async () => {
      const billNo = newBillNo();
      const created = await order(billNo);
      fake.approve(created.id);
      const capture = completedCapture(await api.captureOrder(created.id, billNo))!;
      const refund = await api.refundCapture(capture.id, {
        refundNo: `refund-${billNo}`,
        note: 'Refunded by the platform',
      });
      expect(refund.status).toBe('COMPLETED');
      expect((await api.refundCapture(capture.id, { refundNo: `refund-${billNo}` })).id).toBe(refund.id);
      expect(fake.orders.get(created.id)?.refunds).toHaveLength(1);
      await expect(api.refundCapture(capture.id, { refundNo: `refund-2-${billNo}` })).rejects.toMatchObject({
        issue: 'CAPTURE_FULLY_REFUNDED',
      });
    });

    it('goes through the outbound policy: the fake is unreachable without OUTBOUND_ALLOW', async () => {
      const strict = createPaypalApi({
        request: (url, request) => outboundRequest(createOutboundPolicy(), url, request),
        credentials: { clientId: fake.clientId, clientSecret: fake.clientSecret, webhookId: fake.webhookId },
        baseUrl: fake.baseUrl,
      });
      await expect(strict.getOrder('X')).rejects.toBeInstanceOf(OutboundError);
    });
  });

  describe('webhooks', () => {
    const captured = async () => {
      const billNo = newBillNo();
      const created = await order(billNo);
      fake.approve(created.id);
      await api.captureOrder(created.id, billNo);
      return { billNo, orderId: created.id };
    };

    it('believes a webhook only after verify-webhook-signature says SUCCESS', async () => {
      const { orderId, billNo } = await captured();
      const result = await api.verifyWebhook(
        fake.captureCompletedWebhook(orderId).headers,
        fake.captureCompletedWebhook(orderId).body,
      );
      // Headers of one transmission with the body of another: refused.
      expect(result).toEqual({ isValid: false, failure: 'bad_signature' });
      const webhook = fake.captureCompletedWebhook(orderId);
      const verified = await api.verifyWebhook(webhook.headers, webhook.body);
      expect(verified).toMatchObject({
        isValid: true,
        event: {
          event_type: 'PAYMENT.CAPTURE.COMPLETED',
          resource: { custom_id: billNo, supplementary_data: { related_ids: { order_id: orderId } } },
        },
      });
    });

    it('refuses a forged signature, a changed body, another webhook id, missing headers and a body that is not an event', async () => {
      const { orderId } = await captured();
      const check = (webhook: { headers: Record<string, string>; body: string }) =>
        api.verifyWebhook(webhook.headers, webhook.body);
      expect(await check(fake.captureCompletedWebhook(orderId, { signingKey: fake.strangerKey }))).toEqual({
        isValid: false,
        failure: 'bad_signature',
      });
      expect(
        await check(fake.captureCompletedWebhook(orderId, { alterBody: (body) => body.replace('"13.86"', '"0.01"') })),
      ).toEqual({ isValid: false, failure: 'bad_signature' });
      expect(await check(fake.captureCompletedWebhook(orderId, { webhookId: 'OTHERWEBHOOK1' }))).toEqual({
        isValid: false,
        failure: 'bad_signature',
      });
      const { 'paypal-transmission-sig': _signature, ...unsigned } = fake.captureCompletedWebhook(orderId).headers;
      expect(await check({ headers: unsigned, body: '{}' })).toEqual({ isValid: false, failure: 'missing_headers' });
      expect(await check({ ...fake.captureCompletedWebhook(orderId), body: '[1]' })).toEqual({
        isValid: false,
        failure: 'malformed',
      });
    });
  });
});
