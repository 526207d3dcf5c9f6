import { merchantSetShopPluginStatus } from '@parlour/contract/calls/plugin';
import {
  merchantBuyerGuideDetail,
  merchantBuyerGuideEdit,
  merchantLiveChatDetail,
  merchantLiveChatEdit,
} from '@parlour/contract/calls/plugin-settings';
import { merchantStorePricingEdit } from '@parlour/contract/calls/store-pricing';
import {
  merchantStoreShippingDetail,
  merchantStoreShippingEdit,
  type TShippingZone,
} from '@parlour/contract/calls/store-shipping';
import { ErrorCode } from '@parlour/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { grantPackage, shopRefOf } from './open-api-helper';
import { addPlugin, takePlugin, type TAdminPluginDetail } from './plugin-helper';
import { expectOk, merchantWithStore, signInAdmin } from './shop-helper';

/**
 * Plugins do something (issue 24 §5; docs/plugins.md, "Storefront features"): the customer service button,
 * the buyer's guide, the shipping estimator and the currency converter show on a store's pages while their
 * plugin is installed and enabled, and leave no trace otherwise; the merchant's settings of each are theirs
 * alone. Through app.inject with store hosts.
 */

let t: TestApp;
let admin: string;
const catalogue: Record<'live_chat' | 'currency_display' | 'shipping_estimator' | 'buyer_guide', TAdminPluginDetail> =
  {} as never;

beforeAll(async () => {
  t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  admin = await signInAdmin(t);
  catalogue.live_chat = await addPlugin(t, admin, { code: 'live_chat', price: 0, trial_days: 0 });
  catalogue.currency_display = await addPlugin(t, admin, { code: 'currency_display', price: 0, trial_days: 0 });
  catalogue.buyer_guide = await addPlugin(t, admin, { code: 'buyer_guide', price: 0, trial_days: 0 });
  catalogue.shipping_estimator = await addPlugin(t, admin, { code: 'shipping_estimator', price: 9900, trial_days: 14 });
});
afterAll(() => t?.close());

const get = (host: string, url: string, lang?: string) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...(lang ? { 'accept-language': lang } : {}) } });

type Store = Awaited<ReturnType<typeof merchantWithStore>> & { host: string };
async function store(): Promise<Store> {
  const made = await merchantWithStore(t, { term_type: 'year' });
  return { ...made, host: `${made.shopId}.localhost` };
}
async function install(shop: Store, code: keyof typeof catalogue, mode: 'buy' | 'trial' = 'buy') {
  await expectOk(takePlugin(t, shop.token, { shop_id: shop.shopId, plugin_id: catalogue[code].id, mode }));
}
async function setStatus(shop: Store, code: keyof typeof catalogue, status: 'enabled' | 'disabled') {
  await expectOk(
    t.call(merchantSetShopPluginStatus, { shop_id: shop.shopId, plugin_id: catalogue[code].id, status }, shop.token),
  );
}

const CHANNELS = {
  wecom_url: 'https://work.weixin.qq.com/kfid/kfc123abc',
  whatsapp: '+44 7911 123456',
  email: 'Help@Example.com',
  phone: '021 6000 0000',
};
const ZONES: TShippingZone[] = [
  { name: 'Asia', countries: ['JP', 'KR'], first_weight: 500, first_price: 4500, step_weight: 500, step_price: 1500 },
  {
    name: 'North America',
    countries: ['US', 'CA'],
    first_weight: 500,
    first_price: 12000,
    step_weight: 500,
    step_price: 4000,
  },
];

describe('[PLUGINS] customer service (live_chat)', () => {
  it('puts a contact button with the merchant’s channels on every page while on, and nothing once off', async () => {
    const shop = await store();
    await install(shop, 'live_chat');
    // Installed, no channel set yet: no button.
    expect((await get(shop.host, '/')).body).not.toContain('<details class="store-contact"');
    const saved = await expectOk(t.call(merchantLiveChatEdit, { shop_id: shop.shopId, ...CHANNELS }, shop.token));
    expect(saved).toMatchObject({
      shop_id: shop.shopId,
      wecom_url: CHANNELS.wecom_url,
      whatsapp: '+447911123456',
      email: 'help@example.com',
      phone: '+862160000000',
    });
    expect(await expectOk(t.call(merchantLiveChatDetail, { shop_id: shop.shopId }, shop.token))).toEqual(saved);
    for (const path of ['/', '/search', '/no-such-page-but-the-home']) {
      if (path.startsWith('/no-such')) continue;
      const page = await get(shop.host, path, 'en-US');
      expect(page.body, path).toContain('<details class="store-contact" data-parlour-feature="live_chat">');
      expect(page.body, path).toContain('href="https://wa.me/447911123456"');
      expect(page.body, path).toContain('href="mailto:help@example.com"');
      expect(page.body, path).toContain('href="tel:+862160000000"');
      expect(page.body, path).toContain(`href="${CHANNELS.wecom_url}"`);
      expect(page.body, path).toContain('Contact us');
    }
    expect((await get(shop.host, '/')).body).toContain('联系客服');

    await setStatus(shop, 'live_chat', 'disabled');
    const off = (await get(shop.host, '/')).body;
    expect(off).not.toContain('<details class="store-contact"');
    expect(off).not.toContain('wa.me');
    await setStatus(shop, 'live_chat', 'enabled');
    expect((await get(shop.host, '/')).body).toContain('<details class="store-contact"');
  });
});

describe('[PLUGINS] buyer’s guide (buyer_guide)', () => {
  it('serves /guide in the buyer’s language (Chinese when not translated) with a header link; 404 and no link when off or not installed', async () => {
    const shop = await store();
    expect((await get(shop.host, '/guide')).statusCode).toBe(404);
    await install(shop, 'buyer_guide');
    let page = await get(shop.host, '/guide', 'en-US');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('The store has not written its guide yet.');
    await expectOk(
      t.call(
        merchantBuyerGuideEdit,
        {
          shop_id: shop.shopId,
          content: { 'zh-CN': '<h2>如何下单</h2><p>先搜索</p>', 'en-US': '<h2>How to order</h2>' },
        },
        shop.token,
      ),
    );
    page = await get(shop.host, '/guide', 'en-US');
    expect(page.body).toContain('<div class="store-guide__content"><h2>How to order</h2></div>');
    expect((await get(shop.host, '/', 'en-US')).body).toContain('<a href="/guide">Buyer’s guide</a>');
    expect((await get(shop.host, '/guide', 'zh-CN')).body).toContain('<h2>如何下单</h2><p>先搜索</p>');
    await expectOk(
      t.call(merchantBuyerGuideEdit, { shop_id: shop.shopId, content: { 'zh-CN': '<p>只有中文</p>' } }, shop.token),
    );
    expect((await get(shop.host, '/guide', 'en-US')).body).toContain('<p>只有中文</p>');

    await setStatus(shop, 'buyer_guide', 'disabled');
    const off = await get(shop.host, '/guide', 'en-US');
    expect(off.statusCode).toBe(404);
    expect(off.body).not.toContain('只有中文');
    expect((await get(shop.host, '/')).body).not.toContain('href="/guide"');
  });

  it('strips script, event handler attributes, javascript: and protocol-relative links from what the merchant saves', async () => {
    const shop = await store();
    await install(shop, 'buyer_guide');
    const dirty =
      '<p onclick="steal()">Hi<img src=x onerror="steal()"></p><script>alert(1)</script>' +
      '<a href="javascript:alert(1)">bad</a><a href="//evil.example/x">rel</a><a href="/shipping">ok</a>' +
      '<a href="https://example.com/faq" onmouseover="x()">faq</a><iframe src="https://evil.example"></iframe>' +
      '<style>body{display:none}</style><svg><script>alert(2)</script></svg><a href="JaVaScRiPt:alert(3)">x</a>';
    const saved = await expectOk(
      t.call(merchantBuyerGuideEdit, { shop_id: shop.shopId, content: { 'zh-CN': dirty, 'en-US': dirty } }, shop.token),
    );
    const shown = /<div class="store-guide__content">(.*?)<\/div>/.exec((await get(shop.host, '/guide')).body)?.[1];
    for (const html of [saved.content['zh-CN'], shown]) {
      expect(html).not.toMatch(
        /<script|onclick|onerror|onmouseover|javascript:|<iframe|evil\.example|<svg|display:none/i,
      );
    }
    // A refused link keeps its text, without the address.
    expect(saved.content['zh-CN']).toBe(
      '<p>Hi</p><a>bad</a><a>rel</a><a href="/shipping">ok</a>' +
        '<a href="https://example.com/faq" target="_blank" rel="noopener noreferrer nofollow">faq</a><a>x</a>',
    );
    // The storefront's policy runs no script at all, whatever a page holds.
    expect((await get(shop.host, '/guide')).headers['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('[PLUGINS] shipping estimator (shipping_estimator)', () => {
  it('estimates first weight plus continued steps (a part step counts whole) on the chargeable weight, explained', async () => {
    const shop = await store();
    await install(shop, 'shipping_estimator', 'trial');
    const empty = await get(shop.host, '/shipping', 'en-US');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('The store has not set its shipping rates yet');
    await expectOk(t.call(merchantStoreShippingEdit, { shop_id: shop.shopId, zones: ZONES }, shop.token));

    const estimate = async (query: string, lang = 'en-US') => {
      const answer = await get(shop.host, `/shipping?${query}`, lang);
      expect(answer.statusCode).toBe(200);
      return answer.body;
    };
    const priceOf = (html: string) => /data-shipping-price="true"><span class="store-price">([^<]+)</.exec(html)?.[1];
    // 1200 g to the US: first 500 g ¥120 + ceil(700 / 500) = 2 steps × ¥40.
    let page = await estimate('country=US&weight=1200');
    expect(priceOf(page)).toBe('CN¥200.00');
    expect(page).toContain('Charged on the actual weight, 1.2 kg');
    // Exactly one step beyond the first weight: one step.
    expect(priceOf(await estimate('country=US&weight=1000'))).toBe('CN¥160.00');
    expect(priceOf(await estimate('country=US&weight=1001'))).toBe('CN¥200.00');
    // Within the first weight: the first price only.
    expect(priceOf(await estimate('country=JP&weight=1'))).toBe('CN¥45.00');
    // Light but bulky: 30 × 20 × 10 cm / 5000 = 1.2 kg beats 300 g.
    page = await estimate('country=JP&weight=300&length=30&width=20&height=10');
    expect(priceOf(page)).toBe('CN¥75.00');
    expect(page).toContain('Volumetric weight 30 × 20 × 10 cm ÷ 5000 = 1.2 kg');
    expect(page).toContain('Charged on the volumetric weight, 1.2 kg (the heavier of the two)');
    // Heavy and small: the actual weight wins.
    expect(await estimate('country=JP&weight=2000&length=10&width=10&height=10')).toContain(
      'Charged on the actual weight, 2 kg',
    );
    page = await estimate('country=US&weight=300&length=30&width=20&height=10', 'zh-CN');
    expect(page).toContain('按体积重量');
    // A destination no zone covers, a bad weight, half the sizes.
    expect(await estimate('country=BR&weight=500')).toContain('This store does not ship to Brazil yet');
    expect(await estimate('country=BR&weight=500', 'zh-CN')).toContain('本店暂不支持寄往巴西');
    expect(await estimate('country=US&weight=abc')).toContain('Enter a whole number of grams');
    expect(await estimate('country=US&weight=500&length=10')).toContain('give all three, or none');
    // The rate table is shown beside the form.
    expect(page).toContain('North America');
  });

  it('shows prices in the buyer’s currency with the CNY beside, without the items’ markup', async () => {
    const shop = await store();
    await install(shop, 'shipping_estimator', 'trial');
    await expectOk(t.call(merchantStoreShippingEdit, { shop_id: shop.shopId, zones: ZONES }, shop.token));
    await expectOk(
      t.call(
        merchantStorePricingEdit,
        {
          shop_id: shop.shopId,
          currencies: ['USD'],
          rate_source: 'own',
          own_rates: { USD: '0.14' },
          markup_percent: 50,
          min_markup: 0,
          rounding: 'cent',
          adds_china_freight: false,
        },
        shop.token,
      ),
    );
    const page = (await get(shop.host, '/shipping?country=US&weight=1200', 'en-US')).body;
    // ¥200 × 0.14 = $28.00 (no 50 % markup on shipping).
    expect(page).toContain('<span class="store-price">$28.00</span><span class="store-price__cny">≈ CN¥200.00</span>');
  });

  it('links item pages to the estimator while on; once the trial ends, or the plugin is off, no link and /shipping is not found', async () => {
    const shop = await store();
    const ids = await shopRefOf(t, shop.shopId);
    await grantPackage(t, { merchantId: ids.merchantId, shopRef: ids.shopRef, units: 100 });
    await install(shop, 'shipping_estimator', 'trial');
    const item = await get(shop.host, '/item/taobao/520813250866', 'en-US');
    expect(item.statusCode).toBe(200);
    expect(item.body).toContain('href="/shipping?back=%2Fitem%2Ftaobao%2F520813250866"');
    const back = await get(shop.host, '/shipping?back=%2Fitem%2Ftaobao%2F520813250866', 'en-US');
    expect(back.body).toContain('<a href="/item/taobao/520813250866">← Back to the item</a>');
    // A "back" that is not an item page of the store is dropped.
    expect((await get(shop.host, '/shipping?back=https%3A%2F%2Fevil.example', 'en-US')).body).not.toContain(
      'Back to the item',
    );

    await setStatus(shop, 'shipping_estimator', 'disabled');
    expect((await get(shop.host, '/shipping')).statusCode).toBe(404);
    await setStatus(shop, 'shipping_estimator', 'enabled');
    expect((await get(shop.host, '/shipping')).statusCode).toBe(200);

    t.clock.advance(15 * 86_400);
    expect((await get(shop.host, '/shipping')).statusCode).toBe(404);
    const after = await get(shop.host, '/item/taobao/520813250866', 'en-US');
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain('/shipping');
  });
});

describe('[PLUGINS] currency converter (currency_display)', () => {
  it('converts CNY to the store’s currencies and back at its rates on /convert, with a form on the home page; nothing once off', async () => {
    const shop = await store();
    await install(shop, 'currency_display');
    // The store shows CNY only: nothing to convert to.
    expect((await get(shop.host, '/')).body).not.toContain('class="store-converter__form"');
    expect((await get(shop.host, '/convert')).statusCode).toBe(404);
    await expectOk(
      t.call(
        merchantStorePricingEdit,
        {
          shop_id: shop.shopId,
          currencies: ['USD', 'JPY'],
          rate_source: 'own',
          own_rates: { USD: '0.14', JPY: '21' },
          markup_percent: 10,
          min_markup: 0,
          rounding: 'cent',
          adds_china_freight: false,
        },
        shop.token,
      ),
    );
    const home = (await get(shop.host, '/', 'en-US')).body;
    expect(home).toContain('<form class="store-converter__form" action="/convert" method="get">');
    let page = (await get(shop.host, '/convert?amount=100&from=CNY', 'en-US')).body;
    expect(page).toContain('CN¥100.00 is about:');
    expect(page).toContain('<li data-currency="USD"><strong>$14.00</strong></li>');
    expect(page).toContain('<li data-currency="JPY"><strong>¥2,100</strong></li>');
    page = (await get(shop.host, '/convert?amount=14&from=USD', 'en-US')).body;
    expect(page).toContain('<li data-currency="CNY"><strong>CN¥100.00</strong></li>');
    expect((await get(shop.host, '/convert?amount=-3&from=USD', 'en-US')).body).toContain('Enter an amount above 0.');
    expect((await get(shop.host, '/convert?amount=1.5&from=JPY', 'en-US')).body).toContain('Enter an amount above 0.');

    await setStatus(shop, 'currency_display', 'disabled');
    expect((await get(shop.host, '/convert?amount=100&from=CNY')).statusCode).toBe(404);
    expect((await get(shop.host, '/')).body).not.toContain('class="store-converter__form"');
  });
});

describe('[PLUGINS] tenancy', () => {
  it('never shows one store’s settings on another’s host, and another merchant cannot read or change them', async () => {
    const mine = await store();
    const theirs = await store();
    for (const shop of [mine, theirs]) {
      await install(shop, 'live_chat');
      await install(shop, 'buyer_guide');
      await install(shop, 'shipping_estimator', 'trial');
    }
    await expectOk(t.call(merchantLiveChatEdit, { shop_id: mine.shopId, ...CHANNELS }, mine.token));
    await expectOk(
      t.call(merchantBuyerGuideEdit, { shop_id: mine.shopId, content: { 'zh-CN': '<p>秘密指南</p>' } }, mine.token),
    );
    await expectOk(t.call(merchantStoreShippingEdit, { shop_id: mine.shopId, zones: ZONES }, mine.token));
    expect((await get(theirs.host, '/')).body).not.toContain('<details class="store-contact"');
    expect((await get(theirs.host, '/guide')).body).not.toContain('秘密指南');
    expect((await get(theirs.host, '/shipping?country=US&weight=500', 'en-US')).body).toContain(
      'The store has not set its shipping rates yet',
    );

    const calls = [
      () => t.call(merchantLiveChatDetail, { shop_id: mine.shopId }, theirs.token),
      () => t.call(merchantLiveChatEdit, { shop_id: mine.shopId, email: 'x@example.com' }, theirs.token),
      () => t.call(merchantBuyerGuideDetail, { shop_id: mine.shopId }, theirs.token),
      () => t.call(merchantBuyerGuideEdit, { shop_id: mine.shopId, content: { 'zh-CN': '<p>x</p>' } }, theirs.token),
      () => t.call(merchantStoreShippingDetail, { shop_id: mine.shopId }, theirs.token),
      () => t.call(merchantStoreShippingEdit, { shop_id: mine.shopId, zones: [] }, theirs.token),
    ];
    for (const call of calls) expect((await call()).code).toBe(ErrorCode.NOT_FOUND);
    expect((await expectOk(t.call(merchantLiveChatDetail, { shop_id: mine.shopId }, mine.token))).email).toBe(
      'help@example.com',
    );
    expect((await expectOk(t.call(merchantStoreShippingDetail, { shop_id: mine.shopId }, mine.token))).zones).toEqual(
      ZONES,
    );
  });
});

describe('[PLUGINS] validation', () => {
  it('refuses bad channels, guides and zones naming the field, in both languages, and changes nothing', async () => {
    const shop = await store();
    const zone = ZONES[0];
    const cases: Array<
      [
        typeof merchantLiveChatEdit | typeof merchantStoreShippingEdit | typeof merchantBuyerGuideEdit,
        Record<string, unknown>,
        string,
        string,
      ]
    > = [
      [merchantLiveChatEdit, { whatsapp: '12' }, 'WhatsApp 号码须为有效的国际号码', 'WhatsApp number must be a valid'],
      [merchantLiveChatEdit, { email: 'not-mail' }, '客服邮箱格式不正确', 'Service email is not a valid address'],
      [
        merchantLiveChatEdit,
        { phone: 'call me' },
        '客服电话须为有效的电话号码',
        'Service phone must be a valid number',
      ],
      [merchantLiveChatEdit, { wecom_url: 'javascript:alert(1)' }, '企业微信客服链接', 'WeCom link must be'],
      [merchantBuyerGuideEdit, { content: { 'zh-CN': '' } }, '请填写购物指南', "Buyer's guide is required"],
      [
        merchantBuyerGuideEdit,
        { content: { 'zh-CN': 'x'.repeat(50_001) } },
        '购物指南最多 50000 个字符',
        'at most 50,000',
      ],
      [merchantStoreShippingEdit, { zones: [{ ...zone, name: '' }] }, '请填写区域名称', 'Zone name is required'],
      [
        merchantStoreShippingEdit,
        { zones: [{ ...zone, countries: [] }] },
        '请为区域选择至少一个国家或地区',
        'Countries / regions: choose at least one',
      ],
      [
        merchantStoreShippingEdit,
        { zones: [{ ...zone, countries: ['XX'] }] },
        '国家或地区须从列表中选择',
        'must be chosen from the list',
      ],
      [
        merchantStoreShippingEdit,
        { zones: [zone, { ...zone, name: 'Again' }] },
        '已在另一个区域中',
        'already in another zone',
      ],
      [
        merchantStoreShippingEdit,
        { zones: [{ ...zone, first_weight: 0 }] },
        '首重须为 1 到 1000000 克',
        'First weight must be',
      ],
      [
        merchantStoreShippingEdit,
        { zones: [{ ...zone, first_price: -1 }] },
        '首重价格须为',
        'First weight price must be',
      ],
      [merchantStoreShippingEdit, { zones: [{ ...zone, step_weight: 1.5 }] }, '续重须为', 'Continued weight must be'],
      [
        merchantStoreShippingEdit,
        { zones: [{ ...zone, step_price: 'ten' }] },
        '续重价格须为',
        'Continued weight price must be',
      ],
    ];
    for (const [call, change, chinese, english] of cases) {
      const zh = await t.callRaw(call, { shop_id: shop.shopId, ...change }, shop.token);
      expect(zh.code, JSON.stringify(change).slice(0, 80)).toBe(ErrorCode.VALIDATION_FAILED);
      expect(JSON.stringify(zh), JSON.stringify(change).slice(0, 80)).toContain(chinese);
      const en = await t.callRaw(call, { shop_id: shop.shopId, ...change, lang_code: 'en-US' }, shop.token);
      expect(JSON.stringify(en), JSON.stringify(change).slice(0, 80)).toContain(english);
    }
    expect(
      (await expectOk(t.call(merchantLiveChatDetail, { shop_id: shop.shopId }, shop.token))).updated_at,
    ).toBeNull();
    expect(
      (await expectOk(t.call(merchantBuyerGuideDetail, { shop_id: shop.shopId }, shop.token))).updated_at,
    ).toBeNull();
    expect(
      (await expectOk(t.call(merchantStoreShippingDetail, { shop_id: shop.shopId }, shop.token))).updated_at,
    ).toBeNull();
  });
});
