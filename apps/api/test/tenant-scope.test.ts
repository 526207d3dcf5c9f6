import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillRepository } from '../src/modules/bill/bill.repository';
import { createShopRepository } from '../src/modules/shop/shop.repository';
import { merchantScope, operatorScope } from '../src/lib/tenant-scope';
import { buildTestApp, type TestApp } from './helper';
import { merchantWithStore } from './shop-helper';

/**
 * Issue 12 §3: the store and bill reads take a tenant scope. A merchant scope finds the merchant's
 * own rows and never another tenant's; only the operator's scope sees every tenant.
 */
describe('tenant scope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  it("a merchant scope never reaches another tenant's store or bill", async () => {
    const alice = await merchantWithStore(t);
    const bob = await merchantWithStore(t);
    const shops = createShopRepository(t.database.db);
    const bills = createBillRepository(t.database.db);
    const at = { now: t.clock.now(), graceDays: 7 };

    const aliceShop = await shops.findShopView(alice.shopId, operatorScope, at);
    const bobShop = await shops.findShopView(bob.shopId, operatorScope, at);
    expect(aliceShop?.shop_id).toBe(alice.shopId);
    expect(bobShop?.shop_id).toBe(bob.shopId);
    const aliceScope = merchantScope(aliceShop!.merchant_id);

    // Lookups: own row found, the other tenant's answers like a missing one.
    expect((await shops.findShopView(alice.shopId, aliceScope, at))?.id).toBe(aliceShop!.id);
    expect(await shops.findShopView(bob.shopId, aliceScope, at)).toBeUndefined();
    expect((await bills.findBillView(alice.purchase.bill.bill_no, aliceScope, t.clock.now()))?.bill_no).toBe(alice.purchase.bill.bill_no);
    expect(await bills.findBillView(bob.purchase.bill.bill_no, aliceScope, t.clock.now())).toBeUndefined();
    expect((await bills.findBillView(bob.purchase.bill.bill_no, operatorScope, t.clock.now()))?.bill_no).toBe(bob.purchase.bill.bill_no);

    // Lists: a merchant scope lists its own rows, even when an operator-only merchant filter names another tenant.
    const own = await shops.listShops({ scope: aliceScope, merchantId: bobShop!.merchant_id, tab: 'all' }, { limit: 100, offset: 0 }, at);
    expect(own.map((row) => row.shop_id)).toEqual([alice.shopId]);
    const ownBills = await bills.listBills({ scope: aliceScope, merchantId: bobShop!.merchant_id, now: t.clock.now() }, { limit: 100, offset: 0 });
    expect(ownBills.map((row) => row.bill_no)).toEqual([alice.purchase.bill.bill_no]);
    const all = await shops.listShops({ scope: operatorScope, tab: 'all' }, { limit: 100, offset: 0 }, at);
    expect(all.map((row) => row.shop_id)).toEqual(expect.arrayContaining([alice.shopId, bob.shopId]));
  });
});
