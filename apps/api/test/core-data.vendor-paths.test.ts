import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEditProductDataConfig } from '@parlour/contract/calls/open-core';
import { buildTestApp, type TestApp } from './helper';
import { expectOk, signInAdmin } from './shop-helper';
import { startFakeVendor, VENDOR_KEY, VENDOR_SECRET, type FakeVendor } from './fake-product-vendor';
import { grantPackage, openCall, storeWithKey, unitsUsed } from './open-api-helper';

describe("core data: the operator's vendor paths reach the HTTP provider", () => {
  let t: TestApp;
  let vendor: FakeVendor;
  let admin: string;
  const config = () => ({
    provider: 'http' as const,
    base_url: vendor.baseUrl,
    key: VENDOR_KEY,
    secret: VENDOR_SECRET,
    timeout_ms: 2000,
  });
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    vendor = await startFakeVendor();
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await vendor.close();
  });

  it('calls the default path, then the edited one at once; a path the vendor does not know fails upstream and is refunded', async () => {
    await expectOk(t.call(adminEditProductDataConfig, config(), admin));
    const store = await storeWithKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 10 });

    expect((await openCall(t, 'jd/item_get', { num_iid: '11' }, store.key)).code).toBe(200);
    expect(vendor.requests.at(-1)?.path).toBe('/jd/item_get/');

    // The vendor moved JD and Weidian: the operator edits the paths and the next calls use them.
    vendor.platformPaths.add('jingdong');
    vendor.platformPaths.add('weidian');
    const saved = await expectOk(
      t.call(
        adminEditProductDataConfig,
        { ...config(), platform_paths: { jd: 'jingdong', micro_store: 'weidian' } },
        admin,
      ),
    );
    expect(saved.platform_paths).toEqual({ '1688': '1688', taobao: 'taobao', micro_store: 'weidian', jd: 'jingdong' });
    expect(await openCall(t, 'jd/item_get', { num_iid: '12' }, store.key)).toMatchObject({
      code: 200,
      data: { item_id: '12', price: 2580 },
    });
    expect(vendor.requests.at(-1)).toEqual({
      path: '/jingdong/item_get/',
      query: { key: VENDOR_KEY, secret: VENDOR_SECRET, num_iid: '12' },
    });
    expect((await openCall(t, 'micro_store/item_search', { q: '伞', page: 2 }, store.key)).code).toBe(200);
    expect(vendor.requests.at(-1)).toMatchObject({ path: '/weidian/item_search/', query: { q: '伞', page: '2' } });
    expect((await openCall(t, 'taobao/item_get', { num_iid: '13' }, store.key)).code).toBe(200);
    expect(vendor.requests.at(-1)?.path).toBe('/taobao/item_get/');
    // item_get costs 1 unit, item_search 2 (the seeded catalogue).
    expect(await unitsUsed(t, packageId)).toEqual({ used: 5, total: 10 });

    // A path the vendor does not serve: its 404 is a failed upstream call, not charged.
    await expectOk(t.call(adminEditProductDataConfig, { ...config(), platform_paths: { jd: 'jd-v9' } }, admin));
    expect((await openCall(t, 'jd/item_get', { num_iid: '14' }, store.key)).code).toBe(13007);
    expect(vendor.requests.at(-1)?.path).toBe('/jd-v9/item_get/');
    expect(await unitsUsed(t, packageId)).toEqual({ used: 5, total: 10 });
  });
});
