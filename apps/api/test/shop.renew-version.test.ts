import { adminBillDetail, adminRefundBill } from '@parlour/contract/calls/bill';
import { adminRenewShop, merchantRenewShop } from '@parlour/contract/calls/store';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTerm } from '../src/lib/terms';
import { buildTestApp, type TestApp } from './helper';
import { expectOk, getShop, merchantWithStore, payThroughCashier, signInAdmin, VERSION } from './shop-helper';

/** Prices of the seeded versions (migration 0003), in fen. */
const PRICE = { professional: { month3: 170700 }, enterprise: { month3: 370200, year1: 1299000 } } as const;

/**
 * Renewing into a higher version (docs/payments.md; the plugin market's way to a plugin the store's
 * version lacks). The renewal names a listed version of a higher tier (display order sort/id, and a
 * one-month price not lower: contract isHigherVersion); its bill is priced at that version, and
 * paying it moves the store to it as it extends the term, in the payment's transaction.
 */
describe('store renewal into a higher version', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  const billsOf = async (shopId: string) => {
    const { rows } = await t.database.executeSql(
      'select type, status, version_id, amount from bills where shop_ref = (select id from shops where shop_id = $1) order by id',
      [shopId],
    );
    return rows as Array<{ type: string; status: string; version_id: number; amount: number }>;
  };
  const needsRefund = async (billNo: string) => {
    const { rows } = await t.database.executeSql('select needs_refund from bills where bill_no = $1', [billNo]);
    return (rows[0] as { needs_refund: boolean }).needs_refund;
  };

  it('bills the higher version for the term; paid, the store moves to it and its term is extended once', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const before = await getShop(t, token, shopId);
    expect(before.package_id).toBe(VERSION.professional);
    const renewal = await expectOk(
      t.call(
        merchantRenewShop,
        { shop_id: shopId, package_id: VERSION.enterprise, term_type: 'month', term: 3, pay_method: 'alipay' },
        token,
      ),
    );
    expect(renewal.bill).toMatchObject({
      type: 'renewal',
      status: 'unpaid',
      amount: PRICE.enterprise.month3,
      term_type: 'month',
      term: 3,
      package_name: 'Enterprise',
    });
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
    expect((await billsOf(shopId)).filter((bill) => bill.type === 'renewal')).toEqual([
      { type: 'renewal', status: 'paid', version_id: VERSION.enterprise, amount: PRICE.enterprise.month3 },
    ]);

    // The next plain renewal keeps the new version and its price.
    const next = await expectOk(
      t.call(merchantRenewShop, { shop_id: shopId, term_type: 'year', term: 1, pay_method: 'alipay' }, token),
    );
    expect(next.bill).toMatchObject({ amount: PRICE.enterprise.year1, package_name: 'Enterprise' });
  });

  it('refunded by the operator, the renewal into a higher version takes back its term and the version', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const before = await getShop(t, token, shopId);
    const renewal = await expectOk(
      t.call(
        merchantRenewShop,
        { shop_id: shopId, package_id: VERSION.enterprise, term_type: 'month', term: 3, pay_method: 'alipay' },
        token,
      ),
    );
    await expectOk(payThroughCashier(t, renewal.payment));
    expect((await getShop(t, token, shopId)).package_id).toBe(VERSION.enterprise);
    await expectOk(
      t.call(adminRefundBill, { bill_no: renewal.bill.bill_no, reason: 'Upgraded by mistake' }, await signInAdmin(t)),
    );
    const after = await getShop(t, token, shopId);
    expect(after.package_id).toBe(VERSION.professional);
    expect(after.expires_at).toBe(before.expires_at);
  });

  it('takes the current version as a plain renewal', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const renewal = await expectOk(
      t.call(
        merchantRenewShop,
        { shop_id: shopId, package_id: VERSION.professional, term_type: 'month', term: 3, pay_method: 'alipay' },
        token,
      ),
    );
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
    expect(await t.call(merchantRenewShop, { ...body, lang_code: 'zh-CN' }, token)).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      msg: '续费版本须为已上架且高于当前版本的店铺版本',
    });
    expect((await billsOf(shopId)).filter((bill) => bill.type === 'renewal')).toEqual([]);
    expect((await getShop(t, token, shopId)).package_id).toBe(VERSION.professional);
  });

  it('refuses a higher version that is not listed', async () => {
    const { token, shopId } = await merchantWithStore(t);
    await t.database.executeSql("update store_versions set status = 'disabled' where id = $1", [VERSION.enterprise]);
    try {
      expect(
        (
          await t.call(
            merchantRenewShop,
            { shop_id: shopId, package_id: VERSION.enterprise, term_type: 'month', term: 1, pay_method: 'alipay' },
            token,
          )
        ).code,
      ).toBe(ErrorCode.VALIDATION_FAILED);
    } finally {
      await t.database.executeSql("update store_versions set status = 'enabled' where id = $1", [VERSION.enterprise]);
    }
  });

  describe("the operator's offline renewal into a higher version", () => {
    it('records a paid offline bill priced at that version, moves the store at once, and audits the change', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const before = await getShop(t, token, shopId);
      const admin = await signInAdmin(t);
      const renewed = await expectOk(
        t.call(
          adminRenewShop,
          {
            shop_id: shopId,
            package_id: VERSION.enterprise,
            term_type: 'month',
            term: 3,
            remark: 'Upgrade paid by transfer',
          },
          admin,
        ),
      );
      expect(renewed.bill).toMatchObject({
        type: 'renewal',
        status: 'paid',
        channel: 'offline',
        amount: PRICE.enterprise.month3,
        package_name: 'Enterprise',
        term_type: 'month',
        term: 3,
      });
      expect(renewed.shop).toMatchObject({
        package_id: VERSION.enterprise,
        package_name: 'Enterprise',
        status: 'operating',
      });
      const after = await getShop(t, token, shopId);
      expect(after.package_id).toBe(VERSION.enterprise);
      expect(after.expires_at).toBe(addTerm(new Date(before.expires_at!), 'month', 3).toISOString());
      const { rows } = await t.database.executeSql(
        "select before, after from audit_log where action = 'shop.renew' and target_id = $1",
        [shopId],
      );
      expect(rows).toHaveLength(1);
      const [audit] = rows as Array<{ before: { version_id: number }; after: { version_id: number } }>;
      expect(audit.before.version_id).toBe(VERSION.professional);
      expect(audit.after.version_id).toBe(VERSION.enterprise);
    });

    it('is idempotent: the same key records one bill and one move', async () => {
      const { shopId } = await merchantWithStore(t);
      const admin = await signInAdmin(t);
      const body = {
        shop_id: shopId,
        package_id: VERSION.enterprise,
        term_type: 'month',
        term: 1,
        remark: '',
      } as const;
      const headers = { [IDEMPOTENCY_KEY_HEADER]: `renew-version-${shopId}` };
      const first = await t.app.inject({
        method: 'POST',
        url: `/api/v1/${adminRenewShop.path}`,
        payload: body,
        headers: { authorization: `Bearer ${admin}`, ...headers },
      });
      const second = await t.app.inject({
        method: 'POST',
        url: `/api/v1/${adminRenewShop.path}`,
        payload: body,
        headers: { authorization: `Bearer ${admin}`, ...headers },
      });
      expect(first.json()).toMatchObject({ code: 200 });
      expect(second.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeDefined();
      expect(second.json()).toEqual(first.json());
      expect((await billsOf(shopId)).filter((bill) => bill.type === 'renewal')).toEqual([
        { type: 'renewal', status: 'paid', version_id: VERSION.enterprise, amount: 129900 },
      ]);
    });

    it.each([
      ['a lower version', VERSION.starter],
      ['a version that does not exist', 999_999],
      ['an id that is not one', 0],
    ])(
      'refuses %s with a message naming the field in both languages, and records nothing',
      async (_what, packageId) => {
        const { token, shopId } = await merchantWithStore(t);
        const admin = await signInAdmin(t);
        const body = { shop_id: shopId, package_id: packageId, term_type: 'month', term: 1, remark: '' } as const;
        const english = await t.call(adminRenewShop, { ...body, lang_code: 'en-US' }, admin);
        expect(english).toMatchObject({
          code: ErrorCode.VALIDATION_FAILED,
          msg: "Renewal version must be a listed store version higher than the store's current one",
        });
        expect(JSON.stringify(english.data)).toContain('package_id');
        expect(await t.call(adminRenewShop, { ...body, lang_code: 'zh-CN' }, admin)).toMatchObject({
          code: ErrorCode.VALIDATION_FAILED,
          msg: '续费版本须为已上架且高于当前版本的店铺版本',
        });
        expect((await billsOf(shopId)).filter((bill) => bill.type === 'renewal')).toEqual([]);
        expect(await getShop(t, token, shopId)).toMatchObject({ package_id: VERSION.professional });
      },
    );

    it('refuses a higher version that is not listed', async () => {
      const { shopId } = await merchantWithStore(t);
      const admin = await signInAdmin(t);
      await t.database.executeSql("update store_versions set status = 'disabled' where id = $1", [VERSION.enterprise]);
      try {
        expect(
          (
            await t.call(
              adminRenewShop,
              { shop_id: shopId, package_id: VERSION.enterprise, term_type: 'month', term: 1 },
              admin,
            )
          ).code,
        ).toBe(ErrorCode.VALIDATION_FAILED);
      } finally {
        await t.database.executeSql("update store_versions set status = 'enabled' where id = $1", [VERSION.enterprise]);
      }
      expect((await billsOf(shopId)).filter((bill) => bill.type === 'renewal')).toEqual([]);
    });
  });

  /**
   * The race: a merchant's bill into a higher version was made, then an operator changed the store's
   * version offline, then the merchant paid. The payment extends the term but does not overwrite the
   * operator's version; the bill is flagged for the operator's refund.
   */
  describe("a merchant's version-change bill paid after an operator changed the version", () => {
    let flagship: number;
    beforeAll(async () => {
      // A fourth listed version above Enterprise (later in the order, dearer).
      const { rows } = await t.database.executeSql(
        `insert into store_versions (name, name_en, currency, prices, status, sort)
         select '旗舰版', 'Flagship', currency,
                (select jsonb_agg(jsonb_set(p, '{amount}', to_jsonb((p->>'amount')::int * 2)))
                 from jsonb_array_elements(prices) p),
                'enabled', sort + 10
         from store_versions where id = $1 returning id`,
        [VERSION.enterprise],
      );
      flagship = Number((rows[0] as { id: number }).id);
    });

    it('extends the term, leaves the version the operator set, and flags the bill for refund', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const before = await getShop(t, token, shopId);
      const renewal = await expectOk(
        t.call(
          merchantRenewShop,
          { shop_id: shopId, package_id: VERSION.enterprise, term_type: 'month', term: 3, pay_method: 'alipay' },
          token,
        ),
      );
      const admin = await signInAdmin(t);
      await expectOk(
        t.call(
          adminRenewShop,
          { shop_id: shopId, package_id: flagship, term_type: 'month', term: 1, remark: 'Flagship by contract' },
          admin,
        ),
      );
      await expectOk(payThroughCashier(t, renewal.payment));

      const after = await getShop(t, token, shopId);
      expect(after.package_id).toBe(flagship);
      expect(after.expires_at).toBe(
        addTerm(addTerm(new Date(before.expires_at!), 'month', 1), 'month', 3).toISOString(),
      );
      expect(await needsRefund(renewal.bill.bill_no)).toBe(true);
      const detail = await expectOk(t.call(adminBillDetail, { bill_no: renewal.bill.bill_no }, admin));
      expect(detail).toMatchObject({ status: 'paid', needs_refund: true, version_not_applied: true, can_refund: true });

      // Refunded, it takes back its term and leaves the operator's version.
      await expectOk(
        t.call(adminRefundBill, { bill_no: renewal.bill.bill_no, reason: 'Version changed by the operator' }, admin),
      );
      const refunded = await getShop(t, token, shopId);
      expect(refunded.package_id).toBe(flagship);
      expect(refunded.expires_at).toBe(addTerm(new Date(before.expires_at!), 'month', 1).toISOString());
      expect(await needsRefund(renewal.bill.bill_no)).toBe(false);
    });

    it('applies nothing more and flags nothing when the operator moved the store to the same version', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const renewal = await expectOk(
        t.call(
          merchantRenewShop,
          { shop_id: shopId, package_id: VERSION.enterprise, term_type: 'month', term: 3, pay_method: 'alipay' },
          token,
        ),
      );
      const admin = await signInAdmin(t);
      await expectOk(
        t.call(adminRenewShop, { shop_id: shopId, package_id: VERSION.enterprise, term_type: 'month', term: 1 }, admin),
      );
      await expectOk(payThroughCashier(t, renewal.payment));
      expect((await getShop(t, token, shopId)).package_id).toBe(VERSION.enterprise);
      expect(await needsRefund(renewal.bill.bill_no)).toBe(false);
      expect(await expectOk(t.call(adminBillDetail, { bill_no: renewal.bill.bill_no }, admin))).toMatchObject({
        needs_refund: false,
        version_not_applied: false,
      });
    });

    it('a plain renewal made before the operator moved the store up does not move it back', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const renewal = await expectOk(
        t.call(merchantRenewShop, { shop_id: shopId, term_type: 'month', term: 3, pay_method: 'alipay' }, token),
      );
      const admin = await signInAdmin(t);
      await expectOk(
        t.call(adminRenewShop, { shop_id: shopId, package_id: VERSION.enterprise, term_type: 'month', term: 1 }, admin),
      );
      await expectOk(payThroughCashier(t, renewal.payment));
      expect((await getShop(t, token, shopId)).package_id).toBe(VERSION.enterprise);
      expect(await needsRefund(renewal.bill.bill_no)).toBe(false);
    });

    it('a bill made before the version it was made from was kept moves the store as before', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const renewal = await expectOk(
        t.call(
          merchantRenewShop,
          { shop_id: shopId, package_id: VERSION.enterprise, term_type: 'month', term: 1, pay_method: 'alipay' },
          token,
        ),
      );
      await t.database.executeSql('update bills set store_version_from = null where bill_no = $1', [
        renewal.bill.bill_no,
      ]);
      await expectOk(payThroughCashier(t, renewal.payment));
      expect((await getShop(t, token, shopId)).package_id).toBe(VERSION.enterprise);
      expect(await needsRefund(renewal.bill.bill_no)).toBe(false);
    });
  });
});
