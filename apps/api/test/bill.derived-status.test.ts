import { sql } from 'drizzle-orm';
import { adminOverview } from '@parlour/contract/calls/dashboard';
import { adminListPackages } from '@parlour/contract/calls/traffic';
import { merchantBuyShop, merchantListVersions, merchantRenewShop } from '@parlour/contract/calls/store';
import {
  adminListBills,
  cashierDetail,
  cashierSubmit,
  merchantCancelBill,
  merchantExportBills,
  merchantListBills,
  merchantPayPage,
} from '@parlour/contract/calls/bill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { cashierToken, expectOk, listShops, shopFields, signInAdmin } from './shop-helper';
import { listPackages, orderPackage, PLAN } from './traffic-package-helper';

/** Every stored status and update time of the tables whose statuses reads derive. */
async function storedState(t: TestApp) {
  const rows = async (table: string, columns: string) =>
    (await t.database.db.execute(sql.raw(`select ${columns} from ${table} order by id`))).rows;
  return {
    bills: await rows('bills', 'id, status, updated_at'),
    shops: await rows('shops', 'id, status, updated_at'),
    packages: await rows('traffic_packages', 'id, voided_at, updated_at'),
  };
}

describe('bills: reads derive an unpaid bill past its window as expired and write nothing', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const expiredBeforeSweepTitle =
    'lists, counts, status filters, detail, pay page, cashier, export, dashboard and package lists say expired ' +
    'before the sweep; the sweep persists it';
  it(expiredBeforeSweepTitle, async () => {
    const merchant = await registerMerchant(t);
    const fields = shopFields();
    const purchase = await expectOk(
      t.call(merchantBuyShop, { ...fields, term_type: 'month', term: 1, pay_method: 'alipay' }, merchant.token),
    );
    const order = await orderPackage(t, merchant.token, { plan_id: PLAN.trial });
    const billNos = [purchase.bill.bill_no, order.bill.bill_no];
    const unpaidBefore = (await expectOk(t.call(adminOverview, {}, adminToken))).unpaid_bills;

    t.clock.advance(31 * 60);
    const before = await storedState(t);
    expect(before.bills.filter((row) => row.status === 'unpaid')).toHaveLength(2);

    // Merchant bill list: every status filter and the counts agree with the derived status.
    const all = await expectOk(t.call(merchantListBills, {}, merchant.token));
    expect(all.list.map((bill) => [bill.bill_no, bill.status])).toEqual(
      expect.arrayContaining(billNos.map((billNo) => [billNo, 'expired'])),
    );
    expect((await expectOk(t.call(merchantListBills, { status: 'expired' }, merchant.token))).total).toBe(2);
    expect((await expectOk(t.call(merchantListBills, { status: 'unpaid' }, merchant.token))).total).toBe(0);

    // Operator list, filtered by status, and the dashboard figure.
    const adminExpired = await expectOk(t.call(adminListBills, { status: 'expired', limit: 100 }, adminToken));
    expect(adminExpired.list.map((bill) => bill.bill_no)).toEqual(expect.arrayContaining(billNos));
    const adminUnpaid = await expectOk(t.call(adminListBills, { status: 'unpaid', limit: 100 }, adminToken));
    expect(adminUnpaid.list.some((bill) => billNos.includes(bill.bill_no))).toBe(false);
    const unpaidAfter = (await expectOk(t.call(adminOverview, {}, adminToken))).unpaid_bills;
    expect(unpaidAfter.count).toBe(unpaidBefore.count - 2);

    // Exports carry the derived status.
    const csv = await expectOk(t.call(merchantExportBills, { format: 'csv', status: 'expired' }, merchant.token));
    const text = Buffer.from(csv.content_base64, 'base64').toString('utf8');
    for (const billNo of billNos) expect(text).toContain(billNo);

    // Pay page and cashier: expired, and paying is refused.
    expect((await t.call(merchantPayPage, { bill_no: purchase.bill.bill_no }, merchant.token)).code).toBe(12012);
    const cashier = await expectOk(
      t.call(cashierDetail, { bill_no: order.bill.bill_no, token: cashierToken(order.payment.pay_url) }),
    );
    expect(cashier.status).toBe('expired');

    // The create-and-pay store reads as cancelled, out of the limit; the package is void.
    const store = (await listShops(t, merchant.token)).list.find((entry) => entry.shop_id === fields.shop_id);
    expect(store?.status).toBe('cancelled');
    expect((await expectOk(t.call(merchantListVersions, {}, merchant.token))).store_count).toBe(0);
    expect((await listPackages(t, merchant.token)).total).toBe(0);
    const adminPackages = await expectOk(t.call(adminListPackages, { limit: 100 }, adminToken));
    expect(adminPackages.list.some((pkg) => pkg.id === order.package.id)).toBe(false);

    // None of those reads wrote a row.
    expect(await storedState(t)).toEqual(before);

    // Cancelling a bill past its window is refused as expired, and writes nothing either.
    expect((await t.call(merchantCancelBill, { bill_no: purchase.bill.bill_no }, merchant.token)).code).toBe(12012);
    expect(await storedState(t)).toEqual(before);

    // The sweep persists what the reads derived: bills expired, the store given up, the package void.
    await t.app.jobs.find((job) => job.queue === 'store-sweep')!.run();
    const after = await t.database.db.execute<{ status: string }>(
      sql`select status from bills where bill_no in (${billNos[0]}, ${billNos[1]})`,
    );
    expect(after.rows.map((row) => row.status)).toEqual(['expired', 'expired']);
    const stored = await t.database.db.execute<{ status: string }>(
      sql`select status from shops where shop_id = ${fields.shop_id}`,
    );
    expect(stored.rows.map((row) => row.status)).toEqual(['cancelled']);
    const voided = await t.database.db.execute<{ voided_at: unknown }>(
      sql`select voided_at from traffic_packages where id = ${order.package.id}`,
    );
    expect(voided.rows[0].voided_at).not.toBeNull();
    // And the reads answer as before.
    expect((await expectOk(t.call(merchantListBills, { status: 'expired' }, merchant.token))).total).toBe(2);
    expect((await expectOk(t.call(adminOverview, {}, adminToken))).unpaid_bills).toEqual(unpaidAfter);
  });

  it('a bill still inside its window stays payable and cancellable; one second past it, neither', async () => {
    const merchant = await registerMerchant(t);
    const first = await orderPackage(t, merchant.token, { plan_id: PLAN.trial });
    const second = await orderPackage(t, merchant.token, { plan_id: PLAN.trial });
    t.clock.advance(29 * 60);
    expect((await expectOk(t.call(merchantCancelBill, { bill_no: first.bill.bill_no }, merchant.token))).status).toBe(
      'cancelled',
    );
    expect((await t.call(merchantPayPage, { bill_no: second.bill.bill_no }, merchant.token)).code).toBe(200);
    t.clock.advance(60 + 1);
    expect((await t.call(merchantPayPage, { bill_no: second.bill.bill_no }, merchant.token)).code).toBe(12012);
    expect((await t.call(merchantCancelBill, { bill_no: second.bill.bill_no }, merchant.token)).code).toBe(12012);
    const bill = await t.database.db.execute<{ status: string }>(
      sql`select status from bills where bill_no = ${second.bill.bill_no}`,
    );
    expect(bill.rows[0].status).toBe('unpaid');
  });

  it('a create-and-pay store whose bill lapsed unswept: its owner buys the same store ID again at once, and the old bill stays unpayable', async () => {
    const merchant = await registerMerchant(t);
    const fields = shopFields();
    const buy = () =>
      t.call(merchantBuyShop, { ...fields, term_type: 'month', term: 1, pay_method: 'alipay' }, merchant.token);
    const first = await expectOk(buy());
    t.clock.advance(30 * 60);
    // No sweep: the stored rows still say unpaid.
    const stored = async () =>
      (
        await t.database.db.execute<{ shop: string; bill: string }>(
          sql`select s.status as shop, b.status as bill from shops s join bills b on b.shop_ref = s.id where s.shop_id = ${fields.shop_id} order by s.id`,
        )
      ).rows;
    expect(await stored()).toEqual([{ shop: 'unpaid', bill: 'unpaid' }]);
    expect(
      (
        await t.call(
          merchantRenewShop,
          { shop_id: fields.shop_id, term_type: 'month', term: 1, pay_method: 'alipay' },
          merchant.token,
        )
      ).code,
    ).not.toBe(200);

    // The creation gives the lapsed store up in its own transaction and takes the ID.
    const second = await expectOk(buy());
    expect(second.shop.shop_id).toBe(fields.shop_id);
    expect(await stored()).toEqual([
      { shop: 'cancelled', bill: 'expired' },
      { shop: 'unpaid', bill: 'unpaid' },
    ]);
    const rows = (await listShops(t, merchant.token, { keyword: fields.shop_id })).list.map((entry) => entry.status);
    expect(rows.sort()).toEqual(['cancelled', 'unpaid']);
    expect(
      (
        await t.call(cashierSubmit, {
          bill_no: first.bill.bill_no,
          token: cashierToken(first.payment.pay_url),
          outcome: 'paid',
        })
      ).code,
    ).toBe(12012);
    expect(
      (
        await t.call(cashierSubmit, {
          bill_no: second.bill.bill_no,
          token: cashierToken(second.payment.pay_url),
          outcome: 'paid',
        })
      ).code,
    ).toBe(200);
  });
});
