import { adminAddShop, adminBackendRedirect, adminEditVersionFunctions, adminEditVersionPrices, adminExportShops, adminListShops, adminListShopVersions, adminListVersions, adminRenewShop, adminSetShopStatus, adminShopCreateTrend, adminShopVersionDistribution, merchantAddShop, merchantBackendRedirect, merchantBuyShop, merchantCheckSiteStatus, merchantExportShops, merchantListShops, merchantListVersions, merchantRenewShop } from '@parlour/contract/calls/store';
import { adminBillTypeDistribution, adminExportBills, adminIncomeTrend, adminListBills, adminListIncome, cashierDetail, cashierSubmit, merchantCancelBill, merchantExportBills, merchantListBills, merchantPayPage } from '@parlour/contract/calls/bill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPaymentProvider } from '../src/providers/payment/sandbox-payment-provider';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { cashierToken, expectOk, getShop, merchantWithStore, shopFields, signInAdmin, type TBill } from './store-helper';

const NOTIFY = '/api/v1/payment/notify/sandbox';

describe('stores: security', () => {
  let t: TestApp;
  let provider: ReturnType<typeof createSandboxPaymentProvider>;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    provider = createSandboxPaymentProvider({ getKey: () => t.app.services.settings.getSigningKey('sandbox-payment') });
  });
  afterAll(() => t.close());

  async function notify(body: object) {
    const response = await t.app.inject({ method: 'POST', url: NOTIFY, payload: body });
    return { status: response.statusCode, body: response.body };
  }
  async function unpaidRenewal() {
    const owner = await merchantWithStore(t);
    const renewal = await expectOk(t.call(merchantRenewShop, { shop_id: owner.shopId, term_type: 'month', term: 1, pay_method: 'alipay' }, owner.token));
    const before = await getShop(t, owner.token, owner.shopId);
    return { ...owner, renewal, before };
  }
  function paidNotification(bill: TBill, overrides: Partial<{ amount: number; currency: string }> = {}) {
    return provider.buildNotification(
      { billNo: bill.bill_no, amount: overrides.amount ?? bill.amount, currency: overrides.currency ?? bill.currency, payMethod: 'alipay', outcome: 'paid' },
      t.clock.now(),
    );
  }

  describe('[TENANCY]', () => {
    it("one merchant's trial and stores do not use up another's", async () => {
      const a = await registerMerchant(t);
      const b = await registerMerchant(t);
      await expectOk(t.call(merchantAddShop, shopFields({ package_id: 1 }), a.token));
      expect(await expectOk(t.call(merchantListVersions, {}, a.token))).toMatchObject({ is_trial_available: false, store_count: 1 });
      expect(await expectOk(t.call(merchantListVersions, {}, b.token))).toMatchObject({ is_trial_available: true, store_count: 0 });
      await expectOk(t.call(merchantAddShop, shopFields({ package_id: 1 }), b.token));
    });

    it("merchant B can neither list nor act on merchant A's stores and bills by any id", async () => {
      const a = await unpaidRenewal();
      const b = await registerMerchant(t);
      const billNo = a.renewal.bill.bill_no;
      const { list, total } = await expectOk(t.call(merchantListShops, { keyword: a.shopId }, b.token));
      expect([list.length, total]).toEqual([0, 0]);
      expect((await expectOk(t.call(merchantListBills, { shop_id: a.shopId }, b.token))).total).toBe(0);
      expect((await expectOk(t.call(merchantListBills, { keyword: billNo }, b.token))).total).toBe(0);
      for (const [path, body] of [
        [merchantCheckSiteStatus, { shop_id: a.shopId }],
        [merchantRenewShop, { shop_id: a.shopId, term_type: 'month', term: 1, pay_method: 'alipay' }],
        [merchantBackendRedirect, { shop_id: a.shopId }],
        [merchantCancelBill, { bill_no: billNo }],
        [merchantPayPage, { bill_no: billNo }],
      ] as const) {
        expect((await t.call(path, body, b.token)).code, path.path).toBe(10004);
      }
      const exported = await expectOk(t.call(merchantExportShops, { format: 'csv' }, b.token));
      expect(exported.rows).toBe(0);
      expect(Buffer.from(exported.content_base64, 'base64').toString()).not.toContain(a.shopId);
      expect((await expectOk(t.call(merchantExportBills, { format: 'csv' }, b.token))).rows).toBe(0);
      // A's bill is untouched by B's attempts.
      const own = await expectOk(t.call(merchantListBills, { keyword: billNo }, a.token));
      expect(own.list[0].status).toBe('unpaid');
    });

    it('a merchant token is refused on every operator store, version and bill call, and the reverse', async () => {
      const { token } = await registerMerchant(t);
      const adminToken = await signInAdmin(t);
      for (const path of [adminListVersions, adminEditVersionFunctions, adminEditVersionPrices, adminListShops, adminAddShop, adminListShopVersions, adminBackendRedirect, adminShopCreateTrend, adminShopVersionDistribution, adminRenewShop, adminSetShopStatus, adminExportShops, adminListBills, adminListIncome, adminIncomeTrend, adminBillTypeDistribution, adminExportBills]) {
        expect((await t.call(path, {}, token)).code, path.path).toBe(10003);
      }
      for (const path of [merchantListVersions, merchantListShops, merchantAddShop, merchantBuyShop, merchantRenewShop, merchantListBills, merchantCancelBill, merchantPayPage]) {
        expect((await t.call(path, {}, adminToken)).code, path.path).toBe(10003);
        expect((await t.call(path, {})).code, path.path).toBe(10000);
      }
    });

    it('the cashier refuses a link whose token does not belong to the bill', async () => {
      const a = await unpaidRenewal();
      const other = await unpaidRenewal();
      const wrongToken = cashierToken(other.renewal.payment.pay_url);
      expect((await t.call(cashierDetail, { bill_no: a.renewal.bill.bill_no, token: wrongToken })).code).toBe(10004);
      expect((await t.call(cashierSubmit, { bill_no: a.renewal.bill.bill_no, token: wrongToken, outcome: 'paid' })).code).toBe(10004);
    });
  });

  describe('[NOTIFICATIONS]', () => {
    it('refuses a notification with a forged signature and changes nothing', async () => {
      const { renewal, token, shopId, before } = await unpaidRenewal();
      const forged = { ...(await paidNotification(renewal.bill)), sign: 'AAAA' };
      expect(await notify(forged)).toEqual({ status: 400, body: 'fail' });
      const tampered = { ...(await paidNotification(renewal.bill)), amount: '1' };
      expect((await notify(tampered)).status).toBe(400);
      expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);
    });

    it('an amount or currency mismatch (correctly signed) changes nothing', async () => {
      const { renewal, token, shopId, before } = await unpaidRenewal();
      expect((await notify(await paidNotification(renewal.bill, { amount: renewal.bill.amount - 1 }))).status).toBe(400);
      expect((await notify(await paidNotification(renewal.bill, { currency: 'USD' }))).status).toBe(400);
      const after = await getShop(t, token, shopId);
      expect(after.expires_at).toBe(before.expires_at);
      expect(after.unpaid_bill_no).toBe(renewal.bill.bill_no);
    });

    it('the same notification replayed pays once and extends once', async () => {
      const { renewal, token, shopId, before } = await unpaidRenewal();
      const body = await paidNotification(renewal.bill);
      for (let index = 0; index < 5; index += 1) expect(await notify(body)).toEqual({ status: 200, body: 'success' });
      const after = await getShop(t, token, shopId);
      const extended = new Date(before.expires_at!);
      extended.setUTCMonth(extended.getUTCMonth() + 1);
      expect(after.expires_at).toBe(extended.toISOString());
    });

    it('concurrent notifications for one bill pay it once and extend once', async () => {
      const { renewal, token, shopId, before } = await unpaidRenewal();
      const bodies = await Promise.all(Array.from({ length: 12 }, () => paidNotification(renewal.bill)));
      const answers = await Promise.all(bodies.map(notify));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const after = await getShop(t, token, shopId);
      const extended = new Date(before.expires_at!);
      extended.setUTCMonth(extended.getUTCMonth() + 1);
      expect(after.expires_at).toBe(extended.toISOString());
      const { list } = await expectOk(t.call(merchantListBills, { shop_id: shopId, status: 'paid', type: 'renewal' }, token));
      expect(list).toHaveLength(1);
    });

    it('a notification for an expired bill is refused and the store is not extended', async () => {
      const { renewal, token, shopId, before } = await unpaidRenewal();
      t.clock.advance(31 * 60);
      await notify(await paidNotification(renewal.bill));
      expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);
    });

    it('racing renewals of one store leave one unpaid bill; the others answer "order exists"', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const answers = await Promise.all(Array.from({ length: 6 }, () => t.call(merchantRenewShop, { shop_id: shopId, term_type: 'month', term: 1, pay_method: 'alipay' }, token)));
      expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.code === 12011)).toHaveLength(5);
    });
  });

  describe('[TICKETS]', () => {
    it("a ticket for one store does not open another, and another merchant's shop cannot get one", async () => {
      const a = await merchantWithStore(t);
      const b = await merchantWithStore(t);
      const { url } = await expectOk(t.call(merchantBackendRedirect, { shop_id: a.shopId }, a.token));
      const ticket = new URL(url).searchParams.get('ticket');
      const answer = (await t.app.inject({ method: 'POST', url: '/api/v1/store/ticket/redeem', payload: { ticket, shop_id: b.shopId } })).json();
      expect(answer.code).toBe(12024);
      expect((await t.call(merchantBackendRedirect, { shop_id: a.shopId }, b.token)).code).toBe(10004);
      const forged = (await t.app.inject({ method: 'POST', url: '/api/v1/store/ticket/redeem', payload: { ticket: `${ticket}x`, shop_id: a.shopId } })).json();
      expect(forged.code).toBe(12024);
    });
  });

  it('the store create fields are taken from the session, not the body (merchant_id is ignored)', async () => {
    const a = await registerMerchant(t);
    const b = await registerMerchant(t);
    const fields = shopFields();
    await expectOk(t.callRaw(merchantBuyShop, { ...fields, merchant_id: a.id, term_type: 'month', term: 1, pay_method: 'alipay' }, b.token));
    expect((await expectOk(t.call(merchantListShops, {}, a.token))).total).toBe(0);
    expect((await expectOk(t.call(merchantListShops, {}, b.token))).total).toBe(1);
  });
});
