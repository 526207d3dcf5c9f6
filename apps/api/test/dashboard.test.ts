import { DEFAULT_BUSINESS_TIME_ZONE } from '@parlour/contract/business-time';
import { eq, sql } from 'drizzle-orm';
import { adminOverview } from '@parlour/contract/calls/dashboard';
import { adminAddShop, adminListShops, adminSetShopStatus, merchantBuyShop } from '@parlour/contract/calls/store';
import { adminListBills, adminListIncome } from '@parlour/contract/calls/bill';
import { adminListMerchants } from '@parlour/contract/calls/merchant-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../src/db/schema/index';
import { startOfMonth } from '../src/modules/operations/dashboard/dashboard.service';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { addMerchant } from './merchant-admin-helper';
import { expectOk, merchantWithStore, provision, shopFields, signInAdmin } from './shop-helper';

describe('dashboard: operator totals', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const overview = () => expectOk(t.call(adminOverview, {}, adminToken));

  it('starts at zero on an empty platform', async () => {
    expect(await overview()).toEqual({
      merchants: { total: 0, new_this_month: 0 },
      stores: {
        total: 0,
        unpaid: 0,
        initializing: 0,
        trial: 0,
        operating: 0,
        pending_renewal: 0,
        disabled: 0,
        cancelled: 0,
      },
      income_this_month: { amount: 0, count: 0, currency: 'CNY' },
      unpaid_bills: { count: 0, amount: 0, currency: 'CNY' },
    });
  });

  it('counts merchants, stores by status, income this month and unpaid bills from real stores and bills, matching the linked lists', async () => {
    const a = await registerMerchant(t);
    const b = await addMerchant(t, adminToken, { type: 'enterprise' });

    // Unpaid: created with "create and pay", not paid yet.
    const unpaid = await expectOk(
      t.call(merchantBuyShop, { ...shopFields(), term_type: 'month', term: 1, pay_method: 'alipay' }, a.token),
    );
    // Operating: paid online and provisioned.
    const operating = await merchantWithStore(t, { token: a.token, term_type: 'month', term: 3 });
    // Trial and an offline-paid store that the operator then disables.
    await expectOk(t.call(adminAddShop, { ...shopFields(), merchant_id: b.id, mode: 'trial' }, adminToken));
    const offlineFields = shopFields();
    await expectOk(
      t.call(
        adminAddShop,
        { ...offlineFields, merchant_id: b.id, mode: 'offline', term_type: 'year', term: 1 },
        adminToken,
      ),
    );
    await provision(t);
    await expectOk(t.call(adminSetShopStatus, { shop_id: offlineFields.shop_id, is_disabled: true }, adminToken));
    // Pending renewal: a paid store whose term ended yesterday, inside the grace period.
    const lapsed = await merchantWithStore(t, { token: a.token });
    await t.database.db
      .update(shops)
      .set({ expires_at: new Date(t.clock.now().getTime() - 86_400_000) })
      .where(eq(shops.shop_id, lapsed.shopId));
    // Initializing: added after the provisioning run.
    await expectOk(t.call(adminAddShop, { ...shopFields(), merchant_id: b.id, mode: 'trial' }, adminToken));

    const { list: paidBills } = await expectOk(t.call(adminListIncome, { limit: 100 }, adminToken));
    expect(paidBills).toHaveLength(3);
    const income = paidBills.reduce((sum, bill) => sum + bill.amount, 0);
    expect(income).toBe(
      operating.purchase.bill.amount +
        lapsed.purchase.bill.amount +
        paidBills.find((bill) => bill.channel === 'offline')!.amount,
    );

    const figures = await overview();
    expect(figures).toEqual({
      merchants: { total: 2, new_this_month: 2 },
      stores: {
        total: 6,
        unpaid: 1,
        initializing: 1,
        trial: 1,
        operating: 1,
        pending_renewal: 1,
        disabled: 1,
        cancelled: 0,
      },
      income_this_month: { amount: income, count: 3, currency: 'CNY' },
      unpaid_bills: { count: 1, amount: unpaid.bill.amount, currency: 'CNY' },
    });

    // Each figure is what its linked, filtered list shows.
    for (const status of ['unpaid', 'initializing', 'trial', 'operating', 'pending_renewal', 'disabled'] as const) {
      const { total } = await expectOk(t.call(adminListShops, { status }, adminToken));
      expect(total, status).toBe(figures.stores[status]);
    }
    const { counts } = await expectOk(t.call(adminListShops, { tab: 'pending_renewal' }, adminToken));
    expect(counts.pending_renewal).toBe(1);
    expect((await expectOk(t.call(adminListBills, { status: 'unpaid' }, adminToken))).total).toBe(
      figures.unpaid_bills.count,
    );
    expect((await expectOk(t.call(adminListMerchants, { type: 'enterprise' }, adminToken))).total).toBe(1);
  });

  it('an unpaid bill past its payment window no longer counts as unpaid', async () => {
    const before = await overview();
    expect(before.unpaid_bills.count).toBe(1);
    t.clock.advance(31 * 60);
    adminToken = await signInAdmin(t);
    const after = await overview();
    expect(after.unpaid_bills).toEqual({ count: 0, amount: 0, currency: 'CNY' });
  });

  it('income this month leaves out bills paid before the month began', async () => {
    const monthStart = startOfMonth(t.clock.now(), DEFAULT_BUSINESS_TIME_ZONE);
    const before = await overview();
    // Move one paid bill to the previous month, as if paid then.
    await t.database.db.execute(
      sql`update bills set paid_at = ${new Date(monthStart.getTime() - 60_000)} where id = (select min(id) from bills where status = 'paid')`,
    );
    const after = await overview();
    expect(after.income_this_month.count).toBe(before.income_this_month.count - 1);
    expect(after.income_this_month.amount).toBeLessThan(before.income_this_month.amount);
  });

  it('refuses a merchant token and a missing token', async () => {
    const merchant = await registerMerchant(t);
    expect((await t.call(adminOverview, {}, merchant.token)).code).toBe(10003);
    expect((await t.call(adminOverview, {})).code).toBe(10000);
  });
});
