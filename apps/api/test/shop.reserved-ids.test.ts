import { adminConfigList, adminSetConfig } from '@parlour/contract/calls/settings';
import { adminAddShop, merchantAddShop, merchantBuyShop } from '@parlour/contract/calls/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { expectOk, shopFields, signInAdmin, uniqueShopId } from './shop-helper';

const PLATFORM_RULES = {
  captcha_failure_threshold: 5,
  store_limit_per_merchant: 5,
  domains_per_store: 3,
  payment_window_minutes: 30,
  grace_days: 7,
};

/** Store IDs that name the platform's own hosts are refused on every way a store is created. */
describe('reserved store IDs', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        SITE_HOSTS: 'www.parlour.example,home1.parlour.example',
        CONSOLE_HOSTS: 'console7.parlour.example,my-console.parlour.example',
      },
    });
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  /** The three creation paths with `shopId`, each by a merchant of its own (no store limit or trial in the way). */
  async function createEveryWay(shopId: string, lang: 'zh-CN' | 'en-US' = 'en-US') {
    const merchant = await registerMerchant(t);
    const trial = await t.call(
      merchantAddShop,
      { ...shopFields({ shop_id: shopId }), lang_code: lang },
      merchant.token,
    );
    const paid = await t.call(
      merchantBuyShop,
      { ...shopFields({ shop_id: shopId }), term_type: 'month', term: 1, pay_method: 'alipay', lang_code: lang },
      merchant.token,
    );
    const added = await t.call(
      adminAddShop,
      { ...shopFields({ shop_id: shopId }), merchant_id: merchant.id, mode: 'trial', remark: '', lang_code: lang },
      admin,
    );
    return [trial, paid, added];
  }

  it.each([
    'www',
    'admin',
    'api',
    'app',
    'mail',
    'static',
    'cdn',
    'shop',
    'store',
    'help',
    'docs',
    'status',
    'billing',
    'operator',
    'ns1',
  ])('refuses "%s" when a merchant creates, creates and pays, and when an operator adds', async (shopId) => {
    for (const answer of await createEveryWay(shopId)) {
      expect(answer.code, answer.msg).toBe(12025);
      expect(answer.msg).toBe(`Store ID "${shopId}" is reserved by the platform, please choose another`);
    }
    const { rows } = await t.database.executeSql('select count(*)::int as n from shops where shop_id = $1', [shopId]);
    expect(Number((rows[0] as { n: number }).n)).toBe(0);
  });

  it('refuses the first labels of SITE_HOSTS and CONSOLE_HOSTS, says so in Chinese, and takes IDs that merely contain a reserved word', async () => {
    for (const shopId of ['home1', 'console7'])
      for (const answer of await createEveryWay(shopId, 'zh-CN'))
        expect(answer.msg).toBe(`店铺 ID「${shopId}」为平台保留，请换一个`);
    const merchant = await registerMerchant(t);
    expect(
      (await t.call(merchantAddShop, shopFields({ shop_id: `www${uniqueShopId('x')}`.slice(0, 20) }), merchant.token))
        .code,
    ).toBe(200);
    const fixed = (await expectOk(t.call(adminConfigList, {}, admin))).platform.reserved_shop_ids_fixed;
    expect(fixed).toEqual(expect.arrayContaining(['www', 'admin', 'home1', 'console7']));
    // A host label no store ID can be (a hyphen) is not listed.
    expect(fixed).not.toContain('my-console');
  });

  it('lets the operator extend the list: validated, stored once each and sorted, audited, and refused on every creation path', async () => {
    const extra = uniqueShopId('rsv').slice(0, 20);
    const bad = await t.callRaw(
      adminSetConfig,
      { group: 'platform', values: { ...PLATFORM_RULES, reserved_shop_ids: ['ok1', 'Not-OK!'] }, lang_code: 'en-US' },
      admin,
    );
    expect(bad.code).toBe(10001);
    expect(bad.msg).toContain('Reserved store IDs may contain only lowercase letters and digits');

    const saved = await expectOk(
      t.call(
        adminSetConfig,
        {
          group: 'platform',
          values: { ...PLATFORM_RULES, reserved_shop_ids: [` ${extra.toUpperCase()} `, 'zz9', extra] },
        },
        admin,
      ),
    );
    expect(saved.platform.reserved_shop_ids).toEqual([extra, 'zz9'].sort());
    expect((await expectOk(t.call(adminConfigList, {}, admin))).platform.reserved_shop_ids).toEqual(
      [extra, 'zz9'].sort(),
    );
    const { rows } = await t.database.executeSql(
      "select action, before, after from audit_log where call_path = 'admin/common/config/set_config' order by id desc limit 1",
    );
    const audit = rows[0] as {
      action: string;
      before: { reserved_shop_ids?: string[] };
      after: { reserved_shop_ids?: string[] };
    };
    expect(audit.action).toBe('settings.edit');
    expect(audit.after.reserved_shop_ids).toEqual([extra, 'zz9'].sort());

    for (const answer of await createEveryWay(extra)) expect(answer.code, answer.msg).toBe(12025);
    // Saving the rules without the list keeps it; saving an empty list frees the IDs.
    await expectOk(t.call(adminSetConfig, { group: 'platform', values: PLATFORM_RULES }, admin));
    expect((await expectOk(t.call(adminConfigList, {}, admin))).platform.reserved_shop_ids).toContain(extra);
    await expectOk(
      t.call(adminSetConfig, { group: 'platform', values: { ...PLATFORM_RULES, reserved_shop_ids: [] } }, admin),
    );
    const merchant = await registerMerchant(t);
    expect((await t.call(merchantAddShop, shopFields({ shop_id: extra }), merchant.token)).code).toBe(200);
  });
});
