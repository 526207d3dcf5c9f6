import {
  adminAddShop,
  adminBackendRedirect,
  adminExportShops,
  adminListShops,
  adminRenewShop,
  adminSetShopStatus,
  adminShopCreateTrend,
  adminShopVersionDistribution,
  merchantAddShop,
  merchantBackendRedirect,
  merchantBuyShop,
  merchantCheckSiteStatus,
  merchantExportShops,
  merchantRenewShop,
} from '@parlour/contract/calls/store';
import {
  adminBillTypeDistribution,
  adminExportBills,
  adminIncomeTrend,
  adminListBills,
  adminListIncome,
  cashierDetail,
  merchantExportBills,
  merchantListBills,
  merchantPayPage,
} from '@parlour/contract/calls/bill';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTerm } from '../src/lib/terms';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import {
  advanceKeepingSessions,
  cashierToken,
  expectOk,
  getShop,
  listShops,
  merchantWithStore,
  payThroughCashier,
  provision,
  shopFields,
  signInAdmin,
  VERSION,
} from './shop-helper';

const DAY = 86_400;

describe('stores: happy paths', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  describe('[CREATE]', () => {
    it('starts a trial store that initialises, is provisioned and runs on trial until the trial ends', async () => {
      const { token } = await registerMerchant(t);
      const fields = shopFields({ package_id: VERSION.starter });
      const shop = await expectOk(t.call(merchantAddShop, fields, token));
      expect(shop.status).toBe('initializing');
      expect(shop.is_trial).toBe(true);
      expect(new Date(shop.expires_at!).getTime() - t.clock.now().getTime()).toBe(14 * DAY * 1000);
      const before = await expectOk(t.call(merchantCheckSiteStatus, { shop_id: fields.shop_id }, token));
      expect(before).toMatchObject({ is_ready: false, status: 'initializing' });
      expect(await provision(t)).toBeGreaterThanOrEqual(1);
      const after = await expectOk(t.call(merchantCheckSiteStatus, { shop_id: fields.shop_id }, token));
      expect(after).toMatchObject({ is_ready: true, status: 'trial', domain: `${fields.shop_id}.localhost` });
    });

    it('creates and pays: unpaid store and bill, sandbox cashier pays, store initialises then operates for the term', async () => {
      const { token } = await registerMerchant(t);
      const fields = shopFields();
      const purchase = await expectOk(
        t.call(merchantBuyShop, { ...fields, term_type: 'month', term: 3, pay_method: 'wechat' }, token),
      );
      expect(purchase.shop.status).toBe('unpaid');
      expect(purchase.shop.unpaid_bill_no).toBe(purchase.bill.bill_no);
      expect(purchase.bill).toMatchObject({
        status: 'unpaid',
        type: 'new_store',
        amount: 170700,
        currency: 'CNY',
        pay_method: 'wechat',
        term_type: 'month',
        term: 3,
      });
      expect(purchase.bill.bill_no).toMatch(/^B\d{14}\d{6}$/);
      expect(purchase.bill.product_name).toBe('新开店铺 · Professional · 3个月');
      expect(purchase.payment.pay_url).toMatch(new RegExp(`^/cashier/${purchase.bill.bill_no}\\?token=`));
      // 30-minute payment window by default.
      expect(new Date(purchase.bill.expires_at).getTime() - t.clock.now().getTime()).toBe(30 * 60 * 1000);

      const cashier = await expectOk(
        t.call(cashierDetail, { bill_no: purchase.bill.bill_no, token: cashierToken(purchase.payment.pay_url) }),
      );
      expect(cashier).toMatchObject({ amount: 170700, pay_method: 'wechat', status: 'unpaid' });
      const paid = await expectOk(payThroughCashier(t, purchase.payment));
      expect(paid).toMatchObject({ status: 'paid', return_path: `/merchant/store?init=${fields.shop_id}` });

      const initializing = await getShop(t, token, fields.shop_id);
      expect(initializing.status).toBe('initializing');
      expect(initializing.expires_at).toBe(addTerm(t.clock.now(), 'month', 3).toISOString());
      await provision(t);
      const ready = await getShop(t, token, fields.shop_id);
      expect(ready).toMatchObject({
        status: 'operating',
        is_trial: false,
        domain: `${fields.shop_id}.localhost`,
        unpaid_bill_no: null,
        order_count: 0,
        total_revenue: 0,
      });
      const { list } = await expectOk(t.call(merchantListBills, {}, token));
      expect(list[0]).toMatchObject({
        bill_no: purchase.bill.bill_no,
        status: 'paid',
        pay_method: 'wechat',
        shop_id: fields.shop_id,
      });
    });

    it('a failed payment leaves the bill unpaid and payable', async () => {
      const { token } = await registerMerchant(t);
      const purchase = await expectOk(
        t.call(merchantBuyShop, { ...shopFields(), term_type: 'year', term: 1, pay_method: 'paypal' }, token),
      );
      const failed = await payThroughCashier(t, purchase.payment, 'failed');
      expect(failed.code).toBe(12010);
      const { list } = await expectOk(t.call(merchantListBills, {}, token));
      expect(list[0].status).toBe('unpaid');
      expect((await payThroughCashier(t, purchase.payment)).code).toBe(200);
    });
  });

  describe('[RENEW]', () => {
    it.each([
      ['month', 1],
      ['month', 3],
      ['month', 6],
      ['month', 9],
      ['month', 12],
      ['year', 1],
      ['year', 2],
      ['year', 3],
      ['year', 4],
      ['year', 5],
    ] as const)('renews for %s × %i from the current expiry', async (termType, term) => {
      const { token, shopId } = await merchantWithStore(t);
      const before = await getShop(t, token, shopId);
      const renewal = await expectOk(
        t.call(merchantRenewShop, { shop_id: shopId, term_type: termType, term, pay_method: 'alipay' }, token),
      );
      expect(renewal.bill).toMatchObject({ type: 'renewal', status: 'unpaid', term_type: termType, term });
      await expectOk(payThroughCashier(t, renewal.payment));
      const after = await getShop(t, token, shopId);
      expect(after.expires_at).toBe(addTerm(new Date(before.expires_at!), termType, term).toISOString());
      expect(after.status).toBe('operating');
    });

    it('renews a lapsed store from now and restores it with its data', async () => {
      const { token, shopId } = await merchantWithStore(t);
      await advanceKeepingSessions(t, 31 * DAY, [token]);
      expect((await getShop(t, token, shopId)).status).toBe('pending_renewal');
      await advanceKeepingSessions(t, 7 * DAY, [token]);
      const disabled = await getShop(t, token, shopId);
      expect(disabled.status).toBe('disabled');
      const renewal = await expectOk(
        t.call(merchantRenewShop, { shop_id: shopId, term_type: 'month', term: 1, pay_method: 'alipay' }, token),
      );
      await expectOk(payThroughCashier(t, renewal.payment));
      const restored = await getShop(t, token, shopId);
      expect(restored).toMatchObject({ status: 'operating', domain: disabled.domain, created_at: disabled.created_at });
      expect(restored.expires_at).toBe(addTerm(t.clock.now(), 'month', 1).toISOString());
    });

    it('answers "order exists" naming the unpaid renewal bill, which can then be paid', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const first = await expectOk(
        t.call(merchantRenewShop, { shop_id: shopId, term_type: 'month', term: 1, pay_method: 'alipay' }, token),
      );
      const second = await t.callRaw<{ bill_no: string }>(
        merchantRenewShop,
        { shop_id: shopId, term_type: 'year', term: 1, pay_method: 'wechat' },
        token,
      );
      expect(second.code).toBe(12011);
      expect(second.data.bill_no).toBe(first.bill.bill_no);
      const payPage = await expectOk(
        t.call(merchantPayPage, { bill_no: first.bill.bill_no, pay_method: 'paypal' }, token),
      );
      expect(payPage.pay_method).toBe('paypal');
    });
  });

  describe('[STATUS]', () => {
    it('moves operating → pending renewal → disabled with the clock, swept or read', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const shop = await getShop(t, token, shopId);
      const untilExpiry = (new Date(shop.expires_at!).getTime() - t.clock.now().getTime()) / 1000;
      await advanceKeepingSessions(t, untilExpiry - 1, [token]);
      expect((await getShop(t, token, shopId)).status).toBe('operating');
      t.clock.advance(2);
      expect(await t.app.services.shops.sweepStatuses()).toBeGreaterThanOrEqual(1);
      const pending = await getShop(t, token, shopId);
      expect(pending.status).toBe('pending_renewal');
      expect(pending.grace_ends_at).toBe(new Date(new Date(shop.expires_at!).getTime() + 7 * DAY * 1000).toISOString());
      await advanceKeepingSessions(t, 7 * DAY, [token]);
      expect((await getShop(t, token, shopId)).status).toBe('disabled');
    });

    it('counts tabs and searches by name, ID and status', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const trial = shopFields({ package_id: VERSION.starter, shop_name: 'Zebra Trial' });
      await expectOk(t.call(merchantAddShop, trial, token));
      await provision(t);
      const all = await listShops(t, token);
      expect(all.counts).toEqual({ all: 2, operating: 2, disabled: 0, pending_renewal: 0 });
      expect((await listShops(t, token, { keyword: 'zebra' })).list.map((shop) => shop.shop_id)).toEqual([
        trial.shop_id,
      ]);
      expect((await listShops(t, token, { keyword: shopId })).total).toBe(1);
      expect((await listShops(t, token, { status: 'trial' })).list.map((shop) => shop.shop_id)).toEqual([
        trial.shop_id,
      ]);
      expect((await listShops(t, token, { tab: 'disabled' })).total).toBe(0);
      expect((await listShops(t, token, { page: 2, limit: 1 })).list).toHaveLength(1);
    });
  });

  describe('[EXPORT]', () => {
    it('exports the filtered store list as CSV and XLSX in the caller language', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const csv = await expectOk(t.call(merchantExportShops, { format: 'csv', lang_code: 'en-US' }, token));
      expect(csv.rows).toBe(1);
      expect(csv.filename).toMatch(/^stores-\d{14}\.csv$/);
      const text = Buffer.from(csv.content_base64, 'base64').toString('utf8');
      expect(text.startsWith('\uFEFFStore name,Store ID')).toBe(true);
      expect(text).toContain(`,${shopId},`);
      expect(text).toContain('Operating');
      const xlsx = await expectOk(t.call(merchantExportShops, { format: 'xlsx', tab: 'operating' }, token));
      const files = unzipSync(new Uint8Array(Buffer.from(xlsx.content_base64, 'base64')));
      const sheet = strFromU8(files['xl/worksheets/sheet1.xml']);
      expect(sheet).toContain('店铺名称');
      expect(sheet).toContain(shopId);
      expect(Object.keys(files)).toContain('[Content_Types].xml');
      const bills = await expectOk(t.call(merchantExportBills, { format: 'csv' }, token));
      expect(bills.rows).toBe(1);
    });
  });

  describe('[BACKEND]', () => {
    it('issues a single-use 60-second ticket into the store admin that the store system redeems once', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const { url } = await expectOk(t.call(merchantBackendRedirect, { shop_id: shopId }, token));
      const parsed = new URL(url);
      expect(parsed.host).toBe(`${shopId}.localhost`);
      expect(parsed.pathname).toBe('/admin/sso');
      const ticket = parsed.searchParams.get('ticket')!;
      const redeem = async (body: Record<string, unknown>) =>
        (await t.app.inject({ method: 'POST', url: '/api/v1/store/ticket/redeem', payload: body })).json();
      expect(await redeem({ ticket, shop_id: shopId })).toMatchObject({
        code: 200,
        data: { shop_id: shopId, role: 'merchant' },
      });
      expect((await redeem({ ticket, shop_id: shopId })).code).toBe(12024);
      const late = await expectOk(t.call(merchantBackendRedirect, { shop_id: shopId }, token));
      t.clock.advance(61);
      expect((await redeem({ ticket: new URL(late.url).searchParams.get('ticket'), shop_id: shopId })).code).toBe(
        12024,
      );
    });
  });

  describe('[OPERATOR]', () => {
    // Earlier tests moved the clock past the operator session's lifetime.
    beforeAll(async () => {
      adminToken = await signInAdmin(t);
    });
    it('adds an offline-paid store for a merchant, renews it offline, disables and enables it', async () => {
      const merchant = await registerMerchant(t);
      const fields = shopFields();
      const added = await expectOk(
        t.call(
          adminAddShop,
          { ...fields, merchant_id: merchant.id, mode: 'offline', term_type: 'year', term: 1, remark: 'bank transfer' },
          adminToken,
        ),
      );
      expect(added).toMatchObject({ status: 'initializing', merchant_id: merchant.id });
      await provision(t);
      const shop = await getShop(t, merchant.token, fields.shop_id);
      expect(shop.status).toBe('operating');
      const renewed = await expectOk(
        t.call(adminRenewShop, { shop_id: fields.shop_id, term_type: 'month', term: 6, remark: 'cash' }, adminToken),
      );
      expect(renewed.bill).toMatchObject({
        status: 'paid',
        channel: 'offline',
        type: 'renewal',
        remark: 'cash',
        merchant_id: merchant.id,
      });
      expect((await getShop(t, merchant.token, fields.shop_id)).expires_at).toBe(
        addTerm(new Date(shop.expires_at!), 'month', 6).toISOString(),
      );

      await expectOk(
        t.call(adminSetShopStatus, { shop_id: fields.shop_id, is_disabled: true, remark: 'abuse report' }, adminToken),
      );
      const disabled = await getShop(t, merchant.token, fields.shop_id);
      expect(disabled).toMatchObject({ status: 'disabled', is_disabled_by_operator: true });
      expect((await t.call(merchantBackendRedirect, { shop_id: fields.shop_id }, merchant.token)).code).toBe(12023);
      expect((await t.call(adminBackendRedirect, { shop_id: fields.shop_id }, adminToken)).code).toBe(200);
      await expectOk(t.call(adminSetShopStatus, { shop_id: fields.shop_id, is_disabled: false }, adminToken));
      expect((await getShop(t, merchant.token, fields.shop_id)).status).toBe('operating');
    });

    it('lists all stores with merchant filter, tab counts, trend, distribution, bills, income and exports', async () => {
      const merchant = await registerMerchant(t);
      const { shopId } = await merchantWithStore(t, { token: merchant.token });
      const byMerchant = await expectOk(t.call(adminListShops, { merchant_id: merchant.id }, adminToken));
      expect(byMerchant.list).toEqual([expect.objectContaining({ shop_id: shopId, merchant_account: merchant.email })]);
      expect(byMerchant.counts.all).toBe(1);
      const byKeyword = await expectOk(t.call(adminListShops, { merchant_keyword: merchant.email }, adminToken));
      expect(byKeyword.total).toBe(1);
      const trend = await expectOk(t.call(adminShopCreateTrend, {}, adminToken));
      expect(trend.list).toHaveLength(30);
      expect(trend.list.at(-1)!.count).toBeGreaterThanOrEqual(1);
      const distribution = await expectOk(t.call(adminShopVersionDistribution, {}, adminToken));
      expect(distribution.list.find((entry) => entry.package_name === 'Professional')!.count).toBeGreaterThanOrEqual(1);
      const bills = await expectOk(t.call(adminListBills, { merchant_id: merchant.id }, adminToken));
      expect(bills.total).toBe(1);
      const income = await expectOk(t.call(adminListIncome, { merchant_id: merchant.id }, adminToken));
      expect(income).toMatchObject({ total: 1, total_amount: 59900 });
      const incomeTrend = await expectOk(t.call(adminIncomeTrend, {}, adminToken));
      expect(incomeTrend.list.at(-1)!.amount).toBeGreaterThanOrEqual(59900);
      const types = await expectOk(t.call(adminBillTypeDistribution, {}, adminToken));
      expect(types.list.find((entry) => entry.type === 'new_store')!.amount).toBeGreaterThanOrEqual(59900);
      const exported = await expectOk(
        t.call(adminExportShops, { merchant_id: merchant.id, format: 'csv' }, adminToken),
      );
      expect(exported.rows).toBe(1);
      expect(Buffer.from(exported.content_base64, 'base64').toString()).toContain(merchant.email);
      const exportedBills = await expectOk(
        t.call(adminExportBills, { merchant_id: merchant.id, format: 'xlsx' }, adminToken),
      );
      expect(exportedBills.rows).toBe(1);
    });
  });
});
