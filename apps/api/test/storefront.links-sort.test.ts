import { merchantStorePricingEdit } from '@parlour/contract/calls/store-pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sandboxItem,
  sandboxItemLink,
  sandboxSearch,
} from '../src/providers/product-data/sandbox-product-data-provider';
import { buildTestApp, type TestApp } from './helper';
import { grantPackage, logsOf, shopRefOf, unitsUsed } from './open-api-helper';
import { expectOk, merchantWithStore } from './shop-helper';

/**
 * The storefront's remaining points of issue 24 §1: search sorted by price or sales (passed to the
 * provider), short links and 淘口令 resolved through the catalogue's item_password (one metered call) or
 * refused plainly without it, an item that does not exist answering 404 with its units given back, and
 * China freight on the item page, added to the price when the store adds it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
});
afterAll(() => t?.close());

let nextAddress = 1;
const get = (host: string, url: string, lang = 'en-US') =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: `198.51.100.${nextAddress++}`,
    headers: { host, 'accept-language': lang },
  });

async function storeWithUnits(units = 100) {
  const store = await merchantWithStore(t);
  const ids = await shopRefOf(t, store.shopId);
  const packageId = await grantPackage(t, { merchantId: ids.merchantId, shopRef: ids.shopRef, units });
  return { ...store, ...ids, packageId, host: `${store.shopId}.localhost:3000` };
}

/** The item ids of a results page, in order. */
const resultIds = (html: string) => [...html.matchAll(/href="\/item\/taobao\/(\d+)"/g)].map((match) => match[1]);

describe('[STOREFRONT] sorting search results', () => {
  it('orders by price up, price down and sales across pages, passes the order on, and keeps it while paging', async () => {
    const store = await storeWithUnits();
    const everything = (sort: 'price_asc' | 'price_desc' | 'sales' | 'default') => {
      const first = sandboxSearch('taobao', '保温杯', 1, 20, 'en', sort);
      return first;
    };
    for (const sort of ['price_asc', 'price_desc', 'sales'] as const) {
      const page = everything(sort);
      const key = (item: (typeof page.items)[number]) => (sort === 'sales' ? item.sales : item.price);
      const keys = page.items.map(key);
      const sorted = [...keys].sort((a, b) => (sort === 'price_asc' ? a - b : b - a));
      expect(keys, sort).toEqual(sorted);
      // The first page holds the extremes of all results, not only of the default first page.
      const all = sandboxSearch('taobao', '保温杯', 1, 40, 'en', 'default');
      if (sort === 'price_asc') expect(keys[0]).toBeLessThanOrEqual(Math.min(...all.items.map(key)));
      if (sort === 'price_desc') expect(keys[0]).toBeGreaterThanOrEqual(Math.max(...all.items.map(key)));
      // Page 2 goes on where page 1 stopped.
      const second = sandboxSearch('taobao', '保温杯', 2, 20, 'en', sort);
      const next = key(second.items[0]);
      if (sort === 'price_asc') expect(next).toBeGreaterThanOrEqual(keys.at(-1)!);
      else expect(next).toBeLessThanOrEqual(keys.at(-1)!);
    }

    const answer = await get(store.host, `/search?q=${encodeURIComponent('保温杯')}&platform=taobao&sort=price_asc`);
    expect(answer.statusCode).toBe(200);
    expect(resultIds(answer.body)).toEqual(everything('price_asc').items.map((item) => item.item_id));
    // The order tabs keep the keyword and platform and start at page 1; paging keeps the order.
    expect(answer.body).toContain(
      'href="/search?q=%E4%BF%9D%E6%B8%A9%E6%9D%AF&amp;platform=taobao&amp;sort=price_desc"',
    );
    expect(answer.body).toMatch(/aria-current="page"[^>]*data-sort="price_asc"/);
    expect(answer.body).toContain('sort=price_asc&amp;page=2');
    expect(answer.body).toContain('Price: low to high');
    const [log] = (await logsOf(t, store.shopRef)).slice(-1);
    expect(log.request_params).toMatchObject({ q: '保温杯', sort: 'price_asc' });
    // The default order sends no sort; an unknown one is the default.
    await get(store.host, `/search?q=${encodeURIComponent('保温杯')}&platform=taobao&sort=cheapest`);
    expect((await logsOf(t, store.shopRef)).at(-1)!.request_params).not.toHaveProperty('sort');
    // In Chinese.
    expect((await get(store.host, `/search?q=tea&sort=sales`, 'zh-CN')).body).toContain('价格从低到高');
  });
});

describe('[STOREFRONT] short links and 淘口令', () => {
  it('resolves through item_password (one metered call) and goes to the item', async () => {
    const store = await storeWithUnits();
    const text = '【淘宝】https://m.tb.cn/h.VudJ7MB?tk=abc 「加厚连帽卫衣」点击链接直接打开';
    const answer = await get(store.host, `/search?q=${encodeURIComponent(text)}`);
    const expected = sandboxItemLink('taobao', 'https://m.tb.cn/h.VudJ7MB?tk=abc');
    expect([answer.statusCode, answer.headers.location]).toEqual([302, `/item/taobao/${expected.item_id}`]);
    const logs = await logsOf(t, store.shopRef);
    expect(logs.map((log) => [log.api_code, log.status, log.charged_units])).toEqual([['item_password', 'success', 1]]);
    expect((await unitsUsed(t, store.packageId)).used).toBe(1);
    // A bare 淘口令 too.
    const code = await get(store.host, `/search?q=${encodeURIComponent('9￥AbCd1234XyZ￥/')}`);
    expect(code.statusCode).toBe(302);
    expect(code.headers.location).toMatch(/^\/item\/taobao\/\d+$/);
  });

  it('says plainly that the form is not supported when the catalogue has no resolver, and calls nothing', async () => {
    const store = await storeWithUnits();
    // JD has no item_password in the catalogue.
    const jd = await get(store.host, `/search?q=${encodeURIComponent('https://3.cn/1x-AbCdEf')}`);
    expect(jd.statusCode).toBe(200);
    expect(jd.body).toContain('data-store-notice="link_short"');
    expect(jd.body).toContain('This link form is not supported');
    // Taobao's switched off by the operator: the same, and no rejected call in the store's log.
    await t.database.executeSql(
      "update open_apis set is_enabled = false where platform = 'taobao' and code = 'item_password'",
      [],
    );
    try {
      const taobao = await get(store.host, `/search?q=${encodeURIComponent('https://m.tb.cn/h.VudJ7MB')}`, 'zh-CN');
      expect(taobao.statusCode).toBe(200);
      expect(taobao.body).toContain('暂不支持这种链接');
    } finally {
      await t.database.executeSql(
        "update open_apis set is_enabled = true where platform = 'taobao' and code = 'item_password'",
        [],
      );
    }
    expect(await logsOf(t, store.shopRef)).toEqual([]);
  });
});

describe('[STOREFRONT] an item that does not exist', () => {
  it('answers 404 with a search box in the buyer’s language, and gives the units back', async () => {
    const store = await storeWithUnits();
    const answer = await get(store.host, '/item/taobao/0520813250866');
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('data-store-notice="item_not_found"');
    expect(answer.body).toContain('Item not found');
    expect(answer.body).toContain('id="message-search"');
    const zh = await get(store.host, '/item/jd/000123456', 'zh-CN');
    expect(zh.statusCode).toBe(404);
    expect(zh.body).toContain('商品不存在');
    const logs = await logsOf(t, store.shopRef);
    expect(logs.map((log) => [log.status, log.charged_units])).toEqual([
      ['failed_upstream', 0],
      ['failed_upstream', 0],
    ]);
    expect(logs[0].error).toMatch(/^OPEN_ITEM_NOT_FOUND: not_found: /);
    expect((await unitsUsed(t, store.packageId)).used).toBe(0);
  });
});

describe('[STOREFRONT] China freight', () => {
  /** A sandbox item whose freight is `wanted` (null unknown, 0 free, above 0 a price). */
  function itemWithFreight(wanted: 'none' | 'free' | 'paid') {
    for (let id = 620_000_000_000; ; id += 1) {
      const item = sandboxItem('taobao', String(id), 'en');
      const kind = item.china_freight === null ? 'none' : item.china_freight === 0 ? 'free' : 'paid';
      if (kind === wanted) return item;
    }
  }

  it('is shown when the item has it, and added to the price (said so) when the store adds it', async () => {
    const store = await storeWithUnits();
    const paid = itemWithFreight('paid');
    const freight = paid.china_freight!;
    const sku = paid.skus[0];
    const query = sku.props.map((prop, index) => `s${index}=${encodeURIComponent(prop.value)}`).join('&');
    const url = `/item/taobao/${paid.item_id}?${query}`;
    const priceOf = (html: string) => /data-price="true">([^<]*)</.exec(html)?.[1];
    const yuan = (fen: number) => `CN¥${(fen / 100).toFixed(2)}`;

    // The default pricing adds freight: the SKU price plus the freight, said under the price.
    const added = await get(store.host, url);
    expect(priceOf(added.body)).toBe(yuan(sku.price + freight));
    expect(added.body).toContain(`Incl. China shipping ${yuan(freight)}`);

    // Switched off: the price alone, the freight said apart.
    await expectOk(
      t.call(
        merchantStorePricingEdit,
        {
          shop_id: store.shopId,
          currencies: [],
          rate_source: 'platform',
          own_rates: {},
          markup_percent: 0,
          min_markup: 0,
          rounding: 'cent',
          adds_china_freight: false,
        },
        store.token,
      ),
    );
    // In Chinese the SKU values are the Chinese ones.
    const zhQuery = sandboxItem('taobao', paid.item_id, 'zh-CN')
      .skus[0].props.map((prop, index) => `s${index}=${encodeURIComponent(prop.value)}`)
      .join('&');
    const apart = await get(store.host, `/item/taobao/${paid.item_id}?${zhQuery}`, 'zh-CN');
    expect(priceOf(apart.body)).toBe(`¥${(sku.price / 100).toFixed(2)}`);
    expect(apart.body).toContain(`国内运费 ¥${(freight / 100).toFixed(2)}（另计）`);

    // Free shipping says so; unknown freight says nothing.
    expect((await get(store.host, `/item/taobao/${itemWithFreight('free').item_id}`)).body).toContain(
      'China shipping: free',
    );
    expect((await get(store.host, `/item/taobao/${itemWithFreight('none').item_id}`)).body).not.toContain(
      'data-china-freight',
    );
  });
});
