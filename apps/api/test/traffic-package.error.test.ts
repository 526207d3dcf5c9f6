import { ErrorCode } from '@parlour/contract/errors';
import {
  adminAddPlan,
  adminEditPlan,
  adminSetPlanStatus,
  merchantCreatePackageOrder,
  merchantListPackages,
} from '@parlour/contract/calls/traffic';
import { adminSetShopStatus, merchantBuyShop } from '@parlour/contract/calls/store';
import { merchantCancelBill, merchantPayPage } from '@parlour/contract/calls/bill';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { expectOk, merchantWithStore, shopFields, signInAdmin, VERSION } from './shop-helper';
import { PLAN, planFields, rawPlanFields } from './traffic-package-helper';

describe('traffic packages: errors', () => {
  let t: TestApp;
  let adminToken: string;
  let merchantToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  beforeEach(async () => {
    adminToken = await signInAdmin(t);
    merchantToken = (await registerMerchant(t)).token;
  });
  afterAll(() => t.close());

  const en = { lang_code: 'en-US' };

  describe('[PLAN VALIDATION]', () => {
    it.each([
      [{ name: '' }, '请输入套餐名称', 'Plan name is required'],
      [{ name: 'x'.repeat(41) }, '套餐名称最多 40 个字符', 'Plan name must be at most 40 characters'],
      [{ units: 0 }, '流量（单位数）须为 1-100000000 的整数', 'Units must be a whole number from 1 to 100,000,000'],
      [{ units: 1.5 }, '流量（单位数）须为 1-100000000 的整数', 'Units must be a whole number from 1 to 100,000,000'],
      [{ valid_days: 0 }, '有效天数须为 1-3650 的整数', 'Valid days must be a whole number from 1 to 3650'],
      [{ price: -1 }, '价格须为非负整数（以分计）', 'Price must be a non-negative whole number of minor units'],
      [{ price: 9.99 }, '价格须为非负整数（以分计）', 'Price must be a non-negative whole number of minor units'],
      [
        { original_price: 'abc' },
        '原价须为非负整数（以分计）',
        'Original price must be a non-negative whole number of minor units',
      ],
      [{ price: 3000, original_price: 2000 }, '售价不能高于原价', 'Price must not be above the original price'],
      [{ currency: 'cny' }, '币种须为 3 位大写字母', 'Currency must be a 3-letter code'],
      [{ api_usage: 'x'.repeat(501) }, 'API 用途说明最多 500 个字符', 'API usage must be at most 500 characters'],
      [{ status: 'on' }, '套餐状态须为启用或停用', 'Plan status must be enabled or disabled'],
      [{ sort: -1 }, '排序须为 0-9999 的整数', 'Sort must be a whole number from 0 to 9999'],
    ])('refuses a plan with %j, naming the field in both languages', async (override, zh, english) => {
      const fields = rawPlanFields(override);
      const chinese = await t.callRaw(adminAddPlan, fields, adminToken);
      expect(chinese).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, msg: zh });
      const inEnglish = await t.callRaw(adminAddPlan, { ...fields, ...en }, adminToken);
      expect(inEnglish).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, msg: english });
    });

    it('editing or switching a plan that does not exist answers not found; a missing id names the plan', async () => {
      expect((await t.call(adminEditPlan, { ...planFields(), id: 999999 }, adminToken)).code).toBe(ErrorCode.NOT_FOUND);
      expect((await t.call(adminSetPlanStatus, { id: 999999, status: 'disabled' }, adminToken)).code).toBe(
        ErrorCode.NOT_FOUND,
      );
      expect(await t.callRaw(adminSetPlanStatus, { status: 'disabled', ...en }, adminToken)).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        msg: 'Plan is required',
      });
      expect(await t.callRaw(adminEditPlan, planFields(), adminToken)).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        msg: '请选择流量包套餐',
      });
    });
  });

  describe('[ORDER]', () => {
    it('requires the plan and the pay method, naming them in both languages', async () => {
      expect(await t.callRaw(merchantCreatePackageOrder, { pay_method: 'alipay' }, merchantToken)).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        msg: '请选择流量包套餐',
      });
      expect(
        await t.callRaw(merchantCreatePackageOrder, { plan_id: PLAN.standard, ...en }, merchantToken),
      ).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, msg: 'Pay method is required' });
      expect(
        await t.callRaw(merchantCreatePackageOrder, { plan_id: PLAN.standard, pay_method: 'cash' }, merchantToken),
      ).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, msg: '请选择支付方式' });
    });

    it('refuses a plan that does not exist or is disabled', async () => {
      const plan = await expectOk(t.call(adminAddPlan, planFields({ status: 'disabled' }), adminToken));
      expect(
        await t.call(merchantCreatePackageOrder, { plan_id: plan.id, pay_method: 'alipay' }, merchantToken),
      ).toMatchObject({ code: ErrorCode.PLAN_UNAVAILABLE, msg: '该流量包套餐不存在或已下架' });
      expect(
        await t.call(merchantCreatePackageOrder, { plan_id: 999999, pay_method: 'alipay', ...en }, merchantToken),
      ).toMatchObject({
        code: ErrorCode.PLAN_UNAVAILABLE,
        msg: 'This traffic package plan does not exist or is no longer on sale',
      });
    });

    it('a store plan needs the store, which must be on trial or operating', async () => {
      expect(
        await t.call(merchantCreatePackageOrder, { plan_id: PLAN.store, pay_method: 'alipay', ...en }, merchantToken),
      ).toMatchObject({
        code: ErrorCode.PACKAGE_SHOP_REQUIRED,
        msg: 'A store package needs the store it is for (shop_id)',
      });
      // A store created with "create and pay" and not paid yet is not running.
      const fields = shopFields({ package_id: VERSION.professional });
      await expectOk(
        t.call(merchantBuyShop, { ...fields, term_type: 'month', term: 1, pay_method: 'alipay' }, merchantToken),
      );
      expect(
        await t.call(
          merchantCreatePackageOrder,
          { plan_id: PLAN.store, shop_id: fields.shop_id, pay_method: 'alipay' },
          merchantToken,
        ),
      ).toMatchObject({
        code: ErrorCode.PACKAGE_SHOP_NOT_RUNNING,
        msg: '只能为试用中或运营中的店铺购买流量包',
      });
      expect(
        (
          await t.call(
            merchantCreatePackageOrder,
            { plan_id: PLAN.store, shop_id: 'nosuchstore', pay_method: 'alipay' },
            merchantToken,
          )
        ).code,
      ).toBe(ErrorCode.NOT_FOUND);
    });

    it('a store disabled by the operator cannot get a store package', async () => {
      const { token, shopId } = await merchantWithStore(t);
      await expectOk(t.call(adminSetShopStatus, { shop_id: shopId, is_disabled: true }, adminToken));
      expect(
        (
          await t.call(
            merchantCreatePackageOrder,
            { plan_id: PLAN.store, shop_id: shopId, pay_method: 'alipay' },
            token,
          )
        ).code,
      ).toBe(ErrorCode.PACKAGE_SHOP_NOT_RUNNING);
    });

    it('a cancelled package bill can be neither cancelled again nor paid', async () => {
      const order = await expectOk(
        t.call(merchantCreatePackageOrder, { plan_id: PLAN.trial, pay_method: 'alipay' }, merchantToken),
      );
      await expectOk(t.call(merchantCancelBill, { bill_no: order.bill.bill_no }, merchantToken));
      expect((await t.call(merchantCancelBill, { bill_no: order.bill.bill_no }, merchantToken)).code).toBe(
        ErrorCode.BILL_STATE_INVALID,
      );
      expect((await t.call(merchantPayPage, { bill_no: order.bill.bill_no }, merchantToken)).code).toBe(
        ErrorCode.BILL_STATE_INVALID,
      );
    });
  });

  describe('[LIST VALIDATION]', () => {
    it('refuses an unknown tab or status, naming it', async () => {
      expect(await t.callRaw(merchantListPackages, { tab: 'all', ...en }, merchantToken)).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        msg: 'Tab must be general or store',
      });
      expect(await t.callRaw(merchantListPackages, { status: 'voided' }, merchantToken)).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        msg: '流量包状态须为待支付、生效中、已用尽或已过期',
      });
      expect(await t.call(merchantListPackages, { limit: 500, ...en }, merchantToken)).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        msg: 'Limit must be between 1 and 100',
      });
    });
  });
});
