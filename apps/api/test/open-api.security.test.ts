import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantListShopKeys, merchantRevealShopKey, merchantRotateShopKey } from '@parlour/contract/calls/open-core';
import { merchantBuyShop } from '@parlour/contract/calls/store';
import { buildTestApp, type TestApp } from './helper';
import { expectOk, merchantWithStore } from './shop-helper';
import { grantPackage, logsOf, openCall, revealKey, storeWithKey, unitsUsed } from './open-api-helper';

describe('Open API keys: tenancy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  it('lists only the merchant’s own stores with masked keys', async () => {
    const a = await storeWithKey(t);
    await merchantWithStore(t, { token: a.token });
    const b = await storeWithKey(t);
    const listA = await expectOk(t.call(merchantListShopKeys, {}, a.token));
    expect(listA.total).toBe(2);
    expect(listA.list.map((entry) => entry.shop_id)).toContain(a.shopId);
    expect(listA.list.map((entry) => entry.shop_id)).not.toContain(b.shopId);
    for (const entry of listA.list) {
      expect(entry.key_masked).toMatch(/^pk_live_•{8}.{4}$/);
      expect(JSON.stringify(entry)).not.toContain(a.key.slice(8, 30));
      expect(entry).toMatchObject({ status: 'operating', is_callable: true });
    }
    const own = listA.list.find((entry) => entry.shop_id === a.shopId)!;
    expect(own.key_last4).toBe(a.key.slice(-4));
  });

  it('merchant B can neither reveal nor rotate A’s key, nor spend A’s units', async () => {
    const a = await storeWithKey(t);
    const b = await storeWithKey(t);
    const packageA = await grantPackage(t, { merchantId: a.merchantId, units: 5 });
    expect((await t.call(merchantRevealShopKey, { shop_id: a.shopId }, b.token)).code).toBe(10004);
    expect((await t.call(merchantRotateShopKey, { shop_id: a.shopId }, b.token)).code).toBe(10004);
    expect(await revealKey(t, a.token, a.shopId)).toBe(a.key);
    // B's key charges B's packages only: B has none.
    expect((await openCall(t, 'taobao/item_get', { num_iid: '1' }, b.key)).code).toBe(13006);
    expect(await unitsUsed(t, packageA)).toEqual({ used: 0, total: 5 });
    expect((await logsOf(t, a.shopRef)).length).toBe(0);
    // A store's package is not usable by another store of the same merchant.
    const a2 = await storeWithKey(t, { token: a.token });
    const storePackage = await grantPackage(t, { merchantId: a.merchantId, shopRef: a.shopRef, units: 5 });
    await t.database.executeSql('update traffic_packages set units_used = units_total where id = $1', [packageA]);
    expect((await openCall(t, 'taobao/item_get', { num_iid: '1' }, a2.key)).code).toBe(13006);
    expect((await openCall(t, 'taobao/item_get', { num_iid: '1' }, a.key)).code).toBe(200);
    expect(await unitsUsed(t, storePackage)).toEqual({ used: 1, total: 5 });
  });

  it('a store that is not paid yet gets a key that cannot call', async () => {
    const a = await storeWithKey(t);
    const unpaid = await t.call(
      merchantBuyShop,
      {
        shop_name: 'Unpaid',
        shop_id: `u${Date.now().toString(36)}`,
        contact_email: 'u@example.com',
        package_id: 2,
        term_type: 'month',
        term: 1,
        pay_method: 'alipay',
      },
      a.token,
    );
    const shopId = unpaid.data.shop.shop_id;
    const list = await expectOk(t.call(merchantListShopKeys, {}, a.token));
    expect(list.list.find((entry) => entry.shop_id === shopId)).toMatchObject({ status: 'unpaid', is_callable: false });
    await grantPackage(t, { merchantId: a.merchantId, units: 5 });
    const key = await revealKey(t, a.token, shopId);
    expect((await openCall(t, 'taobao/item_get', { num_iid: '1', lang_code: 'en-US' }, key)).msg).toBe(
      'The store is not on trial or operating, so it cannot call the API',
    );
  });
});
