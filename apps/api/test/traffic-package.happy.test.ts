import {
  adminAddPlan,
  adminEditPlan,
  adminListPackages,
  adminListPlans,
  adminSetPlanStatus,
  merchantListPlans,
} from '@parlour/contract/calls/traffic';
import { merchantCancelBill, merchantListBills } from '@parlour/contract/calls/bill';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { advanceKeepingSessions, expectOk, merchantWithStore, payThroughCashier, signInAdmin } from './shop-helper';
import { listPackages, orderPackage, PLAN, planFields, setUnitsUsed } from './traffic-package-helper';

const DAY_MS = 86_400_000;

describe('traffic packages: happy paths', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  // Tests move the clock past session lifetimes: each signs the operator in afresh.
  beforeEach(async () => {
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  describe('[PLANS]', () => {
    it('offers the seeded enabled plans in display order with prices in minor units', async () => {
      const { token } = await registerMerchant(t);
      const { list } = await expectOk(t.call(merchantListPlans, {}, token));
      const seeded = list.filter((plan) => plan.id <= PLAN.store);
      expect(seeded.map((plan) => plan.name)).toEqual(['体验包', '标准包', '专业包', '店铺专享包']);
      expect(seeded[1]).toMatchObject({
        units: 10000,
        valid_days: 90,
        is_general: true,
        price: 8900,
        original_price: 12900,
        currency: 'CNY',
        status: 'enabled',
      });
      expect(seeded[3].is_general).toBe(false);
      expect(list.every((plan) => plan.status === 'enabled')).toBe(true);
    });

    it('lets an operator add, edit, disable and enable a plan; a disabled plan is not offered', async () => {
      const { token } = await registerMerchant(t);
      const created = await expectOk(t.call(adminAddPlan, planFields({ name: 'Mini', sort: 90 }), adminToken));
      expect(created).toMatchObject({
        name: 'Mini',
        units: 500,
        valid_days: 30,
        price: 1000,
        original_price: 2000,
        status: 'enabled',
        sold_count: 0,
      });
      const edited = await expectOk(
        t.call(
          adminEditPlan,
          { ...planFields({ name: 'Mini+', units: 800, price: 1500, is_general: false }), id: created.id },
          adminToken,
        ),
      );
      expect(edited).toMatchObject({ id: created.id, name: 'Mini+', units: 800, price: 1500, is_general: false });
      expect((await expectOk(t.call(merchantListPlans, {}, token))).list.map((plan) => plan.id)).toContain(created.id);

      const disabled = await expectOk(t.call(adminSetPlanStatus, { id: created.id, status: 'disabled' }, adminToken));
      expect(disabled.status).toBe('disabled');
      expect((await expectOk(t.call(merchantListPlans, {}, token))).list.map((plan) => plan.id)).not.toContain(
        created.id,
      );
      const adminList = await expectOk(t.call(adminListPlans, { status: 'disabled', keyword: 'Mini' }, adminToken));
      expect(adminList.list.map((plan) => plan.id)).toEqual([created.id]);

      await expectOk(t.call(adminSetPlanStatus, { id: created.id, status: 'enabled' }, adminToken));
      expect((await expectOk(t.call(merchantListPlans, {}, token))).list.map((plan) => plan.id)).toContain(created.id);
      await expectOk(t.call(adminSetPlanStatus, { id: created.id, status: 'disabled' }, adminToken));
    });
  });

  describe('[BUY]', () => {
    it('buys a general package: pending with an unpaid traffic_package bill, paid at the cashier, then active for its valid days', async () => {
      const { token } = await registerMerchant(t);
      const order = await orderPackage(t, token, { plan_id: PLAN.standard, pay_method: 'wechat' });
      expect(order.bill).toMatchObject({
        type: 'traffic_package',
        status: 'unpaid',
        amount: 8900,
        currency: 'CNY',
        pay_method: 'wechat',
        shop_id: null,
        package_name: '标准包',
      });
      expect(order.bill.product_name).toBe('流量包 · 标准包 · 10000次 · 90天');
      expect(order.payment).toMatchObject({ bill_no: order.bill.bill_no, provider: 'sandbox', pay_method: 'wechat' });
      expect(order.package).toMatchObject({
        status: 'pending',
        is_general: true,
        units_total: 10000,
        units_used: 0,
        units_remaining: 10000,
        paid_at: null,
        expires_at: null,
        bill_no: order.bill.bill_no,
      });
      expect(order.package.pay_before).toBe(order.bill.expires_at);

      const pending = await listPackages(t, token, { tab: 'general' });
      expect(pending.list.map((pkg) => pkg.status)).toEqual(['pending']);

      const paid = await expectOk(payThroughCashier(t, order.payment));
      expect((paid as { return_path: string }).return_path).toBe(
        `/merchant/traffic?tab=packages&paid=${order.bill.bill_no}`,
      );
      const { list, counts } = await listPackages(t, token, { tab: 'general' });
      expect(counts).toEqual({ general: 1, store: 0 });
      const active = list[0];
      expect(active).toMatchObject({ status: 'active', units_remaining: 10000, pay_before: null });
      expect(new Date(active.expires_at!).getTime() - new Date(active.paid_at!).getTime()).toBe(90 * DAY_MS);
      expect(active.paid_at).toBe(t.clock.now().toISOString());

      const bills = await expectOk(t.call(merchantListBills, { type: 'traffic_package' }, token));
      expect(bills.list.map((bill) => [bill.bill_no, bill.status])).toEqual([[order.bill.bill_no, 'paid']]);
    });

    it('names the product in the language of the reader, the plan name included', async () => {
      const { token } = await registerMerchant(t);
      const order = await orderPackage(t, token, { plan_id: PLAN.standard, lang_code: 'en-US' });
      expect(order.bill.product_name).toBe('Traffic package · Standard pack · 10,000 units · 90 days');
      const inChinese = await expectOk(t.call(merchantListBills, { page: 1, limit: 10 }, token));
      expect(inChinese.list.find((bill) => bill.bill_no === order.bill.bill_no)).toMatchObject({
        product_name: '流量包 · 标准包 · 10000次 · 90天',
        package_name: '标准包',
      });
    });

    it('buys a store package for a running store; it is listed under store packages and by store', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const order = await orderPackage(t, token, { plan_id: PLAN.store, shop_id: shopId });
      expect(order.bill).toMatchObject({ type: 'traffic_package', shop_id: shopId, amount: 12900 });
      expect(order.package).toMatchObject({ is_general: false, shop_id: shopId, status: 'pending' });
      const paid = await expectOk(payThroughCashier(t, order.payment));
      // The cashier's way back opens the tab that lists this package.
      expect((paid as { return_path: string }).return_path).toBe(
        `/merchant/traffic?tab=packages&kind=store&shop_id=${shopId}&paid=${order.bill.bill_no}`,
      );

      const stores = await listPackages(t, token, { tab: 'store' });
      expect(stores.list.map((pkg) => [pkg.shop_id, pkg.status, pkg.units_total])).toEqual([[shopId, 'active', 20000]]);
      expect(stores.counts).toEqual({ general: 0, store: 1 });
      expect((await listPackages(t, token, { tab: 'store', shop_id: shopId })).total).toBe(1);
      expect((await listPackages(t, token, { tab: 'store', shop_id: 'someoneelse' })).total).toBe(0);
      expect((await listPackages(t, token, { tab: 'general' })).total).toBe(0);
      // The bills of the store include its package bill.
      const bills = await expectOk(t.call(merchantListBills, { shop_id: shopId, type: 'traffic_package' }, token));
      expect(bills.list).toHaveLength(1);
    });

    it('a general plan ignores a store given with it', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const order = await orderPackage(t, token, { plan_id: PLAN.trial, shop_id: shopId });
      expect(order.package).toMatchObject({ is_general: true, shop_id: null });
    });

    it('keeps the plan as bought: editing the plan later changes neither the package nor its bill', async () => {
      const { token } = await registerMerchant(t);
      const plan = await expectOk(t.call(adminAddPlan, planFields({ units: 300, price: 700 }), adminToken));
      const order = await orderPackage(t, token, { plan_id: plan.id });
      await expectOk(payThroughCashier(t, order.payment));
      await expectOk(
        t.call(adminEditPlan, { ...planFields({ units: 999, price: 1, name: plan.name }), id: plan.id }, adminToken),
      );
      const [pkg] = (await listPackages(t, token)).list;
      expect(pkg).toMatchObject({ units_total: 300, amount: 700 });
      const sold = await expectOk(t.call(adminListPlans, { keyword: plan.name }, adminToken));
      expect(sold.list[0].sold_count).toBe(1);
      await expectOk(t.call(adminSetPlanStatus, { id: plan.id, status: 'disabled' }, adminToken));
    });
  });

  describe('[STATUS]', () => {
    it('derives exhausted from the used units and expired from the valid period, and filters by status', async () => {
      const { token } = await registerMerchant(t);
      const plan = await expectOk(t.call(adminAddPlan, planFields({ units: 100, valid_days: 10 }), adminToken));
      const first = await orderPackage(t, token, { plan_id: plan.id });
      await expectOk(payThroughCashier(t, first.payment));
      const second = await orderPackage(t, token, { plan_id: plan.id });
      await expectOk(payThroughCashier(t, second.payment));

      await setUnitsUsed(t, first.package.id, 40);
      let list = (await listPackages(t, token)).list;
      expect(list.find((pkg) => pkg.id === first.package.id)).toMatchObject({
        status: 'active',
        units_used: 40,
        units_remaining: 60,
      });

      await setUnitsUsed(t, first.package.id, 100);
      list = (await listPackages(t, token)).list;
      expect(list.find((pkg) => pkg.id === first.package.id)).toMatchObject({
        status: 'exhausted',
        units_remaining: 0,
      });
      expect((await listPackages(t, token, { status: 'exhausted' })).list.map((pkg) => pkg.id)).toEqual([
        first.package.id,
      ]);
      expect((await listPackages(t, token, { status: 'active' })).list.map((pkg) => pkg.id)).toEqual([
        second.package.id,
      ]);

      // Ten days later both have passed their valid period: expired wins over exhausted.
      await advanceKeepingSessions(t, 10 * 86_400, [token]);
      const expired = await listPackages(t, token, { status: 'expired' });
      expect(expired.list.map((pkg) => [pkg.id, pkg.status]).sort()).toEqual([
        [first.package.id, 'expired'],
        [second.package.id, 'expired'],
      ]);
      expect((await listPackages(t, token, { status: 'exhausted' })).total).toBe(0);
    });

    it('a package expires exactly at paid_at + valid days (a merchant keeping the session alive)', async () => {
      const { token } = await registerMerchant(t);
      const plan = await expectOk(t.call(adminAddPlan, planFields({ units: 50, valid_days: 3 }), adminToken));
      const order = await orderPackage(t, token, { plan_id: plan.id });
      await expectOk(payThroughCashier(t, order.payment));
      t.clock.advance(3 * 86_400 - 1);
      expect((await listPackages(t, token)).list[0].status).toBe('active');
      t.clock.advance(1);
      expect((await listPackages(t, token)).list[0].status).toBe('expired');
      expect((await listPackages(t, token, { status: 'expired' })).total).toBe(1);
      expect((await listPackages(t, token, { status: 'active' })).total).toBe(0);
    });

    it('a cancelled bill voids its pending package, which is no longer listed', async () => {
      const { token } = await registerMerchant(t);
      const order = await orderPackage(t, token, { plan_id: PLAN.trial });
      expect((await listPackages(t, token)).total).toBe(1);
      await expectOk(t.call(merchantCancelBill, { bill_no: order.bill.bill_no }, token));
      expect((await listPackages(t, token)).total).toBe(0);
      const rows = await t.database.executeSql('select voided_at from traffic_packages where id = $1', [
        order.package.id,
      ]);
      expect((rows.rows[0] as { voided_at: unknown }).voided_at).not.toBeNull();
    });

    it('a bill that expires unpaid voids its package at once for reads (without writing); paying it afterwards is refused and activates nothing', async () => {
      const { token } = await registerMerchant(t);
      const order = await orderPackage(t, token, { plan_id: PLAN.trial });
      t.clock.advance(31 * 60);
      expect((await listPackages(t, token)).total).toBe(0);
      const late = await payThroughCashier(t, order.payment);
      expect(late.code).toBe(12012);
      const rows = await t.database.executeSql('select paid_at, voided_at from traffic_packages where id = $1', [
        order.package.id,
      ]);
      // Reads derive it; the sweep persists it (next test).
      expect(rows.rows[0]).toMatchObject({ paid_at: null, voided_at: null });
      const all = await expectOk(t.call(adminListPackages, { limit: 100 }, adminToken));
      expect(all.list.some((pkg) => pkg.id === order.package.id)).toBe(false);
    });

    it('the scheduled bill sweep voids the packages of expired bills too', async () => {
      const { token } = await registerMerchant(t);
      const order = await orderPackage(t, token, { plan_id: PLAN.trial });
      t.clock.advance(31 * 60);
      const sweep = t.app.jobs.find((job) => job.queue === 'store-sweep')!;
      const { billsExpired } = (await sweep.run()) as { billsExpired: number };
      expect(billsExpired).toBeGreaterThanOrEqual(1);
      const rows = await t.database.executeSql('select voided_at from traffic_packages where id = $1', [
        order.package.id,
      ]);
      expect((rows.rows[0] as { voided_at: unknown }).voided_at).not.toBeNull();
    });
  });

  describe('[OPERATOR]', () => {
    it('lists packages of all merchants by merchant, store and status', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const general = await orderPackage(t, token, { plan_id: PLAN.trial });
      await expectOk(payThroughCashier(t, general.payment));
      const store = await orderPackage(t, token, { plan_id: PLAN.store, shop_id: shopId });
      const byStore = await expectOk(t.call(adminListPackages, { shop_id: shopId }, adminToken));
      expect(byStore.list.map((pkg) => pkg.id)).toEqual([store.package.id]);
      const merchantId = byStore.list[0].merchant_id;
      const mine = await expectOk(t.call(adminListPackages, { merchant_id: merchantId }, adminToken));
      expect(mine.total).toBe(2);
      const active = await expectOk(
        t.call(adminListPackages, { merchant_id: merchantId, status: 'active' }, adminToken),
      );
      expect(active.list.map((pkg) => pkg.id)).toEqual([general.package.id]);
      const pending = await expectOk(
        t.call(adminListPackages, { merchant_id: merchantId, status: 'pending', is_general: false }, adminToken),
      );
      expect(pending.list.map((pkg) => pkg.id)).toEqual([store.package.id]);
    });
  });
});
