import { ErrorCode } from '@parlour/contract/errors';
import {
  adminAddPlan,
  adminEditPlan,
  adminListPackages,
  adminListPlans,
  adminSetPlanStatus,
  merchantCreatePackageOrder,
  merchantListPackages,
  merchantListPlans,
} from '@parlour/contract/calls/traffic';
import { merchantCancelBill, merchantPayPage } from '@parlour/contract/calls/bill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { sandboxPayments } from './payment-helper';
import { expectOk, merchantWithStore, payThroughCashier, signInAdmin } from './shop-helper';
import { listPackages, orderPackage, PLAN, planFields } from './traffic-package-helper';

describe('traffic packages: security', () => {
  let t: TestApp;
  let pay: ReturnType<typeof sandboxPayments>;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    pay = sandboxPayments(t);
  });
  afterAll(() => t.close());

  async function packageRow(id: number) {
    const { rows } = await t.database.executeSql(
      'select paid_at, expires_at, updated_at from traffic_packages where id = $1',
      [id],
    );
    return rows[0] as { paid_at: Date | string | null; expires_at: Date | string | null };
  }

  describe('[TENANCY]', () => {
    it("merchant B neither sees A's packages nor buys a package for A's store", async () => {
      const a = await merchantWithStore(t);
      const general = await orderPackage(t, a.token, { plan_id: PLAN.standard });
      await expectOk(payThroughCashier(t, general.payment));
      const store = await orderPackage(t, a.token, { plan_id: PLAN.store, shop_id: a.shopId });
      await expectOk(payThroughCashier(t, store.payment));

      const b = await registerMerchant(t);
      expect((await listPackages(t, b.token)).total).toBe(0);
      expect((await listPackages(t, b.token, { tab: 'store' })).total).toBe(0);
      const byShop = await listPackages(t, b.token, { tab: 'store', shop_id: a.shopId });
      expect(byShop).toMatchObject({ total: 0, list: [], counts: { general: 0, store: 0 } });
      // A's store answers exactly like a store that does not exist.
      const answer = await t.call(
        merchantCreatePackageOrder,
        { plan_id: PLAN.store, shop_id: a.shopId, pay_method: 'alipay' },
        b.token,
      );
      expect(answer.code).toBe(ErrorCode.NOT_FOUND);
      // Nor can B reach A's package bill.
      expect((await t.call(merchantCancelBill, { bill_no: general.bill.bill_no }, b.token)).code).toBe(
        ErrorCode.NOT_FOUND,
      );
      expect((await t.call(merchantPayPage, { bill_no: store.bill.bill_no }, b.token)).code).toBe(ErrorCode.NOT_FOUND);
      expect((await listPackages(t, a.token)).total).toBe(1);
      expect((await listPackages(t, a.token, { tab: 'store' })).total).toBe(1);
    });

    it('the merchant of an order comes from the session, not the body', async () => {
      const a = await registerMerchant(t);
      const b = await registerMerchant(t);
      await expectOk(
        t.callRaw(
          merchantCreatePackageOrder,
          { plan_id: PLAN.trial, pay_method: 'alipay', merchant_id: a.id },
          b.token,
        ),
      );
      expect((await listPackages(t, a.token)).total).toBe(0);
      expect((await listPackages(t, b.token)).total).toBe(1);
    });

    it('a merchant token is refused on every operator traffic package call, an operator token on the merchant ones', async () => {
      const { token } = await registerMerchant(t);
      const adminToken = await signInAdmin(t);
      for (const [path, body] of [
        [adminListPlans, {}],
        [adminAddPlan, planFields()],
        [adminEditPlan, { ...planFields(), id: PLAN.trial }],
        [adminSetPlanStatus, { id: PLAN.trial, status: 'disabled' }],
        [adminListPackages, {}],
      ] as const) {
        expect((await t.callRaw(path, body, token)).code, path.path).toBe(ErrorCode.NO_PERMISSION);
      }
      for (const [path, body] of [
        [merchantListPlans, {}],
        [merchantListPackages, {}],
        [merchantCreatePackageOrder, { plan_id: PLAN.trial, pay_method: 'alipay' }],
      ] as const) {
        expect((await t.call(path, body, adminToken)).code, path.path).toBe(ErrorCode.NO_PERMISSION);
        expect((await t.call(path, body)).code, path.path).toBe(ErrorCode.TOKEN_EXPIRED);
      }
      // The refused calls changed nothing: the seeded plan is still enabled.
      const plans = await expectOk(t.call(merchantListPlans, {}, token));
      expect(plans.list.find((plan) => plan.id === PLAN.trial)?.status).toBe('enabled');
    });
  });

  describe('[NOTIFICATIONS]', () => {
    it('a payment notified again activates the package once; the valid period does not move; an old notification replayed is refused', async () => {
      const { token } = await registerMerchant(t);
      const order = await orderPackage(t, token, { plan_id: PLAN.standard });
      const body = await pay.paidNotification(order.bill);
      expect(await pay.notify(body)).toEqual({ status: 200, body: 'success' });
      const first = await packageRow(order.package.id);
      expect(first.paid_at).not.toBeNull();
      t.clock.advance(3600);
      // The provider notifying the same payment again (newly signed): acknowledged, changes nothing.
      for (let index = 0; index < 4; index += 1)
        expect(await pay.notify(await pay.paidNotification(order.bill))).toEqual({ status: 200, body: 'success' });
      // The hour-old notification itself, replayed: outside the signing window, refused.
      expect(await pay.notify(body)).toEqual({ status: 400, body: 'fail' });
      const later = await packageRow(order.package.id);
      expect(new Date(later.paid_at!).getTime()).toBe(new Date(first.paid_at!).getTime());
      expect(new Date(later.expires_at!).getTime()).toBe(new Date(first.expires_at!).getTime());
      const { list } = await listPackages(t, token);
      expect(list).toHaveLength(1);
      expect(list[0].status).toBe('active');
    });

    it('concurrent notifications for one package bill activate it once', async () => {
      const { token } = await registerMerchant(t);
      const order = await orderPackage(t, token, { plan_id: PLAN.trial });
      const bodies = await Promise.all(Array.from({ length: 10 }, () => pay.paidNotification(order.bill)));
      const answers = await Promise.all(bodies.map((body) => pay.notify(body)));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const { rows } = await t.database.executeSql(
        `select count(*)::int as notifications, count(*) filter (where result = 'fulfilled')::int as fulfilled from payment_notifications where bill_no = $1`,
        [order.bill.bill_no],
      );
      expect(rows[0]).toEqual({ notifications: 10, fulfilled: 1 });
      const row = await packageRow(order.package.id);
      expect(new Date(row.expires_at!).getTime() - new Date(row.paid_at!).getTime()).toBe(30 * 86_400_000);
    });

    it('a notification with a wrong amount or a forged signature activates nothing', async () => {
      const { token } = await registerMerchant(t);
      const order = await orderPackage(t, token, { plan_id: PLAN.trial });
      const cheap = await pay.provider.buildNotification(
        { billNo: order.bill.bill_no, amount: 1, currency: order.bill.currency, payMethod: 'alipay', outcome: 'paid' },
        t.clock.now(),
      );
      expect((await pay.notify(cheap)).status).toBe(400);
      expect((await pay.notify({ ...(await pay.paidNotification(order.bill)), sign: 'AAAA' })).status).toBe(400);
      expect((await packageRow(order.package.id)).paid_at).toBeNull();
      expect((await listPackages(t, token)).list[0].status).toBe('pending');
    });

    it('a notification for a cancelled package bill activates nothing', async () => {
      const { token } = await registerMerchant(t);
      const order = await orderPackage(t, token, { plan_id: PLAN.trial });
      await expectOk(t.call(merchantCancelBill, { bill_no: order.bill.bill_no }, token));
      await pay.notify(await pay.paidNotification(order.bill));
      expect((await packageRow(order.package.id)).paid_at).toBeNull();
      expect((await listPackages(t, token)).total).toBe(0);
    });
  });
});
