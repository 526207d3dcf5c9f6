import {
  adminAddShop,
  adminBackendRedirect,
  adminEditVersionFunctions,
  adminEditVersionPrices,
  adminExportShops,
  adminListShops,
  adminListShopVersions,
  adminListVersions,
  adminRenewShop,
  adminSetShopStatus,
  adminShopCreateTrend,
  adminShopVersionDistribution,
  merchantAddShop,
  merchantBackendRedirect,
  merchantBuyShop,
  merchantCheckSiteStatus,
  merchantExportShops,
  merchantListShops,
  merchantListVersions,
  merchantRenewShop,
} from '@parlour/contract/calls/store';
import {
  adminBillTypeDistribution,
  adminExportBills,
  adminIncomeTrend,
  adminListBills,
  adminListIncome,
  cashierDetail,
  cashierSubmit,
  merchantCancelBill,
  merchantExportBills,
  merchantListBills,
  merchantPayPage,
} from '@parlour/contract/calls/bill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { cashierToken, expectOk, getShop, merchantWithStore, shopFields, signInAdmin } from './shop-helper';

describe('stores: security', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  async function unpaidRenewal() {
    const owner = await merchantWithStore(t);
    const renewal = await expectOk(
      t.call(
        merchantRenewShop,
        { shop_id: owner.shopId, term_type: 'month', term: 1, pay_method: 'alipay' },
        owner.token,
      ),
    );
    const before = await getShop(t, owner.token, owner.shopId);
    return { ...owner, renewal, before };
  }
  describe('[TENANCY]', () => {
    it("one merchant's trial and stores do not use up another's", async () => {
      const a = await registerMerchant(t);
      const b = await registerMerchant(t);
      await expectOk(t.call(merchantAddShop, shopFields({ package_id: 1 }), a.token));
      expect(await expectOk(t.call(merchantListVersions, {}, a.token))).toMatchObject({
        is_trial_available: false,
        store_count: 1,
      });
      expect(await expectOk(t.call(merchantListVersions, {}, b.token))).toMatchObject({
        is_trial_available: true,
        store_count: 0,
      });
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
      for (const path of [
        adminListVersions,
        adminEditVersionFunctions,
        adminEditVersionPrices,
        adminListShops,
        adminAddShop,
        adminListShopVersions,
        adminBackendRedirect,
        adminShopCreateTrend,
        adminShopVersionDistribution,
        adminRenewShop,
        adminSetShopStatus,
        adminExportShops,
        adminListBills,
        adminListIncome,
        adminIncomeTrend,
        adminBillTypeDistribution,
        adminExportBills,
      ]) {
        expect((await t.call(path, {}, token)).code, path.path).toBe(10003);
      }
      for (const path of [
        merchantListVersions,
        merchantListShops,
        merchantAddShop,
        merchantBuyShop,
        merchantRenewShop,
        merchantListBills,
        merchantCancelBill,
        merchantPayPage,
      ]) {
        expect((await t.call(path, {}, adminToken)).code, path.path).toBe(10003);
        expect((await t.call(path, {})).code, path.path).toBe(10000);
      }
    });

    it('the cashier refuses a link whose token does not belong to the bill', async () => {
      const a = await unpaidRenewal();
      const other = await unpaidRenewal();
      const wrongToken = cashierToken(other.renewal.payment.pay_url);
      expect((await t.call(cashierDetail, { bill_no: a.renewal.bill.bill_no, token: wrongToken })).code).toBe(10004);
      expect(
        (await t.call(cashierSubmit, { bill_no: a.renewal.bill.bill_no, token: wrongToken, outcome: 'paid' })).code,
      ).toBe(10004);
    });
  });

  describe('[TICKETS]', () => {
    it("a ticket for one store does not open another, and another merchant's shop cannot get one", async () => {
      const a = await merchantWithStore(t);
      const b = await merchantWithStore(t);
      const { url } = await expectOk(t.call(merchantBackendRedirect, { shop_id: a.shopId }, a.token));
      const ticket = new URL(url).searchParams.get('ticket');
      const answer = (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/store/ticket/redeem',
          payload: { ticket, shop_id: b.shopId },
        })
      ).json();
      expect(answer.code).toBe(12024);
      expect((await t.call(merchantBackendRedirect, { shop_id: a.shopId }, b.token)).code).toBe(10004);
      const forged = (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/store/ticket/redeem',
          payload: { ticket: `${ticket}x`, shop_id: a.shopId },
        })
      ).json();
      expect(forged.code).toBe(12024);
    });
  });

  it('the store create fields are taken from the session, not the body (merchant_id is ignored)', async () => {
    const a = await registerMerchant(t);
    const b = await registerMerchant(t);
    const fields = shopFields();
    await expectOk(
      t.callRaw(
        merchantBuyShop,
        { ...fields, merchant_id: a.id, term_type: 'month', term: 1, pay_method: 'alipay' },
        b.token,
      ),
    );
    expect((await expectOk(t.call(merchantListShops, {}, a.token))).total).toBe(0);
    expect((await expectOk(t.call(merchantListShops, {}, b.token))).total).toBe(1);
  });
});
