import { adminBillDetail, adminRefundBill, merchantCancelBill } from '@parlour/contract/calls/bill';
import { merchantRenewShop } from '@parlour/contract/calls/store';
import { merchantAddShopPlugin, merchantListShopPlugins } from '@parlour/contract/calls/plugin';
import { ErrorCode } from '@parlour/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toYuan } from '../src/providers/payment/alipay-provider';
import type { FakeAlipay } from './fake-alipay';
import type { TestApp } from './helper';
import { ALIPAY_FORM_HEADERS, appWithFakeAlipay, closeAppAndFake, postNotification } from './payment-fakes-helper';
import { unpaidRenewal } from './payment-helper';
import { addPlugin } from './plugin-helper';
import { expectOk, getShop, merchantWithStore, payThroughCashier, VERSION } from './shop-helper';
import { orderPackage, PLAN } from './traffic-package-helper';

/**
 * The operator's full refund of a paid bill (docs/payments.md) on the database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL): through Alipay against its fake gateway, and through the
 * sandbox for what each kind of bill bought. The bill shows refunded, what it bought is revoked in
 * the refund's transaction, a second or concurrent refund refunds nothing more, a provider's refusal
 * changes nothing but its record, and the bill's detail lists every notification, query, close and
 * refund.
 */
describe('payments: the operator refunds a paid bill', () => {
  let t: TestApp;
  let fake: FakeAlipay;
  let admin: string;
  beforeAll(async () => {
    ({ t, fake, admin } = await appWithFakeAlipay());
  });
  afterAll(() => closeAppAndFake(t, fake));

  const notify = (form: string) => postNotification(t, 'alipay', { headers: ALIPAY_FORM_HEADERS, body: form });
  /** A paid store bought through the sandbox (WeChat Pay is not configured here, so the sandbox takes it), and its first bill's number. */
  async function sandboxStore() {
    const owner = await merchantWithStore(t, { pay_method: 'wechat' });
    return { ...owner, billNo: owner.purchase.bill.bill_no };
  }
  /** A store with a one-month renewal paid through Alipay (a verified notification). */
  async function paidAlipayRenewal() {
    const { renewal, billNo, before, ...owner } = await unpaidRenewal(t, { storePayMethod: 'wechat' });
    fake.pay(billNo, toYuan(renewal.bill.amount));
    expect(await notify(fake.notification(billNo))).toEqual({ status: 200, body: 'success' });
    const paid = await getShop(t, owner.token, owner.shopId);
    expect(paid.expires_at).not.toBe(before.expires_at);
    return { ...owner, billNo, amount: renewal.bill.amount, before, paid };
  }
  const refundCalls = (billNo: string) =>
    fake.calls.filter((call) => call.method === 'alipay.trade.refund' && call.biz.out_trade_no === billNo);
  const refund = (billNo: string, reason = 'The merchant asked for it') =>
    t.call(adminRefundBill, { bill_no: billNo, reason }, admin, { headers: { 'accept-language': 'en-US' } });
  async function auditRows(billNo: string) {
    const { rows } = await t.database.executeSql(
      "select admin_account, target_type, call_path from audit_log where action = 'bill.refund' and target_id = $1",
      [billNo],
    );
    return rows;
  }

  const alipayRefundTitle =
    'refunds an Alipay bill in full with a reason: refunded, the term comes off the store, audited, listed with its ' +
    'events; a second refund refuses';
  it(alipayRefundTitle, async () => {
    const { billNo, amount, token, shopId, before } = await paidAlipayRenewal();
    const paidDetail = await expectOk(t.call(adminBillDetail, { bill_no: billNo }, admin));
    expect(paidDetail).toMatchObject({
      status: 'paid',
      provider: 'alipay',
      can_refund: true,
      refunded_at: null,
      refunded_by: null,
    });
    expect(paidDetail.events.map((event) => [event.kind, event.result])).toEqual([['notification', 'fulfilled']]);

    const refunded = await expectOk(refund(billNo, 'Bought twice by mistake'));
    expect(refunded).toMatchObject({
      bill_no: billNo,
      status: 'refunded',
      can_refund: false,
      refund_reason: 'Bought twice by mistake',
      refunded_by: 'admin',
    });
    expect(refunded.refunded_at).not.toBeNull();
    expect(refunded.events.map((event) => [event.kind, event.result])).toEqual([
      ['refund', 'refunded'],
      ['notification', 'fulfilled'],
    ]);
    expect(refunded.events[0].payload).toMatchObject({ refund_no: `R${billNo}`, reason: 'Bought twice by mistake' });
    expect(JSON.stringify(refunded)).not.toContain('PRIVATE KEY');
    // Alipay was asked once, for the whole amount, keyed by our refund number.
    expect(refundCalls(billNo).map((call) => [call.biz.refund_amount, call.biz.out_request_no])).toEqual([
      [toYuan(amount), `R${billNo}`],
    ]);
    // The renewal's month is taken back.
    expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);
    expect(await auditRows(billNo)).toEqual([
      { admin_account: 'admin', target_type: 'bill', call_path: 'admin/order/order/refund' },
    ]);

    const again = await refund(billNo);
    expect(again.code).toBe(ErrorCode.BILL_REFUNDED);
    expect(again.msg).toBe('This bill has been refunded already');
    expect(refundCalls(billNo)).toHaveLength(1);
    expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);
    expect(await auditRows(billNo)).toHaveLength(1);
  });

  it('20 refunds of one bill at once refund it once and take the term back once', async () => {
    const { billNo, token, shopId, before } = await paidAlipayRenewal();
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(billNo)));
    expect(answers.filter((answer) => answer.code === ErrorCode.OK)).toHaveLength(1);
    expect(
      answers
        .filter((answer) => answer.code !== ErrorCode.OK)
        .every((answer) => answer.code === ErrorCode.BILL_REFUNDED),
    ).toBe(true);
    expect(refundCalls(billNo)).toHaveLength(1);
    expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);
    const { rows } = await t.database.executeSql(
      "select result from payment_notifications where bill_no = $1 and kind = 'refund'",
      [billNo],
    );
    expect(rows).toEqual([{ result: 'refunded' }]);
  });

  it('a refund Alipay cannot take changes nothing but its record and answers REFUND_FAILED; it works once Alipay is back', async () => {
    const { billNo, token, shopId, paid } = await paidAlipayRenewal();
    fake.setDown(true);
    const failed = await refund(billNo);
    fake.setDown(false);
    expect(failed.code).toBe(ErrorCode.REFUND_FAILED);
    const detail = await expectOk(t.call(adminBillDetail, { bill_no: billNo }, admin));
    expect(detail).toMatchObject({ status: 'paid', can_refund: true, refunded_at: null });
    expect(detail.events[0]).toMatchObject({ kind: 'refund', result: 'failed' });
    expect((await getShop(t, token, shopId)).expires_at).toBe(paid.expires_at);
    expect(await auditRows(billNo)).toEqual([]);
    expect((await expectOk(refund(billNo))).status).toBe('refunded');
  });

  /** The store's expiry set by hand (a month's last day), as if paid up to it. */
  async function setExpiry(shopId: string, at: Date) {
    await t.database.executeSql('update shops set expires_at = $1 where shop_id = $2', [at.toISOString(), shopId]);
  }
  /** A paid one-month renewal through the sandbox; answers its bill number and the store's expiry after. */
  async function paidRenewal(owner: { token: string; shopId: string }, extra: { package_id?: number } = {}) {
    const renewal = await expectOk(
      t.call(
        merchantRenewShop,
        { shop_id: owner.shopId, term_type: 'month', term: 1, pay_method: 'wechat', ...extra },
        owner.token,
      ),
    );
    await expectOk(payThroughCashier(t, renewal.payment));
    return { billNo: renewal.bill.bill_no, expiresAt: (await getShop(t, owner.token, owner.shopId)).expires_at! };
  }
  /** 31 January of next year, 10:00 UTC: a month after it is the last day of February. */
  const januaryEnd = () => new Date(Date.UTC(t.clock.now().getUTCFullYear() + 1, 0, 31, 10));
  const DAY_MS = 86_400_000;

  it('a renewal from a month end refunded restores the exact expiry it extended (not a month subtracted from February)', async () => {
    const owner = await sandboxStore();
    await setExpiry(owner.shopId, januaryEnd());
    const renewal = await paidRenewal(owner);
    expect(new Date(renewal.expiresAt).getUTCMonth()).toBe(1);
    expect(new Date(renewal.expiresAt).getUTCDate()).toBeLessThan(31);
    const { rows } = await t.database.executeSql(
      'select store_expires_before, store_expires_after from bills where bill_no = $1',
      [renewal.billNo],
    );
    const recorded = rows[0] as { store_expires_before: Date | string; store_expires_after: Date | string };
    expect(new Date(recorded.store_expires_before).toISOString()).toBe(januaryEnd().toISOString());
    expect(new Date(recorded.store_expires_after).toISOString()).toBe(renewal.expiresAt);
    await expectOk(refund(renewal.billNo));
    expect((await getShop(t, owner.token, owner.shopId)).expires_at).toBe(januaryEnd().toISOString());
  });

  it('refunding a month-end renewal after a later renewal moves the expiry back by exactly what the refunded one added', async () => {
    const owner = await sandboxStore();
    await setExpiry(owner.shopId, januaryEnd());
    const first = await paidRenewal(owner);
    const second = await paidRenewal(owner);
    const added = new Date(first.expiresAt).getTime() - januaryEnd().getTime();
    expect(added).toBeLessThan(31 * DAY_MS);
    await expectOk(refund(first.billNo));
    expect((await getShop(t, owner.token, owner.shopId)).expires_at).toBe(
      new Date(new Date(second.expiresAt).getTime() - added).toISOString(),
    );
  });

  it('a renewal into a higher version refunded restores the version recorded when it was paid', async () => {
    const owner = await sandboxStore();
    const before = await getShop(t, owner.token, owner.shopId);
    const upgrade = await paidRenewal(owner, { package_id: VERSION.enterprise });
    expect((await getShop(t, owner.token, owner.shopId)).package_id).toBe(VERSION.enterprise);
    const { rows } = await t.database.executeSql('select store_version_before from bills where bill_no = $1', [
      upgrade.billNo,
    ]);
    expect(rows).toEqual([{ store_version_before: Number(VERSION.professional) }]);
    await expectOk(refund(upgrade.billNo));
    const after = await getShop(t, owner.token, owner.shopId);
    expect(after.package_id).toBe(VERSION.professional);
    expect(after.expires_at).toBe(before.expires_at);
  });

  it('a bill paid before the change was recorded falls back to subtracting its term', async () => {
    const owner = await sandboxStore();
    await setExpiry(owner.shopId, januaryEnd());
    const renewal = await paidRenewal(owner);
    await t.database.executeSql(
      'update bills set store_expires_before = null, store_expires_after = null, store_version_before = null where bill_no = $1',
      [renewal.billNo],
    );
    await expectOk(refund(renewal.billNo));
    const restored = new Date((await getShop(t, owner.token, owner.shopId)).expires_at!);
    // Today's behaviour: February's last day less a month.
    const february = new Date(renewal.expiresAt);
    expect(restored.toISOString()).toBe(
      new Date(Date.UTC(february.getUTCFullYear(), 0, february.getUTCDate(), 10)).toISOString(),
    );
  });

  it('what each bill bought is revoked: a new store ends, a plugin is uninstalled, a traffic package is voided', async () => {
    // A store created and paid by its first bill: refunding it ends the store at once.
    const owner = await sandboxStore();
    expect((await getShop(t, owner.token, owner.shopId)).status).toBe('operating');
    await expectOk(refund(owner.billNo));
    expect((await getShop(t, owner.token, owner.shopId)).status).toBe('disabled');

    // A plugin bought for a store.
    const store = await sandboxStore();
    const plugin = await addPlugin(t, admin, { price: 9900 });
    const bought = await expectOk(
      t.call(
        merchantAddShopPlugin,
        { shop_id: store.shopId, plugin_id: plugin.id, mode: 'buy', pay_method: 'wechat' },
        store.token,
      ),
    );
    await expectOk(payThroughCashier(t, bought.payment!));
    const installed = async () =>
      (await expectOk(t.call(merchantListShopPlugins, { shop_id: store.shopId }, store.token))).list.map(
        (row) => row.id,
      );
    expect(await installed()).toContain(plugin.id);
    await expectOk(refund(bought.bill!.bill_no));
    expect(await installed()).not.toContain(plugin.id);

    // A traffic package, partly used: what is left can no longer be used.
    const order = await orderPackage(t, store.token, { plan_id: PLAN.standard, pay_method: 'wechat' });
    await expectOk(payThroughCashier(t, order.payment));
    await expectOk(refund(order.bill.bill_no));
    const { rows } = await t.database.executeSql(
      'select voided_at is not null as voided from traffic_packages where id = $1',
      [order.package.id],
    );
    expect(rows).toEqual([{ voided: true }]);
  });

  it('a payment that arrived after the bill was cancelled is refunded without revoking anything; unpaid and offline bills cannot be refunded', async () => {
    const owner = await sandboxStore();
    const renewal = await expectOk(
      t.call(
        merchantRenewShop,
        { shop_id: owner.shopId, term_type: 'month', term: 1, pay_method: 'alipay' },
        owner.token,
      ),
    );
    const billNo = renewal.bill.bill_no;
    const unpaid = await refund(billNo);
    expect(unpaid.code).toBe(ErrorCode.BILL_STATE_INVALID);
    fake.setDown(true);
    await expectOk(t.call(merchantCancelBill, { bill_no: billNo }, owner.token));
    fake.setDown(false);
    fake.pay(billNo, toYuan(renewal.bill.amount));
    expect(await notify(fake.notification(billNo))).toEqual({ status: 200, body: 'success' });
    const before = await getShop(t, owner.token, owner.shopId);
    expect(await expectOk(t.call(adminBillDetail, { bill_no: billNo }, admin))).toMatchObject({
      status: 'cancelled',
      needs_refund: true,
      can_refund: true,
    });
    const refunded = await expectOk(refund(billNo));
    expect(refunded).toMatchObject({ status: 'refunded', needs_refund: false });
    expect(refunded.events.map((event) => event.kind)).toEqual(
      expect.arrayContaining(['refund', 'close', 'notification']),
    );
    expect((await getShop(t, owner.token, owner.shopId)).expires_at).toBe(before.expires_at);
    expect(refundCalls(billNo)).toHaveLength(1);
  });

  it('the detail of an unknown bill is NOT_FOUND; a merchant can call neither', async () => {
    expect((await t.call(adminBillDetail, { bill_no: 'B00000000000000000000' }, admin)).code).toBe(ErrorCode.NOT_FOUND);
    const owner = await sandboxStore();
    expect((await t.call(adminBillDetail, { bill_no: owner.billNo }, owner.token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(adminRefundBill, { bill_no: owner.billNo, reason: 'x' }, owner.token)).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    const empty = await t.call(adminRefundBill, { bill_no: owner.billNo, reason: '  ' }, admin, {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(empty.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(empty.msg).toBe('请填写退款原因');
    expect((await getShop(t, owner.token, owner.shopId)).status).toBe('operating');
  });
});
