import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAddPlan, adminListPackages, adminListPlans } from '@parlour/contract/calls/traffic';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { expectOk, signInAdmin } from './shop-helper';
import { orderPackage, PLAN, planFields } from './traffic-package-helper';

/**
 * Server-side sorting of the operator's traffic lists (docs/lists.md): plans by price, units and
 * creation; purchased packages by creation, valid-until and units used. Each column in both
 * directions, ties broken by the id, a column outside the whitelist refused in the caller's language.
 */
describe('traffic lists sorting', () => {
  let t: TestApp;
  let adminToken: string;
  const tag = `Sort${Math.random().toString(36).slice(2, 7)}`;
  /** Plan ids in creation order. */
  const planIds: number[] = [];
  /** Package ids in creation order, and their merchant. */
  const packageIds: number[] = [];
  let merchantId = 0;

  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
    // Price 3000, 1000, 3000, 2000 (two tie); units 400, 100, 300, 200.
    const prices = [3000, 1000, 3000, 2000];
    const units = [400, 100, 300, 200];
    for (const [index, price] of prices.entries()) {
      const plan = await expectOk(
        t.call(
          adminAddPlan,
          planFields({ name: `${tag} ${index}`, price, original_price: price, units: units[index], sort: 10 - index }),
          adminToken,
        ),
      );
      planIds.push(plan.id);
      await t.database.executeSql('update traffic_plans set created_at = $1 where id = $2', [
        new Date(Date.UTC(2026, 0, 1 + index)),
        plan.id,
      ]);
    }

    const merchant = await registerMerchant(t);
    merchantId = merchant.id;
    for (let index = 0; index < 4; index += 1)
      packageIds.push((await orderPackage(t, merchant.token, { plan_id: PLAN.trial })).package.id);
    // Used 50, 10, 50, 30 (two tie); valid until: the last one is still pending (no expiry).
    const used = [50, 10, 50, 30];
    const expiries = ['2031-03-01', '2031-01-01', '2031-02-01', null];
    for (const [index, id] of packageIds.entries()) {
      const expiresAt = expiries[index] ? new Date(`${expiries[index]}T00:00:00Z`) : null;
      await t.database.executeSql(
        'update traffic_packages set units_used = $1, paid_at = $2, expires_at = $3, created_at = $4 where id = $5',
        [
          used[index],
          expiresAt ? new Date('2026-01-01T00:00:00Z') : null,
          expiresAt,
          new Date(Date.UTC(2026, 0, 1 + index)),
          id,
        ],
      );
    }
  });
  afterAll(() => t.close());

  const plans = async (body: Record<string, unknown>) =>
    (await expectOk(t.call(adminListPlans, { keyword: tag, ...body }, adminToken))).list.map((plan) =>
      planIds.indexOf(plan.id),
    );
  const packages = async (body: Record<string, unknown>) =>
    (await expectOk(t.call(adminListPackages, { merchant_id: merchantId, ...body }, adminToken))).list.map((pkg) =>
      packageIds.indexOf(pkg.id),
    );

  it('[PLANS] sorts on price, units and creation; display order without a sort', async () => {
    // Display order: the operator's sort value (10, 9, 8, 7) ascending.
    expect(await plans({})).toEqual([3, 2, 1, 0]);
    expect(await plans({ sort_field: 'price', sort_order: 'descend' })).toEqual([2, 0, 3, 1]);
    expect(await plans({ sort_field: 'price', sort_order: 'ascend' })).toEqual([1, 3, 0, 2]);
    expect(await plans({ sort_field: 'units', sort_order: 'ascend' })).toEqual([1, 3, 2, 0]);
    expect(await plans({ sort_field: 'created_at' })).toEqual([3, 2, 1, 0]);
    expect(await plans({ sort_field: 'created_at', sort_order: 'ascend' })).toEqual([0, 1, 2, 3]);
    // Paging through the tie keeps each plan on exactly one page.
    const pages = [
      await plans({ sort_field: 'price', page: 1, limit: 1 }),
      await plans({ sort_field: 'price', page: 2, limit: 1 }),
    ];
    expect(pages.flat()).toEqual([2, 0]);
  });

  it('[PACKAGES] sorts on creation, valid-until and units used; newest first without a sort', async () => {
    expect(await packages({})).toEqual([3, 2, 1, 0]);
    expect(await packages({ sort_field: 'created_at', sort_order: 'ascend' })).toEqual([0, 1, 2, 3]);
    expect(await packages({ sort_field: 'units_used', sort_order: 'descend' })).toEqual([2, 0, 3, 1]);
    expect(await packages({ sort_field: 'units_used', sort_order: 'ascend' })).toEqual([1, 3, 0, 2]);
    // A pending package has no expiry yet: last both ways.
    expect(await packages({ sort_field: 'expires_at', sort_order: 'ascend' })).toEqual([1, 2, 0, 3]);
    expect(await packages({ sort_field: 'expires_at' })).toEqual([0, 2, 1, 3]);
    // The sort applies under the filters.
    expect(await packages({ sort_field: 'units_used', sort_order: 'ascend', status: 'active' })).toEqual([1, 0, 2]);
    const pages = [
      await packages({ sort_field: 'units_used', page: 1, limit: 1 }),
      await packages({ sort_field: 'units_used', page: 2, limit: 1 }),
    ];
    expect(pages.flat()).toEqual([2, 0]);
  });

  it('refuses a column outside the whitelist with a translated message naming the sort field', async () => {
    for (const path of [adminListPlans, adminListPackages]) {
      const en = await t.callRaw<unknown>(path, { sort_field: 'sold_count', lang_code: 'en-US' }, adminToken);
      expect(en.code).not.toBe(200);
      expect(en.msg).toBe('Sort field must be one of the sortable columns of this list');
      expect((en.data as { errors: Array<{ field: string }> }).errors[0].field).toBe('sort_field');
      const zh = await t.callRaw(
        path,
        { sort_field: 'units_used; drop table traffic_packages', lang_code: 'zh-CN' },
        adminToken,
      );
      expect(zh.msg).toBe('排序字段须为该列表可排序的列之一');
    }
  });
});
