import { adminAddShop, merchantBuyShop } from '@parlour/contract/calls/store';
import { cashierDetail } from '@parlour/contract/calls/bill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { expectOk, provision, shopFields, signInAdmin } from './shop-helper';
import { addPlugin, takePlugin } from './plugin-helper';

describe('payments: errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  describe('[PAYMENT PROVIDER]', () => {
    it('refuses the sandbox provider when NODE_ENV=production', () => {
      expect(() =>
        loadConfig({ NODE_ENV: 'production', ADMIN_ACCOUNT: 'a', ADMIN_PASSWORD: 'b', PAYMENT_PROVIDER: 'sandbox' }),
      ).toThrow(/sandbox is refused/);
      expect(
        loadConfig({
          NODE_ENV: 'production',
          ADMIN_ACCOUNT: 'a',
          ADMIN_PASSWORD: 'b',
          SECRETS_KEY: 'ab'.repeat(32),
          SHOP_BASE_DOMAIN: 'parlour.shop',
        }).paymentProvider,
      ).toBe('none');
    });

    it('without a provider, paying answers a clear "payment failed" and the cashier does not exist', async () => {
      const bare = await buildTestApp({ env: { PAYMENT_PROVIDER: 'none', CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
      try {
        const { token, id: merchantId } = await registerMerchant(bare);
        const answer = await bare.call(
          merchantBuyShop,
          { ...shopFields(), term_type: 'month', term: 1, pay_method: 'alipay', lang_code: 'en-US' },
          token,
        );
        expect(answer).toMatchObject({ code: 12010, msg: 'No payment provider is configured, please contact support' });
        expect((await bare.call(cashierDetail, { bill_no: 'B1', token: 'x' })).code).toBe(10004);
        // A plugin bill is checked against the offered pay methods like a store bill: refused, no bill made.
        const admin = await signInAdmin(bare);
        const fields = shopFields();
        await expectOk(
          bare.call(
            adminAddShop,
            {
              ...fields,
              merchant_id: merchantId,
              mode: 'offline',
              term_type: 'month',
              term: 1,
              remark: 'Paid by bank transfer',
            },
            admin,
          ),
        );
        await provision(bare);
        const plugin = await addPlugin(bare, admin, { price: 9900 });
        const bought = await takePlugin(bare, token, {
          shop_id: fields.shop_id,
          plugin_id: plugin.id,
          mode: 'buy',
          pay_method: 'wechat',
        });
        expect(bought).toMatchObject({ code: 12010 });
        const { rows } = await bare.database.executeSql(
          "select count(*)::int as n from bills where type = 'plugin'",
          [],
        );
        expect(rows).toEqual([{ n: 0 }]);
      } finally {
        await bare.close();
      }
    });
  });
});
