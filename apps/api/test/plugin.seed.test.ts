import { merchantLogin } from '@parlour/contract/calls/account';
import { adminListPlugins, adminPluginDetail, merchantListShopPlugins } from '@parlour/contract/calls/plugin';
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANT, seedDatabase } from '../src/db/seed/seed';
import { DEMO_STORES } from '../src/db/seed/demo-refresh';
import { buildTestApp, testConfig } from './helper';
import { expectOk, signInAdmin, VERSION } from './shop-helper';

/** Plugins (docs/plugins.md): the seeded catalogue an operator and the demo merchant find on a new platform. */
describe('demo seed: plugins', () => {
  it('seeds seven listed plugins over five types, free and paid, some with trials, named in both languages; the demo store has five; once', async () => {
    const t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    try {
      const config = testConfig();
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: true });
      const admin = await signInAdmin(t);
      const byCode = async (lang: 'zh-CN' | 'en-US') => {
        const page = await expectOk(t.call(adminListPlugins, { page: 1, limit: 50, lang_code: lang }, admin));
        expect(page.total).toBe(7);
        return new Map(page.list.map((plugin) => [plugin.code, plugin]));
      };
      const zh = await byCode('zh-CN');
      const en = await byCode('en-US');
      const expected = {
        live_chat: {
          zh: ['在线客服', '客服沟通'],
          en: ['Live chat', 'Customer service'],
          price: 0,
          trial: 0,
          versions: [VERSION.starter, VERSION.professional, VERSION.enterprise],
        },
        currency_display: {
          zh: ['多币种价格显示', '国际化'],
          en: ['Currency display', 'Localisation'],
          price: 0,
          trial: 0,
          versions: [VERSION.starter, VERSION.professional, VERSION.enterprise],
        },
        image_search: {
          zh: ['以图搜货', '商品工具'],
          en: ['Image search', 'Product tools'],
          price: 19900,
          trial: 7,
          versions: [VERSION.professional, VERSION.enterprise],
        },
        shipping_estimator: {
          zh: ['国际运费估算', '物流配送'],
          en: ['Shipping estimator', 'Shipping'],
          price: 9900,
          trial: 14,
          versions: [VERSION.starter, VERSION.professional, VERSION.enterprise],
        },
        coupon_marketing: {
          zh: ['优惠券营销', '营销推广'],
          en: ['Coupon marketing', 'Marketing'],
          price: 29900,
          trial: 7,
          versions: [VERSION.professional, VERSION.enterprise],
        },
        buyer_guide: {
          zh: ['购物指南', '客服沟通'],
          en: ["Buyer's guide", 'Customer service'],
          price: 0,
          trial: 0,
          versions: [VERSION.starter, VERSION.professional, VERSION.enterprise],
        },
        product_translation: {
          zh: ['商品自动翻译', '国际化'],
          en: ['Product translation', 'Localisation'],
          price: 39900,
          trial: 0,
          versions: [VERSION.enterprise],
        },
      } as const;
      expect([...zh.keys()].sort()).toEqual(Object.keys(expected).sort());
      for (const [code, want] of Object.entries(expected)) {
        const [inZh, inEn] = [zh.get(code)!, en.get(code)!];
        expect([inZh.name, inZh.type_name], code).toEqual(want.zh);
        expect([inEn.name, inEn.type_name], code).toEqual(want.en);
        expect(
          {
            price: inZh.price,
            is_free: inZh.is_free,
            currency: inZh.currency,
            trial_days: inZh.trial_days,
            status: inZh.status,
          },
          code,
        ).toEqual({
          price: want.price,
          is_free: want.price === 0,
          currency: 'CNY',
          trial_days: want.trial,
          status: 'listed',
        });
        expect(
          inZh.packages.map((version) => version.id),
          code,
        ).toEqual(want.versions);
        const detail = await expectOk(t.call(adminPluginDetail, { id: inZh.id }, admin));
        expect(detail.localized.description['zh-CN'], code).toMatch(/^<p>.+<\/p>$/);
        expect(detail.localized.description['en-US'], code).toMatch(/^<p>.+<\/p>$/);
        expect(detail.localized.changelog).toEqual({ 'zh-CN': '首个版本。', 'en-US': 'First release.' });
      }
      // Free and paid, with and without a trial, over five types.
      const all = [...zh.values()];
      expect(all.filter((plugin) => plugin.is_free)).toHaveLength(3);
      expect(all.filter((plugin) => !plugin.is_free && plugin.trial_days > 0)).toHaveLength(3);
      expect(all.filter((plugin) => !plugin.is_free && plugin.trial_days === 0)).toHaveLength(1);
      expect(new Set(all.map((plugin) => plugin.type_id)).size).toBe(5);

      // The demo merchant's yearly store: the free plugins, one bought through the cashier, one on trial.
      const login = await expectOk(
        t.call(merchantLogin, { account: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }),
      );
      const mine = await expectOk(
        t.call(merchantListShopPlugins, { shop_id: DEMO_STORES.yearly }, login.userinfo.token),
      );
      expect(Object.fromEntries(mine.list.map((plugin) => [plugin.code, [plugin.source, plugin.shop_status]]))).toEqual(
        {
          live_chat: ['free', 'enabled'],
          currency_display: ['free', 'enabled'],
          buyer_guide: ['free', 'enabled'],
          shipping_estimator: ['purchased', 'enabled'],
          image_search: ['trial', 'enabled'],
        },
      );
      expect(zh.get('live_chat')!.install_count).toBe(1);

      // A second start adds nothing.
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: false });
      expect((await expectOk(t.call(adminListPlugins, { page: 1, limit: 50 }, admin))).total).toBe(7);
    } finally {
      await t.close();
    }
  }, 90_000);
});
