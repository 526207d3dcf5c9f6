import { merchantRenewShop } from '@parlour/contract/calls/store';
import { merchantListBills } from '@parlour/contract/calls/bill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPaymentProvider } from '../src/providers/payment/sandbox-payment-provider';
import { buildTestApp, type TestApp } from './helper';
import { expectOk, getShop, merchantWithStore, type TBill } from './shop-helper';

const NOTIFY = '/api/v1/payment/notify/sandbox';

describe('payments: security', () => {
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

});
