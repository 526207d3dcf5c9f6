import { merchantRenewShop } from '@parlour/contract/calls/store';
import { merchantListBills } from '@parlour/contract/calls/bill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { sandboxPayments, unpaidRenewal } from './payment-helper';
import { expectOk, getShop, merchantWithStore } from './shop-helper';

describe('payments: security', () => {
  let t: TestApp;
  let pay: ReturnType<typeof sandboxPayments>;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    pay = sandboxPayments(t);
  });
  afterAll(() => t.close());

  describe('[NOTIFICATIONS]', () => {
    it('refuses a notification with a forged signature and changes nothing', async () => {
      const { renewal, token, shopId, before } = await unpaidRenewal(t);
      const forged = { ...(await pay.paidNotification(renewal.bill)), sign: 'AAAA' };
      expect(await pay.notify(forged)).toEqual({ status: 400, body: 'fail' });
      const tampered = { ...(await pay.paidNotification(renewal.bill)), amount: '1' };
      expect((await pay.notify(tampered)).status).toBe(400);
      expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);
    });

    it('an amount or currency mismatch (correctly signed) changes nothing', async () => {
      const { renewal, token, shopId, before } = await unpaidRenewal(t);
      expect(
        (await pay.notify(await pay.paidNotification(renewal.bill, { amount: renewal.bill.amount - 1 }))).status,
      ).toBe(400);
      expect((await pay.notify(await pay.paidNotification(renewal.bill, { currency: 'USD' }))).status).toBe(400);
      const after = await getShop(t, token, shopId);
      expect(after.expires_at).toBe(before.expires_at);
      expect(after.unpaid_bill_no).toBe(renewal.bill.bill_no);
    });

    it('the same notification delivered again pays once and extends once; the redeliveries are acknowledged so the provider stops', async () => {
      const { renewal, token, shopId, before } = await unpaidRenewal(t);
      const body = await pay.paidNotification(renewal.bill);
      for (let index = 0; index < 5; index += 1)
        expect(await pay.notify(body)).toEqual({ status: 200, body: 'success' });
      const { rows } = await t.database.executeSql(
        `select count(*)::int as count from payment_notifications where bill_no = '${renewal.bill.bill_no}' and result = 'duplicate'`,
      );
      expect(Number((rows[0] as { count: number }).count)).toBe(4);
      const after = await getShop(t, token, shopId);
      const extended = new Date(before.expires_at!);
      extended.setUTCMonth(extended.getUTCMonth() + 1);
      expect(after.expires_at).toBe(extended.toISOString());
    });

    it('concurrent notifications for one bill pay it once and extend once', async () => {
      const { renewal, token, shopId, before } = await unpaidRenewal(t);
      const bodies = await Promise.all(Array.from({ length: 12 }, () => pay.paidNotification(renewal.bill)));
      const answers = await Promise.all(bodies.map((body) => pay.notify(body)));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const after = await getShop(t, token, shopId);
      const extended = new Date(before.expires_at!);
      extended.setUTCMonth(extended.getUTCMonth() + 1);
      expect(after.expires_at).toBe(extended.toISOString());
      const { list } = await expectOk(
        t.call(merchantListBills, { shop_id: shopId, status: 'paid', type: 'renewal' }, token),
      );
      expect(list).toHaveLength(1);
    });

    it('a notification for an expired bill is refused and the store is not extended', async () => {
      const { renewal, token, shopId, before } = await unpaidRenewal(t);
      t.clock.advance(31 * 60);
      await pay.notify(await pay.paidNotification(renewal.bill));
      expect((await getShop(t, token, shopId)).expires_at).toBe(before.expires_at);
    });

    it('racing renewals of one store leave one unpaid bill; the others answer "order exists"', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          t.call(merchantRenewShop, { shop_id: shopId, term_type: 'month', term: 1, pay_method: 'alipay' }, token),
        ),
      );
      expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.code === 12011)).toHaveLength(5);
    });
  });
});
