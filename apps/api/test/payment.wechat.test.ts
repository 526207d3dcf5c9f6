import {
  adminBillDetail,
  adminExportBills,
  adminListBills,
  adminRefundBill,
  merchantCancelBill,
  merchantExportBills,
  merchantListBills,
} from '@parlour/contract/calls/bill';
import { ErrorCode } from '@parlour/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeWechatPay, SignedDelivery } from './fake-wechat-pay';
import type { TestApp } from './helper';
import {
  appWithFakeWechatPay,
  closeAppAndFake,
  countNotificationRecords,
  monthAfter,
  notificationResults,
  postNotification,
  runReconciliation,
} from './payment-fakes-helper';
import { unpaidRenewal } from './payment-helper';
import { expectOk, getShop, signInAdmin } from './shop-helper';

/**
 * WeChat Pay end to end on the database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the
 * operator configures it against the fake, a merchant's renewal bill creates a Native order, and
 * the fake's notifications — good, forged, stale, for another merchant, with another amount —
 * pay the bill once or change nothing and are recorded.
 */
describe('payments: WeChat Pay', () => {
  let t: TestApp;
  let fake: FakeWechatPay;

  beforeAll(async () => {
    ({ t, fake } = await appWithFakeWechatPay());
  });
  afterAll(() => closeAppAndFake(t, fake));

  /** A store (paid through the sandbox's Alipay) with an unpaid one-month renewal paid by WeChat Pay. */
  const wechatRenewal = () => unpaidRenewal(t, { payMethod: 'wechat' });
  const notify = (delivery: SignedDelivery) => postNotification(t, 'wechat', delivery);
  const records = (billNo: string) => notificationResults(t, billNo);

  it('creates a Native order for the bill (out_trade_no = bill number, amount in fen, notify URL ours)', async () => {
    const { billNo, renewal } = await wechatRenewal();
    const order = fake.orders.get(billNo);
    expect(order).toMatchObject({ amount: { total: renewal.bill.amount, currency: 'CNY' }, trade_state: 'NOTPAY' });
    expect(order?.notify_url).toMatch(/\/api\/v1\/payment\/notify\/wechat$/);
  });

  it('a verified notification pays the bill and extends the store; WeChat Pay gets 204 without a body', async () => {
    const { billNo, token, shopId, before } = await wechatRenewal();
    expect(await notify(fake.pay(billNo))).toEqual({ status: 204, body: '' });
    const after = await getShop(t, token, shopId);
    expect(after.expires_at).toBe(monthAfter(before.expires_at));
    expect(await records(billNo)).toEqual(['fulfilled']);
  });

  const forgedNotificationTitle =
    'a forged signature, a changed body, a stale timestamp, another merchant or app, another amount or currency: ' +
    'nothing changes, each recorded, answered {code:"FAIL"}';
  it(forgedNotificationTitle, async () => {
    const { billNo, token, shopId, before } = await wechatRenewal();
    fake.pay(billNo);
    const attempts = [
      fake.notification(billNo, { signingKey: fake.strangerKey }),
      fake.notification(billNo, {
        alterBody: (body) => body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS "'),
      }),
      fake.notification(billNo, { timestamp: Math.floor(t.clock.now().getTime() / 1000) - 301 }),
      fake.notification(billNo, { transaction: { mchid: '1230000109' } }),
      fake.notification(billNo, { transaction: { appid: 'wx0000000000000000' } }),
      fake.notification(billNo, {
        transaction: { amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' } },
      }),
      fake.notification(billNo, {
        transaction: { amount: { total: 9900, payer_total: 9900, currency: 'USD', payer_currency: 'USD' } },
      }),
    ];
    const countRecords = () => countNotificationRecords(t);
    const recordsBefore = await countRecords();
    for (const attempt of attempts) {
      const answer = await notify(attempt);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'FAIL' });
    }
    const after = await getShop(t, token, shopId);
    expect(after.expires_at).toBe(before.expires_at);
    expect(after.unpaid_bill_no).toBe(billNo);
    expect(await countRecords()).toBe(recordsBefore + attempts.length);
    // Those that name the bill once decrypted (another merchant or app, another amount or currency) are recorded under it.
    expect(await records(billNo)).toHaveLength(4);
  });

  it('a replayed notification and WeChat Pay redelivering the payment: paid once, extended once, redeliveries acknowledged', async () => {
    const { billNo, token, shopId, before } = await wechatRenewal();
    const first = fake.pay(billNo);
    expect((await notify(first)).status).toBe(204);
    // The same bytes again (a replay of the recorded notification): its nonce is used.
    const replay = await notify(first);
    // WeChat Pay's own redelivery (new nonce, same transaction).
    const redelivery = await notify(fake.notification(billNo));
    expect([replay.status, redelivery.status]).toEqual([204, 204]);
    expect((await getShop(t, token, shopId)).expires_at).toBe(monthAfter(before.expires_at));
    expect((await records(billNo)).filter((result) => result === 'fulfilled')).toHaveLength(1);
  });

  it('50 concurrent notifications of one payment: paid once, extended once', async () => {
    const { billNo, token, shopId, before } = await wechatRenewal();
    fake.pay(billNo);
    const deliveries = Array.from({ length: 50 }, () => fake.notification(billNo));
    const answers = await Promise.all(deliveries.map((delivery) => notify(delivery)));
    expect(answers.every((answer) => answer.status === 204)).toBe(true);
    expect((await getShop(t, token, shopId)).expires_at).toBe(monthAfter(before.expires_at));
    expect((await records(billNo)).filter((result) => result === 'fulfilled')).toHaveLength(1);
    const { list } = await expectOk(
      t.call(merchantListBills, { shop_id: shopId, status: 'paid', type: 'renewal' }, token),
    );
    expect(list).toHaveLength(1);
  });

  it('a lost notification is paid by the reconciliation job from a verified query, once; cancelling a bill closes its order', async () => {
    const { billNo, token, shopId, before } = await wechatRenewal();
    // The payer paid; WeChat Pay's notification never arrived.
    fake.pay(billNo);
    t.clock.advance(4 * 60);
    await runReconciliation(t);
    await runReconciliation(t);
    expect((await getShop(t, token, shopId)).expires_at).toBe(monthAfter(before.expires_at));
    expect(await records(billNo)).toEqual(['fulfilled']);

    const other = await wechatRenewal();
    await expectOk(t.call(merchantCancelBill, { bill_no: other.billNo }, other.token));
    expect(fake.orders.get(other.billNo)?.trade_state).toBe('CLOSED');
    const { rows } = await t.database.executeSql(
      "select result from payment_notifications where bill_no = $1 and kind = 'close'",
      [other.billNo],
    );
    expect(rows).toEqual([{ result: 'closed' }]);
    expect((await getShop(t, other.token, other.shopId)).expires_at).toBe(other.before.expires_at);
  });

  it('an operator refunds a paid WeChat Pay bill: one refund at WeChat Pay, the month taken back, a second refund refused', async () => {
    const { billNo, token, shopId, before, renewal } = await wechatRenewal();
    expect((await notify(fake.pay(billNo))).status).toBe(204);
    const admin = await signInAdmin(t);
    const refunded = await expectOk(t.call(adminRefundBill, { bill_no: billNo, reason: 'Paid twice' }, admin));
    expect(refunded).toMatchObject({ status: 'refunded', refund_reason: 'Paid twice' });
    const atWechat = [...fake.refunds.values()].filter((refund) => refund.out_trade_no === billNo);
    expect(atWechat.map((refund) => [refund.out_refund_no, refund.amount.refund])).toEqual([
      [`R${billNo}`, renewal.bill.amount],
    ]);
    expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);
    expect((await t.call(adminRefundBill, { bill_no: billNo, reason: 'Again' }, admin)).code).toBe(
      ErrorCode.BILL_REFUNDED,
    );
    expect([...fake.refunds.values()].filter((refund) => refund.out_trade_no === billNo)).toHaveLength(1);
  });
  const reconcile = () => runReconciliation(t);
  const refundEvents = async (billNo: string, admin: string) =>
    (await expectOk(t.call(adminBillDetail, { bill_no: billNo }, admin))).events
      .filter((event) => event.kind === 'refund')
      .map((event) => event.result);

  /** The bill's refund state as both lists answer it and both exports (CSV, English) write it. */
  async function refundStateInLists(billNo: string, token: string, admin: string) {
    const mine = (await expectOk(t.call(merchantListBills, { keyword: billNo }, token))).list;
    const all = (await expectOk(t.call(adminListBills, { keyword: billNo }, admin))).list;
    const csvLine = async (file: { content_base64: string }) =>
      Buffer.from(file.content_base64, 'base64')
        .toString('utf8')
        .split(/\r?\n/)
        .find((line) => line.includes(billNo)) ?? '';
    return {
      merchant: mine.map((bill) => [bill.status, bill.refund_state]),
      admin: all.map((bill) => [bill.status, bill.refund_state]),
      merchantCsv: await csvLine(
        await expectOk(t.call(merchantExportBills, { keyword: billNo, format: 'csv', lang_code: 'en-US' }, token)),
      ),
      adminCsv: await csvLine(
        await expectOk(t.call(adminExportBills, { keyword: billNo, format: 'csv', lang_code: 'en-US' }, admin)),
      ),
    };
  }

  const processingRefundTitle =
    'a refund WeChat Pay answers PROCESSING is pending (nothing revoked, no second refund) until the job finds it ' +
    'SUCCESS: then refunded and revoked, once';
  it(processingRefundTitle, async () => {
    const { billNo, token, shopId, before } = await wechatRenewal();
    expect((await notify(fake.pay(billNo))).status).toBe(204);
    const paid = await getShop(t, token, shopId);
    const admin = await signInAdmin(t);
    fake.behaviour.refundsProcessing = true;
    try {
      const pending = await expectOk(t.call(adminRefundBill, { bill_no: billNo, reason: 'Paid twice' }, admin));
      expect(pending).toMatchObject({
        status: 'paid',
        refund_state: 'pending',
        can_refund: false,
        refunded_at: null,
        refund_reason: 'Paid twice',
        refunded_by: 'admin',
      });
      // Both lists and both exports say the refund is under way.
      const lists = await refundStateInLists(billNo, token, admin);
      expect(lists).toMatchObject({ merchant: [['paid', 'pending']], admin: [['paid', 'pending']] });
      expect(lists.merchantCsv).toContain(',Paid,Refund in progress,');
      expect(lists.adminCsv).toContain(',Paid,Refund in progress,');
      expect((await getShop(t, token, shopId)).expires_at).toBe(paid.expires_at);
      expect((await t.call(adminRefundBill, { bill_no: billNo, reason: 'Again' }, admin)).code).toBe(
        ErrorCode.BILL_STATE_INVALID,
      );
      // Still processing: the job asks, records, waits.
      await reconcile();
      expect(await refundEvents(billNo, admin)).toEqual(['pending', 'pending']);
      expect((await getShop(t, token, shopId)).expires_at).toBe(paid.expires_at);

      fake.finishRefund(`R${billNo}`, 'SUCCESS');
      await reconcile();
      await reconcile();
      const detail = await expectOk(t.call(adminBillDetail, { bill_no: billNo }, admin));
      expect(detail).toMatchObject({
        status: 'refunded',
        refund_state: null,
        refund_reason: 'Paid twice',
        refunded_by: 'admin',
      });
      expect(await refundStateInLists(billNo, token, admin)).toMatchObject({
        merchant: [['refunded', null]],
        admin: [['refunded', null]],
      });
      expect(detail.refunded_at).not.toBeNull();
      expect(await refundEvents(billNo, admin)).toEqual(['refunded', 'pending', 'pending']);
      expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);
      expect(
        fake.requests.filter(
          (request) => request.method === 'GET' && request.path.startsWith(`/v3/refund/domestic/refunds/R${billNo}`),
        ),
      ).toHaveLength(2);
    } finally {
      fake.behaviour.refundsProcessing = false;
    }
  });

  it('a pending refund WeChat Pay ends ABNORMAL or CLOSED is recorded as failed on the bill; nothing is revoked', async () => {
    const admin = await signInAdmin(t);
    fake.behaviour.refundsProcessing = true;
    try {
      for (const status of ['ABNORMAL', 'CLOSED'] as const) {
        const { billNo, token, shopId } = await wechatRenewal();
        expect((await notify(fake.pay(billNo))).status).toBe(204);
        const paid = await getShop(t, token, shopId);
        await expectOk(t.call(adminRefundBill, { bill_no: billNo, reason: 'Paid twice' }, admin));
        fake.finishRefund(`R${billNo}`, status);
        await reconcile();
        const detail = await expectOk(t.call(adminBillDetail, { bill_no: billNo }, admin));
        expect(detail).toMatchObject({ status: 'paid', refund_state: 'failed', refunded_at: null });
        const lists = await refundStateInLists(billNo, token, admin);
        expect(lists).toMatchObject({ merchant: [['paid', 'failed']], admin: [['paid', 'failed']] });
        expect(lists.merchantCsv).toContain(',Paid,Refund failed,');
        expect(lists.adminCsv).toContain(',Paid,Refund failed,');
        expect(detail.events.find((event) => event.kind === 'refund')).toMatchObject({
          result: 'failed',
          payload: expect.objectContaining({ status, error: `refund ${status}` }),
        });
        expect((await getShop(t, token, shopId)).expires_at).toBe(paid.expires_at);
        // The job asks no more.
        await reconcile();
        expect(await refundEvents(billNo, admin)).toEqual(['failed', 'pending']);
      }
    } finally {
      fake.behaviour.refundsProcessing = false;
    }
  });
  /** A paid WeChat Pay renewal whose refund WeChat Pay accepted as PROCESSING (pending on the bill). */
  async function pendingRefund(admin: string) {
    const renewal = await wechatRenewal();
    expect((await notify(fake.pay(renewal.billNo))).status).toBe(204);
    const paid = await getShop(t, renewal.token, renewal.shopId);
    fake.behaviour.refundsProcessing = true;
    try {
      await expectOk(t.call(adminRefundBill, { bill_no: renewal.billNo, reason: 'Paid twice' }, admin));
    } finally {
      fake.behaviour.refundsProcessing = false;
    }
    return { ...renewal, paid };
  }
  const refundRequests = (billNo: string) =>
    fake.requests
      .filter(
        (request) =>
          request.method === 'POST' && request.path === '/v3/refund/domestic/refunds' && request.body.includes(billNo),
      )
      .map((request) => (JSON.parse(request.body) as { out_refund_no: string }).out_refund_no);
  const billEvents = async (billNo: string, admin: string) =>
    (await expectOk(t.call(adminBillDetail, { bill_no: billNo }, admin))).events;

  it('a refund after one WeChat Pay closed goes under a new out_refund_no; asking again within one attempt reuses its number', async () => {
    const admin = await signInAdmin(t);
    const { billNo, token, shopId, before } = await pendingRefund(admin);
    fake.finishRefund(`R${billNo}`, 'CLOSED');
    await reconcile();
    expect(await expectOk(t.call(adminBillDetail, { bill_no: billNo }, admin))).toMatchObject({
      status: 'paid',
      refund_state: 'failed',
      can_refund: true,
    });

    // The second attempt, first refused by an unreachable WeChat Pay (nothing spent), then asked again: the same new number both times.
    fake.behaviour.failWith = { status: 500, code: 'SYSTEM_ERROR', message: '系统繁忙' };
    try {
      expect((await t.call(adminRefundBill, { bill_no: billNo, reason: 'Closed, again' }, admin)).code).toBe(
        ErrorCode.REFUND_FAILED,
      );
    } finally {
      fake.behaviour.failWith = null;
    }
    const refunded = await expectOk(t.call(adminRefundBill, { bill_no: billNo, reason: 'Closed, again' }, admin));
    expect(refunded).toMatchObject({ status: 'refunded', refund_state: null });
    expect(refundRequests(billNo)).toEqual([`R${billNo}`, `R${billNo}-2`, `R${billNo}-2`]);
    expect(
      [...fake.refunds.values()]
        .filter((refund) => refund.out_trade_no === billNo)
        .map((refund) => [refund.out_refund_no, refund.status]),
    ).toEqual([
      [`R${billNo}`, 'CLOSED'],
      [`R${billNo}-2`, 'SUCCESS'],
    ]);
    expect(
      refunded.events
        .filter((event) => event.kind === 'refund')
        .map((event) => [event.result, event.payload.refund_no]),
    ).toEqual([
      ['refunded', `R${billNo}-2`],
      ['failed', `R${billNo}-2`],
      ['failed', `R${billNo}`],
      ['pending', `R${billNo}`],
    ]);
    expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);
  });

  const refundNotificationTitle =
    'a REFUND.SUCCESS notification refunds the bill and revokes once (replays, redeliveries and 20 at once change ' +
    'nothing more); a forged one changes nothing';
  it(refundNotificationTitle, async () => {
    const admin = await signInAdmin(t);
    const { billNo, token, shopId, before, paid } = await pendingRefund(admin);
    // The refund asked WeChat Pay to notify its result at our notify endpoint.
    expect(fake.refunds.get(`R${billNo}`)?.notify_url).toMatch(/\/api\/v1\/payment\/notify\/wechat$/);
    fake.finishRefund(`R${billNo}`, 'SUCCESS');

    const forged = await notify(fake.refundNotification(`R${billNo}`, { signingKey: fake.strangerKey }));
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toMatchObject({ code: 'FAIL' });
    const wrongAmount = await notify(
      fake.refundNotification(`R${billNo}`, { refund: { amount: { total: 1, refund: 1 } } }),
    );
    expect(wrongAmount.status).toBe(400);
    const otherMerchant = await notify(fake.refundNotification(`R${billNo}`, { refund: { mchid: '1900000109' } }));
    expect(otherMerchant.status).toBe(400);
    expect(await expectOk(t.call(adminBillDetail, { bill_no: billNo }, admin))).toMatchObject({
      status: 'paid',
      refund_state: 'pending',
    });
    expect((await getShop(t, token, shopId)).expires_at).toBe(paid.expires_at);

    const delivery = fake.refundNotification(`R${billNo}`);
    expect(await notify(delivery)).toEqual({ status: 204, body: '' });
    const detail = await expectOk(t.call(adminBillDetail, { bill_no: billNo }, admin));
    expect(detail).toMatchObject({
      status: 'refunded',
      refund_state: null,
      refund_reason: 'Paid twice',
      refunded_by: 'admin',
    });
    expect(detail.events[0]).toMatchObject({
      kind: 'notification',
      outcome: 'refund_succeeded',
      result: 'refunded',
      payload: {
        provider: expect.objectContaining({
          event_type: 'REFUND.SUCCESS',
          out_refund_no: `R${billNo}`,
          refund_status: 'SUCCESS',
        }),
      },
    });
    expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);

    // The same delivery again, a redelivery and 20 at once: acknowledged, nothing more happens.
    expect((await notify(delivery)).status).toBe(204);
    const again = await Promise.all(Array.from({ length: 21 }, () => notify(fake.refundNotification(`R${billNo}`))));
    expect(again.every((answer) => answer.status === 204)).toBe(true);
    const results = (await billEvents(billNo, admin))
      .filter((event) => event.outcome === 'refund_succeeded')
      .map((event) => event.result);
    expect(results.filter((result) => result === 'refunded')).toHaveLength(1);
    expect(results.filter((result) => result === 'duplicate')).toHaveLength(22);
    expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);
    // The job has nothing left to ask.
    await reconcile();
    expect(
      fake.requests.filter(
        (request) => request.method === 'GET' && request.path.startsWith(`/v3/refund/domestic/refunds/R${billNo}`),
      ),
    ).toHaveLength(0);
    // Each refused one is recorded: the wrong amount and the other merchant's with the bill (a forged signature names no bill it can be trusted with).
    const { rows } = await t.database.executeSql(
      "select outcome, result from payment_notifications where bill_no = $1 and result in ('mismatch', 'refused') order by id",
      [billNo],
    );
    expect(rows).toEqual([
      { outcome: 'refund_succeeded', result: 'mismatch' },
      { outcome: 'invalid', result: 'refused' },
    ]);
  });

  it('REFUND.SUCCESS notifications at once for a pending refund refund it once', async () => {
    const admin = await signInAdmin(t);
    const { billNo, token, shopId, before } = await pendingRefund(admin);
    fake.finishRefund(`R${billNo}`, 'SUCCESS');
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(fake.refundNotification(`R${billNo}`))));
    expect(answers.every((answer) => answer.status === 204)).toBe(true);
    const results = (await billEvents(billNo, admin))
      .filter((event) => event.outcome === 'refund_succeeded')
      .map((event) => event.result);
    expect(results.filter((result) => result === 'refunded')).toHaveLength(1);
    expect(results.filter((result) => result === 'duplicate')).toHaveLength(19);
    expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);
  });

  it('a REFUND.ABNORMAL notification marks the refund failed once and spends its number; nothing is revoked', async () => {
    const admin = await signInAdmin(t);
    const { billNo, token, shopId, paid } = await pendingRefund(admin);
    fake.finishRefund(`R${billNo}`, 'ABNORMAL');
    const delivery = fake.refundNotification(`R${billNo}`);
    expect((await notify(delivery)).status).toBe(204);
    expect((await notify(delivery)).status).toBe(204);
    expect((await notify(fake.refundNotification(`R${billNo}`))).status).toBe(204);
    const detail = await expectOk(t.call(adminBillDetail, { bill_no: billNo }, admin));
    expect(detail).toMatchObject({ status: 'paid', refund_state: 'failed', can_refund: true, refunded_at: null });
    expect(
      detail.events
        .filter((event) => event.kind === 'notification' && event.outcome === 'refund_failed')
        .map((event) => event.result),
    ).toEqual(['duplicate', 'duplicate', 'failed']);
    expect((await getShop(t, token, shopId)).expires_at).toBe(paid.expires_at);
    // The job asks no more; the next refund is a new attempt.
    await reconcile();
    expect(
      fake.requests.filter(
        (request) => request.method === 'GET' && request.path.startsWith(`/v3/refund/domestic/refunds/R${billNo}`),
      ),
    ).toHaveLength(0);
    expect(await expectOk(t.call(adminRefundBill, { bill_no: billNo, reason: 'Card fixed' }, admin))).toMatchObject({
      status: 'refunded',
    });
    expect(refundRequests(billNo)).toEqual([`R${billNo}`, `R${billNo}-2`]);
  });

  /** The results recorded under a bill number, with what the provider said, oldest first. */
  const recordsWithOutcome = async (billNo: string) =>
    (
      await t.database.executeSql('select outcome, result from payment_notifications where bill_no = $1 order by id', [
        billNo,
      ])
    ).rows as Array<{ outcome: string; result: string }>;

  it('a verified refund notification for a refund that is not ours is recorded as unknown_refund and acknowledged (204); nothing changes', async () => {
    const admin = await signInAdmin(t);
    const { billNo, token, shopId, paid } = await pendingRefund(admin);
    fake.finishRefund(`R${billNo}`, 'SUCCESS');
    // The store's own bill, paid through the sandbox: WeChat Pay never took it.
    const sandboxBill = (await expectOk(t.call(merchantListBills, { shop_id: shopId, type: 'new_store' }, token)))
      .list[0].bill_no;
    const strangerBill = `B${Date.now()}NOTOURS`;
    const unknown = [
      // Our bill, an out_refund_no we never asked under (a refund made by hand in the merchant platform).
      fake.refundNotification(`R${billNo}`, { refund: { out_refund_no: 'REFUND-BY-HAND-1' } }),
      // Our bill, a later attempt than the bill has made.
      fake.refundNotification(`R${billNo}`, { refund: { out_refund_no: `R${billNo}-3` } }),
      // Another bill's refund number under this bill.
      fake.refundNotification(`R${billNo}`, { refund: { out_refund_no: `R${sandboxBill}` } }),
      // A bill another provider took.
      fake.refundNotification(`R${billNo}`, {
        refund: { out_trade_no: sandboxBill, out_refund_no: `R${sandboxBill}` },
      }),
      // No such bill at all, failed or succeeded.
      fake.refundNotification(`R${billNo}`, {
        refund: { out_trade_no: strangerBill, out_refund_no: `R${strangerBill}` },
      }),
      fake.refundNotification(`R${billNo}`, {
        eventType: 'REFUND.ABNORMAL',
        refund: { out_trade_no: strangerBill, out_refund_no: `R${strangerBill}`, refund_status: 'ABNORMAL' },
      }),
    ];
    for (const delivery of unknown) expect(await notify(delivery)).toEqual({ status: 204, body: '' });
    // The same delivery again (its nonce seen): still nothing to change, still acknowledged.
    expect(await notify(unknown[4])).toEqual({ status: 204, body: '' });

    // Nothing changed: the bill's refund still pending, the store still paid for, the sandbox bill still paid.
    expect(await expectOk(t.call(adminBillDetail, { bill_no: billNo }, admin))).toMatchObject({
      status: 'paid',
      refund_state: 'pending',
    });
    expect(await expectOk(t.call(adminBillDetail, { bill_no: sandboxBill }, admin))).toMatchObject({
      status: 'paid',
      refund_state: null,
    });
    expect((await getShop(t, token, shopId)).expires_at).toBe(paid.expires_at);
    // Each recorded under the bill it names; the operator sees those of our bill in its events.
    expect(await recordsWithOutcome(billNo)).toEqual(
      expect.arrayContaining([{ outcome: 'refund_succeeded', result: 'unknown_refund' }]),
    );
    expect((await recordsWithOutcome(billNo)).filter((row) => row.result === 'unknown_refund')).toHaveLength(3);
    expect(
      (await billEvents(billNo, admin))
        .filter((event) => event.result === 'unknown_refund')
        .map((event) => event.payload.provider),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ out_refund_no: 'REFUND-BY-HAND-1', refund_status: 'SUCCESS' }),
      ]),
    );
    expect(await recordsWithOutcome(sandboxBill)).toContainEqual({
      outcome: 'refund_succeeded',
      result: 'unknown_refund',
    });
    expect(await recordsWithOutcome(strangerBill)).toEqual([
      { outcome: 'refund_succeeded', result: 'unknown_refund' },
      { outcome: 'refund_failed', result: 'unknown_refund' },
      { outcome: 'refund_succeeded', result: 'unknown_refund' },
    ]);
    // Our own refund's notification still refunds the bill afterwards.
    expect((await notify(fake.refundNotification(`R${billNo}`))).status).toBe(204);
    expect(await expectOk(t.call(adminBillDetail, { bill_no: billNo }, admin))).toMatchObject({ status: 'refunded' });
  });

  const foreignRefundTitle =
    'a refund notification for a refund that is not ours is still refused (400 FAIL) when its signature, timestamp, ' +
    'decryption or merchant is wrong';
  it(foreignRefundTitle, async () => {
    const admin = await signInAdmin(t);
    const { billNo } = await pendingRefund(admin);
    fake.finishRefund(`R${billNo}`, 'SUCCESS');
    const strangerBill = `B${Date.now()}FORGED`;
    const notOurs = { out_trade_no: strangerBill, out_refund_no: `R${strangerBill}` };
    const attempts = [
      fake.refundNotification(`R${billNo}`, { refund: notOurs, signingKey: fake.strangerKey }),
      fake.refundNotification(`R${billNo}`, {
        refund: notOurs,
        alterBody: (body) => body.replace('"REFUND.SUCCESS"', '"REFUND.SUCCESS "'),
      }),
      fake.refundNotification(`R${billNo}`, {
        refund: notOurs,
        timestamp: Math.floor(t.clock.now().getTime() / 1000) - 301,
      }),
      fake.refundNotification(`R${billNo}`, { refund: notOurs, apiV3Key: 'K'.repeat(32) }),
      fake.refundNotification(`R${billNo}`, { refund: { ...notOurs, mchid: '1900000109' } }),
    ];
    const recordsBefore = await countNotificationRecords(t);
    for (const attempt of attempts) {
      const answer = await notify(attempt);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'FAIL' });
    }
    expect(await countNotificationRecords(t)).toBe(recordsBefore + attempts.length);
    // Only the other merchant's names the bill once decrypted (the provider refuses the others before trusting their resource); none is unknown_refund.
    expect(await recordsWithOutcome(strangerBill)).toEqual([{ outcome: 'invalid', result: 'refused' }]);
    expect(await expectOk(t.call(adminBillDetail, { bill_no: billNo }, admin))).toMatchObject({
      status: 'paid',
      refund_state: 'pending',
    });
  });

  const unknownBillTitle =
    'a verified payment notification for an out_trade_no that is not ours is recorded as unknown_bill and ' +
    "acknowledged (204); forged or another merchant's is refused";
  it(unknownBillTitle, async () => {
    const { billNo, token, shopId, before } = await wechatRenewal();
    fake.pay(billNo);
    const strangerBill = `B${Date.now()}ELSEWHERE`;
    const delivery = fake.notification(billNo, { transaction: { out_trade_no: strangerBill } });
    expect(await notify(delivery)).toEqual({ status: 204, body: '' });
    // Delivered again (its nonce seen): still acknowledged.
    expect(await notify(delivery)).toEqual({ status: 204, body: '' });
    const forged = await notify(
      fake.notification(billNo, { transaction: { out_trade_no: strangerBill }, signingKey: fake.strangerKey }),
    );
    const otherMerchant = await notify(
      fake.notification(billNo, { transaction: { out_trade_no: strangerBill, mchid: '1230000109' } }),
    );
    expect([forged.status, otherMerchant.status]).toEqual([400, 400]);
    expect(await records(strangerBill)).toEqual(['unknown_bill', 'unknown_bill', 'refused']);
    // Our bill is untouched and still payable.
    expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);
    expect(await records(billNo)).toEqual([]);
    expect((await notify(fake.notification(billNo))).status).toBe(204);
    expect((await getShop(t, token, shopId)).expires_at).toBe(monthAfter(before.expires_at));
  });
});
