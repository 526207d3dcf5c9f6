import { generateKeyPairSync } from 'node:crypto';
import {
  adminPaymentSettings,
  adminTestPaymentConnection,
  merchantPayMethods,
} from '@parlour/contract/calls/payment-settings';
import { cashierDetail, merchantCancelBill } from '@parlour/contract/calls/bill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toYuan } from '../src/providers/payment/alipay-provider';
import type { FakeAlipay } from './fake-alipay';
import type { TestApp } from './helper';
import {
  ALIPAY_FORM_HEADERS,
  appWithFakeAlipay,
  closeAppAndFake,
  postNotification,
  runReconciliation,
} from './payment-fakes-helper';
import { unpaidRenewal } from './payment-helper';
import { cashierToken, expectOk, getShop, merchantWithStore } from './shop-helper';

describe('payments: Alipay page pay against a fake gateway', () => {
  let t: TestApp;
  let fake: FakeAlipay;
  let admin: string;
  beforeAll(async () => {
    ({ t, fake, admin } = await appWithFakeAlipay());
  });
  afterAll(() => closeAppAndFake(t, fake));

  const notify = (form: string) => postNotification(t, 'alipay', { headers: ALIPAY_FORM_HEADERS, body: form });
  async function billRow(billNo: string) {
    const bill = await t.app.services.bills.findBill(billNo);
    if (!bill) throw new Error('no bill');
    return bill;
  }
  /**
   * A store bought through the sandbox (WeChat Pay is not configured here) with an unpaid Alipay renewal whose provider
   * order exists (the pay page made it).
   */
  const alipayRenewal = () => unpaidRenewal(t, { storePayMethod: 'wechat' });

  it('keeps the secret sealed and never returns it; the method is offered; test connection reaches the gateway', async () => {
    const settings = await expectOk(t.call(adminPaymentSettings, {}, admin));
    expect(settings.alipay).toMatchObject({ enabled: true, is_configured: true, app_private_key_is_set: true });
    expect(JSON.stringify(settings)).not.toContain('PRIVATE KEY');
    const stored = JSON.stringify((await t.app.services.settings.getGroup('payment'))?.value);
    expect(stored).not.toContain('PRIVATE KEY');
    expect(await expectOk(t.call(adminTestPaymentConnection, { method: 'alipay' }, admin))).toEqual({
      ok: true,
      error: '',
    });
    const { token } = await merchantWithStore(t, { pay_method: 'wechat' });
    expect((await expectOk(t.call(merchantPayMethods, {}, token))).list).toContain('alipay');
  });

  it('pays through the signed page-pay redirect and a verified notification; replays and 50 concurrent deliveries pay once', async () => {
    const { renewal, token, shopId, before } = await alipayRenewal();
    expect(renewal.payment.provider).toBe('alipay');
    const detail = await expectOk(
      t.call(cashierDetail, { bill_no: renewal.bill.bill_no, token: cashierToken(renewal.payment.pay_url) }),
    );
    expect(detail.flow).toMatchObject({ flow: 'redirect', method: 'GET' });
    const redirect = detail.flow as { url: string };
    expect(redirect.url.startsWith(fake.gateway)).toBe(true);
    // The payer's browser at Alipay: the signed request is accepted.
    const page = await fetch(redirect.url);
    expect(await page.text()).toContain(toYuan(renewal.bill.amount));
    fake.pay(renewal.bill.bill_no, toYuan(renewal.bill.amount));
    const form = fake.notification(renewal.bill.bill_no);
    const answers = await Promise.all(Array.from({ length: 50 }, () => notify(form)));
    expect(answers.every((answer) => answer.status === 200 && answer.body === 'success')).toBe(true);
    const after = await getShop(t, token, shopId);
    expect(after.expires_at).not.toBe(before.expires_at);
    expect((await billRow(renewal.bill.bill_no)).status).toBe('paid');
    // Alipay notifying again, newly: acknowledged, extended once.
    expect(await notify(fake.notification(renewal.bill.bill_no))).toEqual({ status: 200, body: 'success' });
    expect((await getShop(t, token, shopId)).expires_at).toBe(after.expires_at);
    const fulfilled = await t.database.executeSql(
      `select count(*)::int as n from payment_notifications where bill_no = '${renewal.bill.bill_no}' and result = 'fulfilled'`,
    );
    expect((fulfilled.rows[0] as { n: number }).n).toBe(1);
  });

  it('bad signature, wrong app id, wrong seller, wrong amount, stale time, unpaid trade state: nothing changes and every attempt is recorded', async () => {
    const { renewal, token, shopId, before } = await alipayRenewal();
    const billNo = renewal.bill.bill_no;
    fake.pay(billNo, toYuan(renewal.bill.amount));
    const other = startFakeAlipayKey();
    expect(await notify(fake.notification(billNo, { signWithKey: other }))).toEqual({ status: 200, body: 'fail' });
    expect(await notify(fake.notification(billNo, { app_id: '2021999999999999' }))).toEqual({
      status: 200,
      body: 'fail',
    });
    expect(await notify(fake.notification(billNo, { seller_id: '2088999999999999' }))).toEqual({
      status: 200,
      body: 'fail',
    });
    expect(await notify(fake.notification(billNo, { total_amount: toYuan(renewal.bill.amount - 1) }))).toEqual({
      status: 200,
      body: 'fail',
    });
    expect(await notify(fake.notification(billNo, { notify_time: '2020-01-01 00:00:00' }))).toEqual({
      status: 200,
      body: 'fail',
    });
    // A verified notification that is not a payment: acknowledged, changes nothing.
    expect(await notify(fake.notification(billNo, { trade_status: 'WAIT_BUYER_PAY' }))).toEqual({
      status: 200,
      body: 'success',
    });
    expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);
    expect((await billRow(billNo)).status).toBe('unpaid');
    const rows = await t.database.executeSql(
      `select result, payload from payment_notifications where bill_no = '${billNo}' order by id`,
    );
    const results = (rows.rows as { result: string; payload: { reason?: string } }[]).map(
      (row) => row.payload.reason ?? row.result,
    );
    expect(results).toEqual(['bad_signature', 'wrong_app_id', 'wrong_seller', 'mismatch', 'stale', 'ignored']);
    expect(JSON.stringify(rows.rows)).not.toContain('PRIVATE KEY');
  });

  it('a lost notification is paid by the reconciliation job from a verified query, once', async () => {
    const { renewal, token, shopId, before } = await alipayRenewal();
    fake.pay(renewal.bill.bill_no, toYuan(renewal.bill.amount));
    // Not before a few minutes: the notification may still come.
    await runReconciliation(t);
    expect((await billRow(renewal.bill.bill_no)).status).toBe('unpaid');
    t.clock.advance(4 * 60);
    await runReconciliation(t);
    await runReconciliation(t);
    expect((await billRow(renewal.bill.bill_no)).status).toBe('paid');
    const after = await getShop(t, token, shopId);
    expect(after.expires_at).not.toBe(before.expires_at);
    const rows = await t.database.executeSql(
      `select kind, result from payment_notifications where bill_no = '${renewal.bill.bill_no}' and kind = 'query'`,
    );
    expect(rows.rows).toEqual([{ kind: 'query', result: 'fulfilled' }]);
  });

  it('cancelling a bill closes its Alipay order; a payment arriving afterwards is recorded and flagged for refund', async () => {
    const { renewal, token, shopId, before } = await alipayRenewal();
    const billNo = renewal.bill.bill_no;
    // The payer opened the gateway: the trade exists, waiting.
    const detail = await expectOk(
      t.call(cashierDetail, { bill_no: billNo, token: cashierToken(renewal.payment.pay_url) }),
    );
    await fetch((detail.flow as { url: string }).url);
    await expectOk(t.call(merchantCancelBill, { bill_no: billNo }, token));
    expect(fake.trades.get(billNo)?.status).toBe('TRADE_CLOSED');
    expect(
      fake.calls.filter((call) => call.method === 'alipay.trade.close' && call.biz.out_trade_no === billNo),
    ).toHaveLength(1);

    // Another bill: cancelled while Alipay's gateway was down, paid meanwhile.
    const second = await alipayRenewal();
    const secondNo = second.renewal.bill.bill_no;
    fake.setDown(true);
    await expectOk(t.call(merchantCancelBill, { bill_no: secondNo }, second.token));
    fake.setDown(false);
    fake.pay(secondNo, toYuan(second.renewal.bill.amount));
    expect(await notify(fake.notification(secondNo))).toEqual({ status: 200, body: 'success' });
    const flagged = await billRow(secondNo);
    expect(flagged).toMatchObject({ status: 'cancelled', needs_refund: true, provider: 'alipay' });
    expect((await getShop(t, second.token, second.shopId)).expires_at).toBe(second.before.expires_at);
    expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);
  });
});

/** A key Alipay does not hold: signatures with it are forgeries. */
function startFakeAlipayKey() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
}
