import { APP_PORT } from '../playwright.config';
import { chooseOption } from '../support/antd-select';
import { expect, signInByApi, test } from '../support/fixtures';
import { shot } from '../support/screenshots';
import { callApi, merchantWithOperatingStore } from '../support/store-api';

/**
 * Plugins do something (issue 24 §5): the merchant sets the customer service channels and a shipping zone
 * in the console (My plugins → Settings); the store's pages show the contact button and the estimator
 * answers. Both languages, 1440 and 375 px.
 */

const TEXT = {
  'zh-CN': {
    settings: /^设\s*置$/,
    whatsapp: 'WhatsApp 号码',
    email: '客服邮箱',
    save: /^保\s*存$/,
    saved: '设置已保存',
    addZone: '添加区域',
    zoneName: '区域名称',
    countries: '国家或地区',
    firstWeight: '首重（克）',
    firstPrice: '首重价格（元）',
    stepWeight: '续重（克）',
    stepPrice: '续重价格（元）',
    country: '美国',
    contact: '联系客服',
    destination: '目的地',
    weight: '实际重量（克）',
    estimate: '估算运费',
    charged: '按体积重量 1.2 kg 计费',
  },
  'en-US': {
    settings: 'Settings',
    whatsapp: 'WhatsApp number',
    email: 'Service email',
    save: 'Save',
    saved: 'Settings saved',
    addZone: 'Add a zone',
    zoneName: 'Zone name',
    countries: 'Countries / regions',
    firstWeight: 'First weight (g)',
    firstPrice: 'First weight price (¥)',
    stepWeight: 'Continued weight (g)',
    stepPrice: 'Continued weight price (¥)',
    country: 'United States',
    contact: 'Contact us',
    destination: 'Destination',
    weight: 'Actual weight (g)',
    estimate: 'Estimate',
    charged: 'Charged on the volumetric weight, 1.2 kg',
  },
} as const;

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`[PLUGINS]: the merchant sets contact channels and a shipping zone; the store shows the button and estimates, in ${lang}`, async ({
    browser,
    page,
    request,
  }) => {
    test.slow();
    const text = TEXT[lang];
    const { merchant, token, shop } = await merchantWithOperatingStore(request, `Plugins ${lang}`);
    // The seeded catalogue's customer service (free) and shipping estimator (on trial).
    for (const [code, mode] of [
      ['live_chat', 'buy'],
      ['shipping_estimator', 'trial'],
    ] as const) {
      const { list } = await callApi<{ list: Array<{ id: number; code: string }> }>(
        request,
        'merchant/plugin/shop/plugin_page',
        { shop_id: shop.shop_id, keyword: code, page: 1, limit: 10 },
        { token },
      );
      const plugin = list.find((candidate) => candidate.code === code)!;
      await callApi(
        request,
        'merchant/plugin/shop/add',
        { shop_id: shop.shop_id, plugin_id: plugin.id, mode },
        { token },
      );
    }

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInByApi(page, 'merchant', merchant.email, merchant.password, {
      lang,
      path: `/merchant/plugin?tab=mine&shop_id=${shop.shop_id}`,
    });
    const rowOf = (code: string) =>
      page.locator('tr.ant-table-row').filter({
        hasText: new RegExp(code === 'live_chat' ? '在线客服|Live chat' : '国际运费估算|Shipping estimator'),
      });

    // Customer service: two channels.
    await rowOf('live_chat').getByRole('button', { name: text.settings }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel(text.whatsapp).fill('+44 7911 123456');
    await drawer.getByLabel(text.email).fill('help@example.com');
    await shot(page, `plugin-settings-live-chat-${lang}-1440`);
    await drawer.getByRole('button', { name: text.save }).click();
    await expect(page.getByText(text.saved)).toBeVisible();
    await drawer
      .getByRole('button', { name: /close|关闭/i })
      .first()
      .click();
    await expect(drawer).toBeHidden();

    // Shipping: one zone to the United States.
    await rowOf('shipping_estimator').getByRole('button', { name: text.settings }).click();
    await drawer.getByRole('button', { name: text.addZone }).click();
    await drawer.getByLabel(text.zoneName).fill('North America');
    await drawer.getByLabel(text.countries).click();
    await drawer.getByLabel(text.countries).fill(text.country);
    await chooseOption(page, text.country);
    await drawer.getByLabel(text.firstWeight).fill('500');
    await drawer.getByLabel(text.firstPrice).fill('120');
    await drawer.getByLabel(text.stepWeight).fill('500');
    await drawer.getByLabel(text.stepPrice).fill('40');
    await shot(page, `plugin-settings-shipping-${lang}-1440`);
    await drawer.getByRole('button', { name: text.save }).click();
    await expect(page.getByText(text.saved)).toBeVisible();

    // The store: the contact button on its pages, the estimator's answer explained.
    const origin = `http://${shop.shop_id}.localhost:${APP_PORT}`;
    const buyer = await browser.newContext({ locale: lang, extraHTTPHeaders: { 'accept-language': lang } });
    const store = await buyer.newPage();
    try {
      for (const width of [1440, 375]) {
        await store.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await store.goto(`${origin}/`);
        await store.locator('summary', { hasText: text.contact }).click();
        await expect(store.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
          'href',
          'https://wa.me/447911123456',
        );
        await expect(store.getByRole('link', { name: /help@example\.com/ })).toHaveAttribute(
          'href',
          'mailto:help@example.com',
        );
        await shot(store, `storefront-contact-${lang}-${width}`);

        await store.goto(`${origin}/shipping`);
        await store.getByLabel(text.destination).selectOption('US');
        await store.getByLabel(text.weight).fill('300');
        await store.locator('input[name=length]').fill('30');
        await store.locator('input[name=width]').fill('20');
        await store.locator('input[name=height]').fill('10');
        await store.getByRole('button', { name: text.estimate, exact: true }).click();
        // 30 × 20 × 10 / 5000 = 1.2 kg beats 300 g: ¥120 + 2 × ¥40.
        await expect(store.locator('[data-shipping-price]')).toContainText('200.00');
        await expect(store.locator('[data-shipping-charged]')).toContainText(text.charged);
        expect(await store.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shot(store, `storefront-shipping-${lang}-${width}`);
      }
    } finally {
      await buyer.close();
    }
  });
}
