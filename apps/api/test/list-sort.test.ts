import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminExportBills,
  adminListBills,
  adminListIncome,
  merchantExportBills,
  merchantListBills,
  type TAdminBill,
  type TBill,
} from '@parlour/contract/calls/bill';
import {
  adminExportShops,
  adminListShops,
  merchantBuyShop,
  merchantExportShops,
  merchantListShops,
  type TAdminShop,
  type TShop,
} from '@parlour/contract/calls/store';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { expectOk, shopFields, signInAdmin } from './shop-helper';

type Page<T> = { list: T[]; total: number };

/**
 * Server-side sorting of the paginated lists (docs/lists.md): each sortable column in both
 * directions, the id as tie-breaker so equal values keep one order across pages, and a column
 * outside the whitelist refused with a translated message naming the sort field.
 */
describe('list sorting', () => {
  let t: TestApp;
  let merchant: { token: string };
  let adminToken: string;
  /** Store IDs in creation order, and their bill numbers. */
  const shopIds: string[] = [];
  const billNos: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
    merchant = await registerMerchant(t);
    for (let index = 0; index < 4; index += 1) {
      const fields = shopFields();
      const bought = await expectOk(
        t.call(merchantBuyShop, { ...fields, term_type: 'month', term: 1, pay_method: 'wechat' }, merchant.token),
      );
      shopIds.push(fields.shop_id);
      billNos.push(bought.bill.bill_no);
    }
    // Revenue 300, 100, 300, 200: two stores tie. Expiry: the last store has none.
    const revenues = [300, 100, 300, 200];
    const expiries = ['2030-03-01', '2030-01-01', '2030-02-01', null];
    const amounts = [5000, 1000, 5000, 3000];
    for (const [index, shopId] of shopIds.entries()) {
      await t.database.db.execute(
        sql`update shops set total_revenue = ${revenues[index]},
          expires_at = ${expiries[index] ? new Date(`${expiries[index]}T00:00:00Z`) : null},
          created_at = ${new Date(Date.UTC(2026, 0, 1 + index))}
          where shop_id = ${shopId}`,
      );
      await t.database.db.execute(
        sql`update bills set amount = ${amounts[index]}, created_at = ${new Date(Date.UTC(2026, 0, 1 + index))} where bill_no = ${billNos[index]}`,
      );
    }
  });
  afterAll(() => t.close());

  const shopOrder = (answer: Page<TShop | TAdminShop>) => answer.list.map((shop) => shopIds.indexOf(shop.shop_id));
  const billOrder = (answer: Page<TBill | TAdminBill>) => answer.list.map((bill) => billNos.indexOf(bill.bill_no));

  it('sorts the merchant store list on each sortable column, ties broken by the row id', async () => {
    const list = (body: Record<string, unknown>) => expectOk(t.call(merchantListShops, body, merchant.token));
    expect(shopOrder(await list({}))).toEqual([3, 2, 1, 0]);
    expect(shopOrder(await list({ sort_field: 'created_at', sort_order: 'ascend' }))).toEqual([0, 1, 2, 3]);
    expect(shopOrder(await list({ sort_field: 'total_revenue', sort_order: 'descend' }))).toEqual([2, 0, 3, 1]);
    expect(shopOrder(await list({ sort_field: 'total_revenue', sort_order: 'ascend' }))).toEqual([1, 3, 0, 2]);
    // PostgreSQL's order for NULL: after every expiry ascending, before every expiry descending.
    expect(shopOrder(await list({ sort_field: 'expires_at', sort_order: 'ascend' }))).toEqual([1, 2, 0, 3]);
    expect(shopOrder(await list({ sort_field: 'expires_at' }))).toEqual([3, 0, 2, 1]);
    // Paging through a tie keeps each store on exactly one page.
    const pages = [
      await list({ sort_field: 'total_revenue', page: 1, limit: 1 }),
      await list({ sort_field: 'total_revenue', page: 2, limit: 1 }),
    ];
    expect(pages.flatMap(shopOrder)).toEqual([2, 0]);
  });

  it('sorts the operator store list the same way', async () => {
    const list = (body: Record<string, unknown>) =>
      expectOk(t.call(adminListShops, { merchant_keyword: undefined, ...body }, adminToken));
    const ours = (answer: Page<TAdminShop>) => shopOrder(answer).filter((index) => index >= 0);
    expect(ours(await list({ sort_field: 'total_revenue', sort_order: 'descend' }))).toEqual([2, 0, 3, 1]);
    expect(ours(await list({ sort_field: 'expires_at', sort_order: 'ascend' }))).toEqual([1, 2, 0, 3]);
  });

  it('sorts the merchant and operator bill lists by amount and creation time', async () => {
    const merchantBills = (body: Record<string, unknown>) => expectOk(t.call(merchantListBills, body, merchant.token));
    expect(billOrder(await merchantBills({}))).toEqual([3, 2, 1, 0]);
    expect(billOrder(await merchantBills({ sort_field: 'amount', sort_order: 'descend' }))).toEqual([2, 0, 3, 1]);
    expect(billOrder(await merchantBills({ sort_field: 'amount', sort_order: 'ascend' }))).toEqual([1, 3, 0, 2]);
    expect(billOrder(await merchantBills({ sort_field: 'created_at', sort_order: 'ascend' }))).toEqual([0, 1, 2, 3]);
    const adminBills = (body: Record<string, unknown>) => expectOk(t.call(adminListBills, body, adminToken));
    const ours = (answer: Page<TAdminBill>) => billOrder(answer).filter((index) => index >= 0);
    expect(ours(await adminBills({ sort_field: 'amount', sort_order: 'ascend' }))).toEqual([1, 3, 0, 2]);
  });

  it('exports stores and bills in the order the list shows (its sort), newest first without one', async () => {
    type ExportFile = { rows: number; content_base64: string };
    /** The positions of our stores or bills in the exported CSV, in file order. */
    const fileOrder = (file: ExportFile, keys: string[]) =>
      Buffer.from(file.content_base64, 'base64')
        .toString()
        .split('\n')
        .map((line) => keys.findIndex((key) => line.includes(key)))
        .filter((index) => index >= 0);
    const merchantShops = (body: Record<string, unknown>) =>
      expectOk(t.call(merchantExportShops, { format: 'csv', ...body }, merchant.token));
    expect(fileOrder(await merchantShops({}), shopIds)).toEqual([3, 2, 1, 0]);
    expect(fileOrder(await merchantShops({ sort_field: 'total_revenue', sort_order: 'descend' }), shopIds)).toEqual([
      2, 0, 3, 1,
    ]);
    expect(fileOrder(await merchantShops({ sort_field: 'expires_at', sort_order: 'ascend' }), shopIds)).toEqual([
      1, 2, 0, 3,
    ]);
    const adminShops = await expectOk(
      t.call(adminExportShops, { format: 'csv', sort_field: 'total_revenue', sort_order: 'ascend' }, adminToken),
    );
    expect(fileOrder(adminShops, shopIds)).toEqual([1, 3, 0, 2]);
    const merchantBills = (body: Record<string, unknown>) =>
      expectOk(t.call(merchantExportBills, { format: 'csv', ...body }, merchant.token));
    expect(fileOrder(await merchantBills({}), billNos)).toEqual([3, 2, 1, 0]);
    expect(fileOrder(await merchantBills({ sort_field: 'amount', sort_order: 'ascend' }), billNos)).toEqual([
      1, 3, 0, 2,
    ]);
    const adminBills = await expectOk(
      t.call(adminExportBills, { format: 'csv', sort_field: 'amount', sort_order: 'descend' }, adminToken),
    );
    expect(fileOrder(adminBills, billNos)).toEqual([2, 0, 3, 1]);
    // The filter still applies with the sort.
    const filtered = await merchantBills({ sort_field: 'amount', sort_order: 'ascend', keyword: billNos[2] });
    expect(fileOrder(filtered, billNos)).toEqual([2]);
    const refused = await t.callRaw(
      merchantExportBills,
      { format: 'csv', sort_field: 'password_hash', lang_code: 'en-US' },
      merchant.token,
    );
    expect(refused.msg).toBe('Sort field must be one of the sortable columns of this list');
  });

  it('refuses a column outside the whitelist with a translated message naming the sort field', async () => {
    for (const [path, token] of [
      [merchantListShops, merchant.token],
      [adminListShops, adminToken],
      [merchantListBills, merchant.token],
      [adminListBills, adminToken],
      [adminListIncome, adminToken],
    ] as const) {
      const en = await t.callRaw<unknown>(path, { sort_field: 'password_hash', lang_code: 'en-US' }, token);
      expect(en.code).not.toBe(200);
      expect(en.msg).toBe('Sort field must be one of the sortable columns of this list');
      expect((en.data as { errors: Array<{ field: string }> }).errors[0].field).toBe('sort_field');
      const zh = await t.callRaw(path, { sort_field: 'shop_name; drop table shops', lang_code: 'zh-CN' }, token);
      expect(zh.msg).toBe('排序字段须为该列表可排序的列之一');
    }
    const order = await t.callRaw(
      merchantListShops,
      { sort_field: 'created_at', sort_order: 'sideways', lang_code: 'en-US' },
      merchant.token,
    );
    expect(order.msg).toBe('Sort order must be ascend or descend');
  });
});
