import {
  adminExchangeRatesDetail,
  adminExchangeRatesEdit,
  merchantStorePricingDetail,
  merchantStorePricingEdit,
} from '@parlour/contract/calls/store-pricing';
import { ErrorCode } from '@parlour/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxItem } from '../src/providers/product-data/sandbox-product-data-provider';
import { buildTestApp, type TestApp } from './helper';
import { grantPackage, shopRefOf } from './open-api-helper';
import { expectOk, merchantWithStore, signInAdmin } from './shop-helper';

/**
 * Prices in the buyer's currency (issue 24 §2): the merchant's pricing per store (currencies, own or
 * platform rates, markup with a minimum, rounding), the operator's published rates (audited), and the
 * storefront's prices following both at once, with the buyer's currency switch.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  admin = await signInAdmin(t);
});
afterAll(() => t?.close());

const PRICING = {
  currencies: ['USD', 'JPY'] as Array<'USD' | 'JPY'>,
  rate_source: 'own',
  own_rates: { USD: '0.1381', JPY: '20.95' },
  markup_percent: 10,
  min_markup: 500,
  rounding: 'cent',
  adds_china_freight: true,
} as const;

async function storeWithUnits() {
  const store = await merchantWithStore(t);
  const ids = await shopRefOf(t, store.shopId);
  await grantPackage(t, { merchantId: ids.merchantId, shopRef: ids.shopRef, units: 100 });
  return { ...store, ...ids, host: `${store.shopId}.localhost:3000` };
}

const page = (host: string, url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: { host, 'accept-language': 'en-US', ...(cookie ? { cookie } : {}) } });

/** The item page's price and its CNY line. */
async function shownPrice(host: string, url: string, cookie?: string) {
  const body = (await page(host, url, cookie)).body;
  return {
    price: /data-price="true">([^<]*)</.exec(body)?.[1],
    cny:
      /data-price-cny="true">≈ <!-- -->([^<]*)</.exec(body)?.[1] ?? /data-price-cny="true">≈ ([^<]*)</.exec(body)?.[1],
  };
}

describe('[PRICING] the merchant’s pricing of a store', () => {
  it('starts at CNY only without markup, saves the merchant’s choice, and keeps another merchant out', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const initial = await expectOk(t.call(merchantStorePricingDetail, { shop_id: shopId }, token));
    expect(initial).toMatchObject({ currencies: [], rate_source: 'platform', markup_percent: 0, updated_at: null });
    const saved = await expectOk(
      t.call(
        merchantStorePricingEdit,
        { shop_id: shopId, ...PRICING, own_rates: { ...PRICING.own_rates, EUR: '0.13' } },
        token,
      ),
    );
    // Only the rates of the currencies shown are kept.
    expect(saved).toMatchObject({ ...PRICING, shop_id: shopId });
    expect(saved.own_rates).toEqual(PRICING.own_rates);
    expect(saved.updated_at).not.toBeNull();
    const other = await merchantWithStore(t);
    const refused = await t.call(merchantStorePricingDetail, { shop_id: shopId }, other.token);
    expect(refused.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses bad input naming the field, in the caller’s language, and changes nothing', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ own_rates: { USD: '0', JPY: '20.95' } }, '汇率须为大于 0 的数字', 'An exchange rate must be a number above 0'],
      [{ own_rates: { USD: '0.1381' } }, '每个展示币种都须填写汇率', 'every currency shown needs a rate'],
      [{ markup_percent: 101 }, '加价比例须为 0 到 100 之间的整数', 'Markup must be a whole percent from 0 to 100'],
      [{ currencies: ['USD', 'USD'] }, '请选择支持的展示币种', 'Choose supported display currencies'],
      [{ currencies: ['XXX'] }, '请选择支持的展示币种', 'Choose supported display currencies'],
      [{ rounding: 'nearest' }, '请选择价格取整方式', 'Choose how prices are rounded'],
      [{ min_markup: -1 }, '最低加价须为', 'Minimum markup must be'],
    ];
    for (const [change, chinese, english] of cases) {
      const zh = await t.call(merchantStorePricingEdit, { shop_id: shopId, ...PRICING, ...change } as never, token);
      expect(zh.code, JSON.stringify(change)).toBe(10001);
      expect(JSON.stringify(zh.data)).toContain(chinese);
      const en = await t.call(
        merchantStorePricingEdit,
        { shop_id: shopId, ...PRICING, ...change, lang_code: 'en-US' } as never,
        token,
      );
      expect(JSON.stringify(en.data)).toContain(english);
    }
    expect((await expectOk(t.call(merchantStorePricingDetail, { shop_id: shopId }, token))).updated_at).toBeNull();
  });
});

describe('[PRICING] the platform’s exchange rates', () => {
  it('are published by the operator (audited) and refused to merchants', async () => {
    const published = await expectOk(t.call(adminExchangeRatesEdit, { rates: { USD: '0.1400', GBP: '0.11' } }, admin));
    expect(published.rates).toEqual({ USD: '0.1400', GBP: '0.11' });
    expect((await expectOk(t.call(adminExchangeRatesDetail, {}, admin))).rates).toEqual(published.rates);
    const { rows } = await t.database.executeSql(
      "select count(*)::int as n from audit_log where action = 'settings.exchange_rates'",
      [],
    );
    expect(Number((rows[0] as { n: number }).n)).toBeGreaterThan(0);
    const bad = await t.call(adminExchangeRatesEdit, { rates: { USD: 'abc' } } as never, admin);
    expect(bad.code).toBe(10001);
    const merchant = await merchantWithStore(t);
    expect((await t.call(adminExchangeRatesEdit, { rates: { USD: '9' } }, merchant.token)).code).not.toBe(200);
  });
});

describe('[PRICING] the store’s pages', () => {
  it('show the item in the buyer’s currency with the markup and the CNY beside it, and follow a change at once', async () => {
    const store = await storeWithUnits();
    // The page is in English: the item's SKU values are the English ones.
    const item = sandboxItem('jd', '100012043978', 'en');
    const sku = item.skus[0];
    const query = sku.props.map((prop, index) => `s${index}=${encodeURIComponent(prop.value)}`).join('&');
    const url = `/item/jd/100012043978?${query}`;
    // CNY only until the merchant sets a pricing.
    expect((await shownPrice(store.host, url)).price).toBe(`CN¥${(sku.price / 100).toFixed(2)}`);

    await expectOk(t.call(merchantStorePricingEdit, { shop_id: store.shopId, ...PRICING }, store.token));
    const marked = sku.price + Math.max(Math.ceil(sku.price / 10), 500);
    const usd = Math.ceil((marked * 1381) / 10000);
    const shown = await shownPrice(store.host, url);
    expect(shown.price).toBe(`$${(usd / 100).toFixed(2)}`);
    expect(shown.cny).toBe(`CN¥${(marked / 100).toFixed(2)}`);

    // The buyer switches to JPY: the switch's GET form sets a cookie; yen have no decimals.
    const switched = await page(store.host, `${url}&currency=JPY`);
    expect(switched.statusCode).toBe(302);
    expect(String(switched.headers['set-cookie'])).toMatch(
      /^parlour_currency=JPY; Path=\/; Max-Age=31536000; SameSite=Lax$/,
    );
    const yen = await shownPrice(store.host, url, 'parlour_currency=JPY');
    expect(yen.price).toBe(`¥${Math.ceil((marked * 2095) / 10000).toLocaleString('en-US')}`);
    // A currency the store does not show falls back to its first.
    expect((await shownPrice(store.host, url, 'parlour_currency=GBP')).price).toBe(shown.price);

    // The store follows the platform's rates: USD at the operator's rate, JPY dropped while none is published.
    await expectOk(t.call(adminExchangeRatesEdit, { rates: { USD: '0.2' } }, admin));
    await expectOk(
      t.call(
        merchantStorePricingEdit,
        { shop_id: store.shopId, ...PRICING, rate_source: 'platform', own_rates: {} },
        store.token,
      ),
    );
    const platform = await page(store.host, url, 'parlour_currency=JPY');
    expect(/data-price="true">([^<]*)</.exec(platform.body)?.[1]).toBe(
      `$${(Math.ceil((marked * 2) / 10) / 100).toFixed(2)}`,
    );
    expect(platform.body).toContain('<option value="CNY">');
    expect(platform.body).toContain('<option value="USD" selected="">');
    expect(platform.body).not.toContain('<option value="JPY"');

    // Search results are priced by the same rule.
    const results = await page(store.host, '/search?q=bag&platform=jd');
    expect(results.body).toMatch(/store-card__price">\$\d+\.\d{2}</);
  });
});
