import { adminRefundBill, cashierDetail, merchantListBills } from '@parlour/contract/calls/bill';
import { ErrorCode } from '@parlour/contract/errors';
import { merchantRenewShop } from '@parlour/contract/calls/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertFenToCurrency } from '../src/providers/payment/paypal-api';
import type { FakePaypal, SignedWebhook } from './fake-paypal';
import type { TestApp } from './helper';
import {
  appWithFakePaypal,
  closeAppAndFake,
  countNotificationRecords,
  monthAfter,
  notificationResults,
  postNotification,
} from './payment-fakes-helper';
import { unpaidRenewal } from './payment-helper';
import { cashierToken, expectOk, getShop, merchantWithStore, signInAdmin } from './shop-helper';

/**
 * PayPal end to end on the database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the operator
 * configures it against the fake (USD at 0.14 per CNY), a renewal bill creates an order for the
 * converted amount, and webhooks — verified by the fake's verify-webhook-signature — pay the bill
 * once or change nothing and are recorded.
 */
describe('payments: PayPal', () => {
  let t: TestApp;
  let fake: FakePaypal;

  beforeAll(async () => {
    ({ t, fake } = await appWithFakePaypal());
  });
  afterAll(() => closeAppAndFake(t, fake));

  /** A store (paid through the sandbox's Alipay) with an unpaid one-month renewal paid by PayPal, and its PayPal order. */
  async function paypalRenewal() {
    const { renewal, billNo, before, ...owner } = await unpaidRenewal(t, { payMethod: 'paypal' });
    const order = [...fake.orders.values()].find((candidate) => candidate.purchase_units[0].custom_id === billNo);
    if (!order) throw new Error(`no PayPal order for ${billNo}`);
    return { ...owner, billNo, bill: renewal.bill, payUrl: renewal.payment.pay_url, orderId: order.id, before };
  }

  const notify = (webhook: SignedWebhook) => postNotification(t, 'paypal', webhook);
  const records = (billNo: string) => notificationResults(t, billNo);

  it('creates an order in the operator currency at the operator rate; the bill records the charged amount, currency and rate', async () => {
    const { billNo, bill, orderId } = await paypalRenewal();
    const charged = convertFenToCurrency(bill.amount, '0.14', 'USD');
    expect(fake.orders.get(orderId)?.purchase_units[0].amount).toEqual({
      currency_code: 'USD',
      value: (charged / 100).toFixed(2),
    });
    const { rows } = await t.database.executeSql(
      'select charged_amount, charged_currency, charge_rate, provider_order_id from bills where bill_no = $1',
      [billNo],
    );
    expect(rows[0]).toMatchObject({
      charged_amount: charged,
      charged_currency: 'USD',
      charge_rate: '0.14',
      provider_order_id: orderId,
    });
  });

  it("the cashier's detail answers the charged amount, currency and rate beside the bill's CNY amount", async () => {
    const { billNo, bill, payUrl } = await paypalRenewal();
    const link = new URL(payUrl, 'http://x');
    const token = link.searchParams.get('cashier_token') ?? cashierToken(payUrl);
    const detail = await expectOk(t.call(cashierDetail, { bill_no: billNo, token }));
    expect(detail).toMatchObject({
      amount: bill.amount,
      currency: 'CNY',
      charged_amount: convertFenToCurrency(bill.amount, '0.14', 'USD'),
      charged_currency: 'USD',
      charge_rate: '0.14',
    });
  });

  it('a bill charged in its own amount and currency answers no charged amount at the cashier', async () => {
    const owner = await merchantWithStore(t);
    const renewal = await expectOk(
      t.call(
        merchantRenewShop,
        { shop_id: owner.shopId, term_type: 'month', term: 1, pay_method: 'alipay' },
        owner.token,
      ),
    );
    const detail = await expectOk(
      t.call(cashierDetail, { bill_no: renewal.bill.bill_no, token: cashierToken(renewal.payment.pay_url) }),
    );
    expect(detail).toMatchObject({ currency: 'CNY', charged_amount: null, charged_currency: null, charge_rate: null });
  });

  it('a verified PAYMENT.CAPTURE.COMPLETED pays the bill and extends the store', async () => {
    const { billNo, orderId, token, shopId, before } = await paypalRenewal();
    fake.capture(orderId);
    expect((await notify(fake.captureCompletedWebhook(orderId))).status).toBe(200);
    expect((await getShop(t, token, shopId)).expires_at).toBe(monthAfter(before.expires_at));
    expect(await records(billNo)).toEqual(['fulfilled']);
  });

  it('a forged signature, a changed body, a webhook for another listener, another amount or currency: nothing changes, each recorded', async () => {
    const { billNo, orderId, token, shopId, before } = await paypalRenewal();
    fake.capture(orderId);
    const countRecords = () => countNotificationRecords(t);
    const recordsBefore = await countRecords();
    const attempts = [
      fake.captureCompletedWebhook(orderId, { signingKey: fake.strangerKey }),
      fake.captureCompletedWebhook(orderId, {
        alterBody: (body) => body.replace('"status":"COMPLETED"', '"status":"COMPLETED","note_to_payer":"changed"'),
      }),
      fake.captureCompletedWebhook(orderId, { webhookId: 'SOMEONEELSE1' }),
      fake.captureCompletedWebhook(orderId, { resource: { amount: { currency_code: 'USD', value: '0.01' } } }),
      fake.captureCompletedWebhook(orderId, {
        resource: { amount: { currency_code: 'EUR', value: fake.orders.get(orderId)!.capture!.amount.value } },
      }),
    ];
    for (const attempt of attempts) expect((await notify(attempt)).status).toBe(400);
    const after = await getShop(t, token, shopId);
    expect(after.expires_at).toBe(before.expires_at);
    expect(after.unpaid_bill_no).toBe(billNo);
    expect(await countRecords()).toBe(recordsBefore + attempts.length);
  });

  it('replayed and 50 concurrent webhooks of one capture: paid once, extended once', async () => {
    const { billNo, orderId, token, shopId, before } = await paypalRenewal();
    fake.capture(orderId);
    const first = fake.captureCompletedWebhook(orderId);
    expect((await notify(first)).status).toBe(200);
    expect((await notify(first)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 50 }, () => notify(fake.captureCompletedWebhook(orderId))));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect((await getShop(t, token, shopId)).expires_at).toBe(monthAfter(before.expires_at));
    expect((await records(billNo)).filter((result) => result === 'fulfilled')).toHaveLength(1);
    const { list } = await expectOk(
      t.call(merchantListBills, { shop_id: shopId, status: 'paid', type: 'renewal' }, token),
    );
    expect(list).toHaveLength(1);
  });

  it('an operator refunds a captured PayPal bill in the charged currency: one refund at PayPal, the month taken back, a second refund refused', async () => {
    const { billNo, orderId, token, shopId, before } = await paypalRenewal();
    fake.capture(orderId);
    expect((await notify(fake.captureCompletedWebhook(orderId))).status).toBe(200);
    const admin = await signInAdmin(t);
    const refunded = await expectOk(
      t.call(adminRefundBill, { bill_no: billNo, reason: 'Customer changed their mind' }, admin),
    );
    expect(refunded).toMatchObject({ status: 'refunded', charged_currency: 'USD' });
    const order = fake.orders.get(orderId)!;
    expect(
      order.refunds.map((refund) => [refund.amount.currency_code, refund.amount.value, refund.request_id]),
    ).toEqual([['USD', order.capture!.amount.value, `R${billNo}`]]);
    expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);
    expect((await t.call(adminRefundBill, { bill_no: billNo, reason: 'Again' }, admin)).code).toBe(
      ErrorCode.BILL_REFUNDED,
    );
    expect(order.refunds).toHaveLength(1);
  });
});
