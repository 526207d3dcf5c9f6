import { merchantLogin } from '@parlour/contract/calls/account';
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANT, seedDatabase } from '../src/db/seed/seed';
import { buildTestApp, testConfig } from './helper';
import { expectOk } from './shop-helper';
import { listPackages } from './traffic-package-helper';

describe('demo seed: traffic packages', () => {
  it('gives the demo merchant a paid general 标准包 and a paid store package on a running store, once', async () => {
    const t = await buildTestApp();
    try {
      const config = testConfig();
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: true });
      const login = await expectOk(
        t.call(merchantLogin, { account: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }),
      );
      const token = login.userinfo.token;
      const general = await listPackages(t, token, { tab: 'general' });
      expect(general.list.map((pkg) => [pkg.name, pkg.status, pkg.units_remaining])).toEqual([
        ['标准包', 'active', 10000],
      ]);
      const store = await listPackages(t, token, { tab: 'store' });
      expect(store.list.map((pkg) => [pkg.name, pkg.status, pkg.shop_id])).toEqual([
        ['店铺专享包', 'active', 'demoglobal'],
      ]);
      expect(store.counts).toEqual({ general: 1, store: 1 });
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: false });
      expect((await listPackages(t, token, { tab: 'general' })).counts).toEqual({ general: 1, store: 1 });
    } finally {
      await t.close();
    }
  });
});
