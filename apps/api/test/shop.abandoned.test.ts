import {
  merchantBackendRedirect,
  merchantBuyShop,
  merchantCheckSiteStatus,
  merchantRenewShop,
} from '@parlour/contract/calls/store';
import { adminListBills, merchantCancelBill, merchantListBills } from '@parlour/contract/calls/bill';
import { merchantListShopKeys } from '@parlour/contract/calls/open-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { expectOk, listShops, payThroughCashier, shopFields, signInAdmin, type Purchase } from './shop-helper';

const buy = (t: TestApp, token: string, fields: Record<string, unknown> = shopFields()) =>
  t.callRaw(merchantBuyShop, { ...fields, term_type: 'month', term: 1, pay_method: 'alipay' }, token);

/** Stored statuses of every store row holding or having held the ID, oldest first. */
async function storedRows(t: TestApp, shopId: string) {
  const result = await t.database.db.execute<{ status: string; merchant_id: number }>(
    sql`select status, merchant_id from shops where shop_id = ${shopId} order by id`,
  );
  return result.rows.map((row) => ({ status: row.status, merchant_id: Number(row.merchant_id) }));
}

/** A merchant at the store limit (5) with unpaid create-and-pay stores. */
async function merchantAtLimit(t: TestApp) {
  const merchant = await registerMerchant(t);
  const purchases: Purchase[] = [];
  for (let index = 0; index < 5; index += 1) purchases.push(await expectOk(buy(t, merchant.token)));
  expect((await buy(t, merchant.token)).code).toBe(12020);
  return { ...merchant, purchases };
}

describe('an unpaid create-and-pay store whose bill ends is given up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  it('after its bill is cancelled: shown as cancelled, out of the store limit, its ID free for another merchant and then for its first owner', async () => {
    const alice = await merchantAtLimit(t);
    const abandoned = alice.purchases[0];
    const cancelled = await expectOk(t.call(merchantCancelBill, { bill_no: abandoned.bill.bill_no }, alice.token));
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      shop_id: abandoned.shop.shop_id,
      shop_name: abandoned.shop.shop_name,
    });
    expect(await storedRows(t, abandoned.shop.shop_id)).toEqual([{ status: 'cancelled', merchant_id: alice.id }]);

    // The merchant sees what happened: the store row says cancelled, with no bill to pay.
    const row = (await listShops(t, alice.token)).list.find((entry) => entry.shop_id === abandoned.shop.shop_id);
    expect(row).toMatchObject({ status: 'cancelled', unpaid_bill_no: null });
    expect(
      await expectOk(t.call(merchantCheckSiteStatus, { shop_id: abandoned.shop.shop_id }, alice.token)),
    ).toMatchObject({
      status: 'cancelled',
      is_ready: false,
    });
    expect((await listShops(t, alice.token, { status: 'cancelled' })).list.map((entry) => entry.shop_id)).toEqual([
      abandoned.shop.shop_id,
    ]);
    // Nothing can be done with it any more: renew and the admin link refuse it.
    expect(
      (
        await t.call(
          merchantRenewShop,
          { shop_id: abandoned.shop.shop_id, term_type: 'month', term: 1, pay_method: 'alipay' },
          alice.token,
        )
      ).code,
    ).toBe(12023);
    expect((await t.call(merchantBackendRedirect, { shop_id: abandoned.shop.shop_id }, alice.token)).code).toBe(12023);

    // Bob takes the ID, pays and runs the store; Alice's history stays as it was.
    const bob = await registerMerchant(t);
    const bobs = await expectOk(
      buy(t, bob.token, shopFields({ shop_id: abandoned.shop.shop_id, shop_name: 'Bob took it' })),
    );
    await expectOk(payThroughCashier(t, bobs.payment));
    await t.app.services.shops.provisionPendingStores(0);
    expect(await storedRows(t, abandoned.shop.shop_id)).toEqual([
      { status: 'cancelled', merchant_id: alice.id },
      { status: 'operating', merchant_id: bob.id },
    ]);
    expect(
      (await listShops(t, alice.token, { keyword: abandoned.shop.shop_id })).list.map((entry) => entry.status),
    ).toEqual(['cancelled']);
    expect(
      (await listShops(t, bob.token, { keyword: abandoned.shop.shop_id })).list.map((entry) => entry.status),
    ).toEqual(['operating']);
    // The ID's calls act on the live store; Alice's own calls still only see hers.
    expect(
      await expectOk(t.call(merchantCheckSiteStatus, { shop_id: abandoned.shop.shop_id }, bob.token)),
    ).toMatchObject({ status: 'operating' });
    expect(
      await expectOk(t.call(merchantCheckSiteStatus, { shop_id: abandoned.shop.shop_id }, alice.token)),
    ).toMatchObject({ status: 'cancelled' });
    const adminToken = await signInAdmin(t);
    expect((await expectOk(t.call(adminListBills, { shop_id: abandoned.shop.shop_id }, adminToken))).list).toHaveLength(
      2,
    );

    // Alice has a free slot again: one more store, then the limit.
    await expectOk(buy(t, alice.token));
    expect((await buy(t, alice.token)).code).toBe(12020);
  });

  it('the same merchant can use its own ID again after cancelling', async () => {
    const { token } = await registerMerchant(t);
    const fields = shopFields();
    const first = await expectOk(buy(t, token, fields));
    expect((await buy(t, token, fields)).code).toBe(12021);
    await expectOk(t.call(merchantCancelBill, { bill_no: first.bill.bill_no }, token));
    const second = await expectOk(buy(t, token, fields));
    const { list } = await listShops(t, token);
    expect(list.map((entry) => [entry.shop_id, entry.status])).toEqual([
      [fields.shop_id, 'unpaid'],
      [fields.shop_id, 'cancelled'],
    ]);
    expect(list[0].unpaid_bill_no).toBe(second.bill.bill_no);
    // Only the live store has an API key to show; the given-up one is not listed there.
    const keys = await expectOk(t.call(merchantListShopKeys, {}, token));
    expect(keys.list.map((entry) => [entry.shop_id, entry.status])).toEqual([[fields.shop_id, 'unpaid']]);
    expect(keys.total).toBe(1);
    // The bill list by store ID shows both bills of that ID, the cancelled one with the store's name.
    const bills = await expectOk(t.call(merchantListBills, { shop_id: fields.shop_id }, token));
    expect(bills.list.map((bill) => [bill.status, bill.shop_name])).toEqual([
      ['unpaid', fields.shop_name],
      ['cancelled', fields.shop_name],
    ]);
  });

  it('after its bill expires: every read says cancelled at once (no sweep needed), the slot and ID are free, and the sweep persists it', async () => {
    const alice = await merchantAtLimit(t);
    const lapsed = alice.purchases[0];
    t.clock.advance(30 * 60);
    // Stored as unpaid still: reads derive the end of the payment window.
    expect(await storedRows(t, lapsed.shop.shop_id)).toEqual([{ status: 'unpaid', merchant_id: alice.id }]);
    const all = await listShops(t, alice.token);
    expect(all.list.map((entry) => entry.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(all.list.every((entry) => entry.unpaid_bill_no === null)).toBe(true);
    expect((await listShops(t, alice.token, { status: 'unpaid' })).total).toBe(0);
    expect(await storedRows(t, lapsed.shop.shop_id)).toEqual([{ status: 'unpaid', merchant_id: alice.id }]);

    // The paying attempt of the lapsed bill is refused; the store stays given up.
    expect((await payThroughCashier(t, lapsed.payment)).code).toBe(12012);

    // Another merchant takes the ID before any sweep: the creation gives the old store up in its transaction.
    const bob = await registerMerchant(t);
    await expectOk(buy(t, bob.token, shopFields({ shop_id: lapsed.shop.shop_id })));
    expect(await storedRows(t, lapsed.shop.shop_id)).toEqual([
      { status: 'cancelled', merchant_id: alice.id },
      { status: 'unpaid', merchant_id: bob.id },
    ]);
    // Alice may create five stores again.
    for (let index = 0; index < 5; index += 1) await expectOk(buy(t, alice.token));
    expect((await buy(t, alice.token)).code).toBe(12020);

    // The sweep persists what is left, with its bills.
    await t.app.jobs.find((job) => job.queue === 'store-sweep')!.run();
    const stored = await t.database.db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from shops where merchant_id = ${alice.id} group by status order by status`,
    );
    expect(stored.rows.map((row) => [row.status, Number(row.n)])).toEqual([
      ['cancelled', 5],
      ['unpaid', 5],
    ]);
    const billStatuses = await expectOk(t.call(merchantListBills, { status: 'expired', limit: 50 }, alice.token));
    expect(billStatuses.list).toHaveLength(5);
  });

  it('a store paid before its window ends is not given up by a creation racing for its ID', async () => {
    const alice = await registerMerchant(t);
    const fields = shopFields();
    const purchase = await expectOk(buy(t, alice.token, fields));
    t.clock.advance(29 * 60);
    const bob = await registerMerchant(t);
    const [paid, taken] = await Promise.all([payThroughCashier(t, purchase.payment), buy(t, bob.token, fields)]);
    expect(paid.code).toBe(200);
    expect(taken.code).toBe(12021);
    expect((await storedRows(t, fields.shop_id)).map((row) => row.status)).toEqual(['initializing']);
  });

  it('under races: two merchants want a freed ID at once — one gets it; a merchant at the limit with one freed slot creates one store', async () => {
    const alice = await merchantAtLimit(t);
    t.clock.advance(31 * 60);
    // Every one of Alice's five stores lapsed unswept: their IDs are free, and so are her five slots.
    const freed = alice.purchases[0].shop.shop_id;
    const [bob, carol] = await Promise.all([registerMerchant(t), registerMerchant(t)]);
    const answers = await Promise.all(
      [bob, carol, bob, carol].map((merchant) => buy(t, merchant.token, shopFields({ shop_id: freed }))),
    );
    expect(answers.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 12021, 12021, 12021]);
    expect((await storedRows(t, freed)).map((row) => row.status)).toEqual(['cancelled', 'unpaid']);

    // Dave at the limit; one of his bills is cancelled while eight creations race for the freed slot.
    const dave = await merchantAtLimit(t);
    await expectOk(t.call(merchantCancelBill, { bill_no: dave.purchases[2].bill.bill_no }, dave.token));
    const raced = await Promise.all(Array.from({ length: 8 }, () => buy(t, dave.token)));
    expect(raced.filter((answer) => answer.code === 200)).toHaveLength(1);
    expect(raced.filter((answer) => answer.code === 12020)).toHaveLength(7);
    const live = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from shops where merchant_id = ${dave.id} and status <> 'cancelled'`,
    );
    expect(Number(live.rows[0].n)).toBe(5);
  });
});
