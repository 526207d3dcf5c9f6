import { merchantRenewShop } from '@parlour/contract/calls/store';
import { merchantCancelBill, merchantListBills, merchantPayPage } from '@parlour/contract/calls/bill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, businessDay, type TestApp } from './helper';
import { expectOk, merchantWithStore, payThroughCashier } from './shop-helper';

describe('bills: happy paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  describe('[BILLS]', () => {
    it('cancels an unpaid bill, and expires another at the end of its window', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const renewal = await expectOk(
        t.call(merchantRenewShop, { shop_id: shopId, term_type: 'month', term: 1, pay_method: 'alipay' }, token),
      );
      const cancelled = await expectOk(t.call(merchantCancelBill, { bill_no: renewal.bill.bill_no }, token));
      expect(cancelled).toMatchObject({ status: 'cancelled' });
      expect(cancelled.cancelled_at).not.toBeNull();
      const next = await expectOk(
        t.call(merchantRenewShop, { shop_id: shopId, term_type: 'month', term: 1, pay_method: 'alipay' }, token),
      );
      t.clock.advance(30 * 60);
      const expired = await t.call(merchantPayPage, { bill_no: next.bill.bill_no }, token);
      expect(expired.code).toBe(12012);
      expect((await payThroughCashier(t, next.payment)).code).toBe(12012);
      const { list } = await expectOk(t.call(merchantListBills, { status: 'expired' }, token));
      expect(list.map((bill) => bill.bill_no)).toEqual([next.bill.bill_no]);
      // The expired bill no longer blocks a new renewal.
      expect(
        (await t.call(merchantRenewShop, { shop_id: shopId, term_type: 'month', term: 1, pay_method: 'alipay' }, token))
          .code,
      ).toBe(200);
    });

    it('filters bills by status, type, store, time and keyword', async () => {
      const { token, shopId, purchase } = await merchantWithStore(t);
      await expectOk(
        t.call(merchantRenewShop, { shop_id: shopId, term_type: 'month', term: 1, pay_method: 'alipay' }, token),
      );
      const today = businessDay(t.clock.now());
      const filtered = async (input: Record<string, unknown>) =>
        (await expectOk(t.call(merchantListBills, input, token))).total;
      expect(await filtered({})).toBe(2);
      expect(await filtered({ type: 'renewal' })).toBe(1);
      expect(await filtered({ status: 'paid' })).toBe(1);
      expect(await filtered({ shop_id: shopId })).toBe(2);
      expect(await filtered({ start_date: today, end_date: today })).toBe(2);
      expect(await filtered({ start_date: '2000-01-01', end_date: '2000-01-02' })).toBe(0);
      expect(await filtered({ keyword: purchase.bill.bill_no })).toBe(1);
      // A whole bill number is looked up exactly (any case); part of one still matches as a pattern.
      expect(await filtered({ keyword: purchase.bill.bill_no.toLowerCase() })).toBe(1);
      expect(await filtered({ keyword: purchase.bill.bill_no.slice(0, 12) })).toBeGreaterThanOrEqual(1);
    });
  });
});
