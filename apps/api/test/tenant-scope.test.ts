import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillRepository } from '../src/modules/money/bill/bill.repository';
import { createShopRepository } from '../src/modules/stores/shop/shop.repository';
import { createTrafficReportRepository } from '../src/modules/traffic/traffic-report/traffic-report.repository';
import { filteredMerchantId, merchantScope, operatorScope, systemScope } from '../src/lib/tenant-scope';
import { buildTestApp, businessDay, type TestApp } from './helper';
import { merchantWithStore } from './shop-helper';
import { insertPackage, recordCall, storeRef } from './traffic-helper';

/**
 * Tenant scope (docs/ARCHITECTURE.md, Glossary): the store and bill reads take a tenant scope. A
 * merchant scope finds the merchant's own rows and never another tenant's; only the operator's
 * scope sees every tenant. The traffic reports (roll-up sums, the call log, package balances) take
 * the same scope.
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
    expect((await bills.findBillView(alice.purchase.bill.bill_no, aliceScope, t.clock.now()))?.bill_no).toBe(
      alice.purchase.bill.bill_no,
    );
    expect(await bills.findBillView(bob.purchase.bill.bill_no, aliceScope, t.clock.now())).toBeUndefined();
    expect((await bills.findBillView(bob.purchase.bill.bill_no, operatorScope, t.clock.now()))?.bill_no).toBe(
      bob.purchase.bill.bill_no,
    );

    // Lists: a merchant scope lists its own rows, even when an operator-only merchant filter names another tenant.
    const own = await shops.listShops(
      { scope: aliceScope, merchantId: bobShop!.merchant_id, tab: 'all' },
      { limit: 100, offset: 0 },
      at,
    );
    expect(own.map((row) => row.shop_id)).toEqual([alice.shopId]);
    const ownBills = await bills.listBills(
      { scope: aliceScope, merchantId: bobShop!.merchant_id, now: t.clock.now() },
      { limit: 100, offset: 0 },
    );
    expect(ownBills.map((row) => row.bill_no)).toEqual([alice.purchase.bill.bill_no]);
    const all = await shops.listShops({ scope: operatorScope, tab: 'all' }, { limit: 100, offset: 0 }, at);
    expect(all.map((row) => row.shop_id)).toEqual(expect.arrayContaining([alice.shopId, bob.shopId]));
  });

  it("a merchant scope never reads another tenant's traffic: sums, call log, log detail, balances, store names", async () => {
    const alice = await storeRef(t, (await merchantWithStore(t)).shopId);
    const bob = await storeRef(t, (await merchantWithStore(t)).shopId);
    const aliceLog = await recordCall(t, { store: alice, apiCode: 'item_get' });
    const bobLog = await recordCall(t, { store: bob, apiCode: 'item_search' });
    await insertPackage(t, { merchantId: alice.merchantId, units: 100 });
    await insertPackage(t, { merchantId: bob.merchantId, units: 7 });
    const reports = createTrafficReportRepository(t.database.db);
    const now = t.clock.now();
    const today = businessDay(now);
    const days = { startDay: today, endDay: today };
    const range = { start: new Date(now.getTime() - 60_000), end: new Date(now.getTime() + 60_000) };
    const aliceScope = merchantScope(alice.merchantId);

    // The operator's own filter by merchant is ignored under a merchant scope, which is narrower.
    expect(filteredMerchantId(aliceScope, bob.merchantId)).toBe(alice.merchantId);
    expect(filteredMerchantId(operatorScope, bob.merchantId)).toBe(bob.merchantId);
    expect(filteredMerchantId(systemScope)).toBeUndefined();

    const [byMerchant] = await reports.sumUsageSets({ scope: aliceScope, merchantId: bob.merchantId, ...days }, [
      ['merchant_id'],
    ]);
    expect(byMerchant.map((row) => row.merchant_id)).toEqual([alice.merchantId]);
    // Bob's store named under Alice's scope matches nothing, in the sums and in the log.
    const [[ofBobStore]] = await reports.sumUsageSets({ scope: aliceScope, shopId: bob.shopId, ...days }, [[]]);
    expect(ofBobStore.calls).toBe(0);
    expect(
      await reports.listLogs({ scope: aliceScope, shopId: bob.shopId, ...range }, { limit: 10, offset: 0 }),
    ).toEqual([]);
    const aliceRows = await reports.listLogs(
      { scope: aliceScope, merchantId: bob.merchantId, ...range },
      { limit: 10, offset: 0 },
    );
    expect(aliceRows.map((row) => row.id)).toEqual([aliceLog]);
    expect((await reports.countLogs({ scope: aliceScope, ...range })).total).toBe(1);

    expect((await reports.findLog(aliceLog, aliceScope))?.id).toBe(aliceLog);
    expect(await reports.findLog(bobLog, aliceScope)).toBeUndefined();
    expect((await reports.findLog(bobLog, operatorScope))?.merchant_id).toBe(bob.merchantId);

    expect((await reports.packageBalance(now, aliceScope)).unitsLeft).toBe(100);
    expect((await reports.packageBalance(now, operatorScope)).unitsLeft).toBeGreaterThanOrEqual(107);
    const names = await reports.findShops([alice.shopRef, bob.shopRef], aliceScope);
    expect([...names.keys()]).toEqual([alice.shopRef]);
    expect([...(await reports.findShops([alice.shopRef, bob.shopRef], operatorScope)).keys()].sort()).toEqual(
      [alice.shopRef, bob.shopRef].sort(),
    );

    // The operator's scope with a merchant filter reads that merchant only.
    const [bobOnly] = await reports.sumUsageSets({ scope: operatorScope, merchantId: bob.merchantId, ...days }, [
      ['merchant_id'],
    ]);
    expect(bobOnly.map((row) => row.merchant_id)).toEqual([bob.merchantId]);
  });
});
