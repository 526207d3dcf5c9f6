import { adminSetShopStatus, merchantAddShop, merchantBuyShop } from '@parlour/contract/calls/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills } from '../src/db/schema/index';
import { createBillRepository } from '../src/modules/money/bill/bill.repository';
import { createShopRepository } from '../src/modules/stores/shop/shop.repository';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { expectOk, merchantWithStore, shopFields, signInAdmin, VERSION } from './shop-helper';
import { merchantScope, operatorScope } from '../src/lib/tenant-scope';

/** The store counts the counters must agree with, counted the slow way. */
async function countedStatuses(t: TestApp, merchantId?: number) {
  const result = await t.database.db.execute<{ status: string; stores: number }>(
    sql`select status, count(*)::int as stores from shops ${merchantId !== undefined ? sql`where merchant_id = ${merchantId}` : sql``} group by status`,
  );
  return Object.fromEntries(result.rows.map((row) => [row.status, Number(row.stores)]));
}

/** Counters with the statuses no store has any more (count 0) left out, to compare with a group-by. */
async function counterStatuses(t: TestApp, merchantId?: number) {
  const counts = await createShopRepository(t.database.db).countByStatusFromCounters(
    merchantId !== undefined ? merchantScope(merchantId) : operatorScope,
  );
  return Object.fromEntries(Object.entries(counts).filter(([, stores]) => stores !== 0));
}

describe('list counters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  it('store counts per merchant and for the platform follow every status change, folded or not', async () => {
    const shops = createShopRepository(t.database.db);
    const adminToken = await signInAdmin(t);
    const alice = await merchantWithStore(t, { term: 1 });
    const aliceId = (
      await t.database.db.execute<{ merchant_id: number }>(
        sql`select merchant_id from shops where shop_id = ${alice.shopId}`,
      )
    ).rows[0].merchant_id;
    await expectOk(t.call(merchantAddShop, shopFields({ package_id: VERSION.starter }), alice.token));
    await expectOk(
      t.call(merchantBuyShop, { ...shopFields(), term_type: 'month', term: 3, pay_method: 'wechat' }, alice.token),
    );
    const bob = await registerMerchant(t);
    const disabled = shopFields({ package_id: VERSION.starter });
    await expectOk(t.call(merchantAddShop, disabled, bob.token));
    await t.app.services.shops.provisionPendingStores(0);
    await expectOk(t.call(adminSetShopStatus, { shop_id: disabled.shop_id, is_disabled: true }, adminToken));

    expect(await counterStatuses(t)).toEqual(await countedStatuses(t));
    expect(await counterStatuses(t, Number(aliceId))).toEqual(await countedStatuses(t, Number(aliceId)));

    // Past the paid month: Alice's paid store is pending renewal; the sweep folds the deltas.
    t.clock.advance(33 * 86_400);
    const sweep = t.app.jobs.find((job) => job.queue === 'store-sweep')!;
    await sweep.run();
    const deltasLeft = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from shop_status_deltas`,
    );
    expect(Number(deltasLeft.rows[0].n)).toBe(0);
    const platform = await countedStatuses(t);
    expect(platform.pending_renewal ?? 0).toBeGreaterThan(0);
    expect(await counterStatuses(t)).toEqual(platform);
    expect(await counterStatuses(t, Number(aliceId))).toEqual(await countedStatuses(t, Number(aliceId)));

    // After the grace days the store is disabled; the list's tabs (counters) agree with its rows.
    t.clock.advance(8 * 86_400);
    await shops.refreshStatuses(t.clock.now(), 7);
    expect(await counterStatuses(t)).toEqual(await countedStatuses(t));
    const at = { now: t.clock.now(), graceDays: 7 };
    const tabs = await shops.countTabs({ scope: operatorScope }, at);
    const counted = await countedStatuses(t);
    expect(tabs.all).toBe(Object.values(counted).reduce((sum, stores) => sum + stores, 0));
    expect(tabs.disabled).toBe(counted.disabled ?? 0);
    expect(tabs.operating).toBe((counted.operating ?? 0) + (counted.trial ?? 0));
    expect(await shops.countTabs({ scope: operatorScope, status: 'disabled' }, at)).toEqual({
      all: counted.disabled ?? 0,
      operating: 0,
      disabled: counted.disabled ?? 0,
      pending_renewal: 0,
    });
  });

  it('concurrent folds add every delta exactly once', async () => {
    const shops = createShopRepository(t.database.db);
    await shops.foldStatusDeltas();
    const before = await counterStatuses(t);
    await t.database.db.execute(
      sql`insert into shop_status_deltas (merchant_id, status, delta) select 999999, 'trial', 1 from generate_series(1, 50)`,
    );
    const folded = await Promise.all([shops.foldStatusDeltas(), shops.foldStatusDeltas(), shops.foldStatusDeltas()]);
    expect(folded.reduce((sum, count) => sum + count, 0)).toBe(50);
    expect(await shops.countByStatusFromCounters(merchantScope(999999))).toEqual({ trial: 50 });
    expect((await counterStatuses(t)).trial).toBe((before.trial ?? 0) + 50);
  });

  it('income from the daily roll-up equals the sum over the bills for any range', async () => {
    const billRepository = createBillRepository(t.database.db);
    const { id: merchantId } = await registerMerchant(t);
    const base = Date.UTC(2026, 0, 10, 0, 0, 0);
    const hour = 3_600_000;
    // Paid bills spread over five days at uneven hours, one offline renewal, one unpaid and one cancelled.
    const rows = [1, 5, 23, 24, 30, 47, 49, 70, 95, 110].map((offset, index) => ({
      bill_no: `BROLL${index}${Date.now()}`,
      merchant_id: merchantId,
      shop_name: 'Roll-up store',
      type: index % 3 === 0 ? ('renewal' as const) : ('new_store' as const),
      product_name: 'Roll-up',
      amount: 1000 + index * 111,
      currency: 'CNY',
      status: 'paid' as const,
      channel: index === 4 ? ('offline' as const) : ('online' as const),
      expires_at: new Date(base + offset * hour + hour),
      paid_at: new Date(base + offset * hour),
    }));
    await t.database.db.insert(bills).values(rows);
    await t.database.db.insert(bills).values([
      { ...rows[0], bill_no: `BROLLU${Date.now()}`, status: 'unpaid', paid_at: null },
      { ...rows[0], bill_no: `BROLLC${Date.now()}`, status: 'cancelled', paid_at: null },
    ]);
    // One bill paid later through an update, as fulfilment does.
    const [late] = await t.database.db
      .insert(bills)
      .values({ ...rows[0], bill_no: `BROLLL${Date.now()}`, status: 'unpaid', paid_at: null })
      .returning();
    await t.database.db.execute(
      sql`update bills set status = 'paid', paid_at = ${new Date(base + 60 * hour)} where id = ${late.id}`,
    );

    const direct = async (filter: { start?: Date; end?: Date; type?: 'renewal'; channel?: 'offline' }) => {
      const result = await t.database.db.execute<{ n: number; amount: number }>(sql`
        select count(*)::int as n, coalesce(sum(amount), 0)::int as amount from bills where status = 'paid'
        ${filter.start ? sql`and paid_at >= ${filter.start}` : sql``} ${filter.end ? sql`and paid_at < ${filter.end}` : sql``}
        ${filter.type ? sql`and type = ${filter.type}` : sql``} ${filter.channel ? sql`and channel = ${filter.channel}` : sql``}`);
      return { count: Number(result.rows[0].n), amount: Number(result.rows[0].amount) };
    };
    const ranges = [
      {},
      { start: new Date(base) },
      { end: new Date(base + 48 * hour) },
      { start: new Date(base + 3 * hour), end: new Date(base + 100 * hour) },
      { start: new Date(base - 8 * hour), end: new Date(base + 64 * hour) },
      { start: new Date(base + 2 * hour), end: new Date(base + 20 * hour) },
      { start: new Date(base + 24 * hour), end: new Date(base + 72 * hour), type: 'renewal' as const },
      { start: new Date(base), end: new Date(base + 120 * hour), channel: 'offline' as const },
    ];
    for (const range of ranges) {
      const expected = await direct(range);
      const filter = { ...range, scope: operatorScope, isIncome: true, now: new Date() };
      expect({
        range,
        count: await billRepository.countBills(filter),
        amount: await billRepository.sumAmount(filter),
      }).toEqual({
        range,
        ...expected,
      });
    }
  });
});
