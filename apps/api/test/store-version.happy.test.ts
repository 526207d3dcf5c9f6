import {
  adminEditVersionFunctions,
  adminEditVersionPrices,
  adminListVersions,
  merchantAddShop,
  merchantBuyShop,
  merchantListVersions,
} from '@parlour/contract/calls/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { expectOk, shopFields, signInAdmin, VERSION } from './shop-helper';

describe('store versions: happy paths', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  describe('[VERSIONS]', () => {
    it('lists the three seeded versions with a price for every term of §9', async () => {
      const { token } = await registerMerchant(t);
      const { list } = await expectOk(t.call(merchantListVersions, {}, token));
      expect(list.map((version) => version.name)).toEqual(['Starter', 'Professional', 'Enterprise']);
      expect(list.map((version) => version.trial_days)).toEqual([14, 7, 0]);
      for (const version of list) {
        expect(version.prices).toHaveLength(10);
        expect(version.currency).toBe('CNY');
      }
    });

    it('tells the merchant before creating whether their trial is still available and how many stores the limit leaves', async () => {
      const { token } = await registerMerchant(t);
      const fresh = await expectOk(t.call(merchantListVersions, {}, token));
      expect(fresh).toMatchObject({ is_trial_available: true, store_limit: 5, store_count: 0 });
      expect(fresh.list).toHaveLength(3);
      // A bought store leaves the trial available; it counts against the limit.
      await expectOk(
        t.call(merchantBuyShop, { ...shopFields(), term_type: 'month', term: 1, pay_method: 'alipay' }, token),
      );
      expect(await expectOk(t.call(merchantListVersions, {}, token))).toMatchObject({
        is_trial_available: true,
        store_count: 1,
      });
      await expectOk(t.call(merchantAddShop, shopFields({ package_id: VERSION.starter }), token));
      expect(await expectOk(t.call(merchantListVersions, {}, token))).toMatchObject({
        is_trial_available: false,
        store_count: 2,
      });
    });

    it('lets an operator create a version, edit its features and set every price', async () => {
      const created = await expectOk(
        t.call(
          adminEditVersionFunctions,
          { name: 'Lite', description: 'small', features: ['a', 'b'], trial_days: 3, status: 'disabled' },
          adminToken,
        ),
      );
      const prices = [1, 3, 6, 9, 12]
        .map((term) => ({ type: 'month' as 'month' | 'year', term, amount: term * 1000 }))
        .concat([1, 2, 3, 4, 5].map((term) => ({ type: 'year', term, amount: term * 10000 })));
      const priced = await expectOk(
        t.call(adminEditVersionPrices, { id: created.id, currency: 'USD', prices }, adminToken),
      );
      expect(priced.currency).toBe('USD');
      expect(priced.prices.map((price) => price.amount)).toContain(12000);
      const edited = await expectOk(
        t.call(
          adminEditVersionFunctions,
          { id: created.id, name: 'Lite', features: ['c'], status: 'enabled' },
          adminToken,
        ),
      );
      expect(edited.features).toEqual(['c']);
      const admin = await expectOk(t.call(adminListVersions, { page: 1, limit: 10 }, adminToken));
      expect(admin.list.find((version) => version.id === created.id)?.store_count).toBe(0);
      // Disabled again so the other tests see the seeded three.
      await expectOk(
        t.call(adminEditVersionFunctions, { id: created.id, name: 'Lite', status: 'disabled' }, adminToken),
      );
    });
  });
});
