import {
  adminAddDataSource,
  adminAddOpenApi,
  adminDeleteDataSource,
  adminEditDataSource,
  adminEditOpenApi,
  adminEditProductDataConfig,
  adminEnableDataSource,
  adminGetProductDataConfig,
  adminListDataSources,
  adminListOpenApis,
  merchantListShopKeys,
  merchantRevealShopKey,
  merchantRotateShopKey,
} from '@parlour/contract/calls/open-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { signInAdmin } from './shop-helper';

describe('core data: operator only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses a merchant token and no token on every core data call, changing nothing', async () => {
    const { token } = await registerMerchant(t);
    const bodies: Record<string, Record<string, unknown>> = {
      [adminGetProductDataConfig.path]: {},
      [adminEditProductDataConfig.path]: { provider: 'http', base_url: 'https://evil.example', key: 'k', secret: 's' },
      [adminListDataSources.path]: {},
      [adminAddDataSource.path]: { platform: 'jd', name: 'x' },
      [adminEditDataSource.path]: { id: 1, name: 'x' },
      [adminDeleteDataSource.path]: { id: 1 },
      [adminEnableDataSource.path]: { id: 1, is_enabled: false },
      [adminListOpenApis.path]: {},
      [adminAddOpenApi.path]: { platform: 'jd', code: 'x', name: 'x', cost: 1 },
      [adminEditOpenApi.path]: { id: 1, platform: 'jd', code: 'x', name: 'x', cost: 1 },
    };
    for (const [path, body] of Object.entries(bodies)) {
      expect((await t.callRaw(path, body, token)).code, path).toBe(10003);
      expect((await t.callRaw(path, body)).code, path).toBe(10000);
    }
    const admin = await signInAdmin(t);
    const config = await t.call(adminGetProductDataConfig, {}, admin);
    expect(config.data.provider).toBe('sandbox');
    const sources = await t.call(adminListDataSources, {}, admin);
    expect(sources.data.list.every((source) => source.is_enabled)).toBe(true);
  });

  it('refuses an operator token on the merchant key calls', async () => {
    const admin = await signInAdmin(t);
    for (const path of [merchantListShopKeys, merchantRevealShopKey, merchantRotateShopKey])
      expect((await t.call(path, { shop_id: 'abc' }, admin)).code).toBe(10003);
  });
});
