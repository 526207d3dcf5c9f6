import { adminRefundBill } from '@parlour/contract/calls/bill';
import { merchantRenewShop } from '@parlour/contract/calls/store';
import { ErrorCode } from '@parlour/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTerm } from '../src/lib/terms';
import { buildTestApp, type TestApp } from './helper';
import { expectOk, getShop, merchantWithStore, payThroughCashier, signInAdmin, VERSION } from './shop-helper';

/** Prices of the seeded versions (migration 0003), in fen. */
const PRICE = { professional: { month3: 170700 }, enterprise: { month3: 370200, year1: 1299000 } } as const;

/**
 * Issue 14: renewing into a higher version (the plugin market's way to a plugin the store's version
 * lacks). The renewal names a listed version of a higher tier (display order sort/id, and a one-month
 * price not lower: contract isHigherVersion); its bill is priced at that version, and paying it moves
 * the store to it as it extends the term, in the payment's transaction.
 */
describe('store renewal into a higher version', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  const billsOf = async (shopId: string) => {
    const { rows } = await t.database.executeSql('select type, status, version_id, amount from bills where shop_ref = (select id from shops where shop_id = $1) order by id', [shopId]);
    return rows as Array<{ type: string; status: string; version_id: number; amount: number }>;
  };

  it('bills the higher version for the term; paid, the store moves to it and its term is extended once', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const before = await getShop(t, token, shopId);
    expect(before.package_id).toBe(VERSION.professional);
    const renewal = await expectOk(t.call(merchantRenewShop, { shop_id: shopId, package_id: VERSION.enterprise, term_type: 'month', term: 3, pay_method: 'alipay' }, token));
    expect(renewal.bill).toMatchObject({ type: 'renewal', status: 'unpaid', amount: PRICE.enterprise.month3, term_type: 'month', term: 3, package_name: 'Enterprise' });
    // Unpaid: nothing changes yet.
    expect((await getShop(t, token, shopId)).package_id).toBe(VERSION.professional);

    await expectOk(payThroughCashier(t, renewal.payment));
    const after = await getShop(t, token, shopId);
    expect(after.package_id).toBe(VERSION.enterprise);
    expect(after.package_name).toBe('Enterprise');
    expect(after.status).toBe('operating');
    expect(after.expires_at).toBe(addTerm(new Date(before.expires_at!), 'month', 3).toISOString());
    // Paying again changes nothing: the term was extended once.
    expect((await payThroughCashier(t, renewal.payment)).code).not.toBe(200);
    expect((await getShop(t, token, shopId)).expires_at).toBe(after.expires_at);
    expect((await billsOf(shopId)).filter((bill) => bill.type === 'renewal')).toEqual([{ type: 'renewal', status: 'paid', version_id: VERSION.enterprise, amount: PRICE.enterprise.month3 }]);

    // The next plain renewal keeps the new version and its price.
    const next = await expectOk(t.call(merchantRenewShop, { shop_id: shopId, term_type: 'year', term: 1, pay_method: 'alipay' }, token));
    expect(next.bill).toMatchObject({ amount: PRICE.enterprise.year1, package_name: 'Enterprise' });
  });

  it('refunded by the operator (issue 16), the renewal into a higher version takes back its term and the version', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const before = await getShop(t, token, shopId);
    const renewal = await expectOk(t.call(merchantRenewShop, { shop_id: shopId, package_id: VERSION.enterprise, term_type: 'month', term: 3, pay_method: 'alipay' }, token));
    await expectOk(payThroughCashier(t, renewal.payment));
    expect((await getShop(t, token, shopId)).package_id).toBe(VERSION.enterprise);
    await expectOk(t.call(adminRefundBill, { bill_no: renewal.bill.bill_no, reason: 'Upgraded by mistake' }, await signInAdmin(t)));
    const after = await getShop(t, token, shopId);
    expect(after.package_id).toBe(VERSION.professional);
    expect(after.expires_at).toBe(before.expires_at);
  });

  it('takes the current version as a plain renewal', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const renewal = await expectOk(t.call(merchantRenewShop, { shop_id: shopId, package_id: VERSION.professional, term_type: 'month', term: 3, pay_method: 'alipay' }, token));
    expect(renewal.bill).toMatchObject({ amount: PRICE.professional.month3, package_name: 'Professional' });
    await expectOk(payThroughCashier(t, renewal.payment));
    expect((await getShop(t, token, shopId)).package_id).toBe(VERSION.professional);
  });

  it.each([
    ['a lower version', VERSION.starter],
    ['a version that does not exist', 999_999],
    ['an id that is not one', 0],
  ])('refuses %s with a message naming the field in both languages, and bills nothing', async (_what, packageId) => {
    const { token, shopId } = await merchantWithStore(t);
    const body = { shop_id: shopId, package_id: packageId, term_type: 'month', term: 1, pay_method: 'alipay' } as const;
    expect(await t.call(merchantRenewShop, { ...body, lang_code: 'en-US' }, token)).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      msg: "Renewal version must be a listed store version higher than the store's current one",
    });
    expect(await t.call(merchantRenewShop, { ...body, lang_code: 'zh-CN' }, token)).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, msg: '续费版本须为已上架且高于当前版本的店铺版本' });
    expect((await billsOf(shopId)).filter((bill) => bill.type === 'renewal')).toEqual([]);
    expect((await getShop(t, token, shopId)).package_id).toBe(VERSION.professional);
  });

  it('refuses a higher version that is not listed', async () => {
    const { token, shopId } = await merchantWithStore(t);
    await t.database.executeSql("update store_versions set status = 'disabled' where id = $1", [VERSION.enterprise]);
    try {
      expect((await t.call(merchantRenewShop, { shop_id: shopId, package_id: VERSION.enterprise, term_type: 'month', term: 1, pay_method: 'alipay' }, token)).code).toBe(ErrorCode.VALIDATION_FAILED);
    } finally {
      await t.database.executeSql("update store_versions set status = 'enabled' where id = $1", [VERSION.enterprise]);
    }
  });
});
