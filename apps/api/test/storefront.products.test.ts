import { IP_RATE_BUDGETS } from '../src/platform/rate-limit/ip-rate-limit.service';
import { sandboxItem } from '../src/providers/product-data/sandbox-product-data-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { grantPackage, logsOf, shopRefOf, unitsUsed } from './open-api-helper';
import { merchantWithStore } from './shop-helper';

/**
 * The store's own site finds marketplace items (issue 24): a pasted link or share text goes to the item,
 * a keyword to its results, an item page shows its SKUs; every lookup is the store's metered call
 * (charged to its packages, logged as the storefront's), limited per visitor address. Through app.inject
 * with the store's Host.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
});
afterAll(() => t?.close());

/** Each test's visits come from their own address, so the per-visitor limit counts them apart. */
let nextAddress = 1;
const visitor = () => `198.51.100.${nextAddress++}`;

const get = (host: string, url: string, options: { lang?: string; cookie?: string; ip?: string; app?: TestApp } = {}) =>
  (options.app ?? t).app.inject({
    method: 'GET',
    url,
    remoteAddress: options.ip ?? '203.0.113.9',
    headers: {
      host,
      ...(options.lang ? { 'accept-language': options.lang } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });

/** A running store with a package of `units` for it. */
async function storeWithUnits(units = 100, app = t) {
  const store = await merchantWithStore(app);
  const ids = await shopRefOf(app, store.shopId);
  const packageId = await grantPackage(app, { merchantId: ids.merchantId, shopRef: ids.shopRef, units });
  return { ...store, ...ids, packageId, host: `${store.shopId}.localhost:3000` };
}

const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1]);

describe('[STOREFRONT] finding an item by link, share text or keyword', () => {
  it('sends a pasted link or share text straight to the item page, and spends nothing to do so', async () => {
    const store = await storeWithUnits();
    const cases: Array<[string, string]> = [
      ['https://item.taobao.com/item.htm?spm=a21n57.1.0.0&id=520813250866&ns=1', '/item/taobao/520813250866'],
      ['https://detail.tmall.com/item.htm?id=612345678901&skuId=4567', '/item/taobao/612345678901'],
      ['https://detail.1688.com/offer/675093285921.html?spm=a26352', '/item/1688/675093285921'],
      ['【京东】https://item.m.jd.com/product/100012043978.html?utm_source=app 好物分享 😍', '/item/jd/100012043978'],
      ['https://weidian.com/item.html?itemID=4523187731', '/item/micro_store/4523187731'],
    ];
    for (const [pasted, item] of cases) {
      const answer = await get(store.host, `/search?q=${encodeURIComponent(pasted)}`);
      expect([answer.statusCode, answer.headers.location], pasted).toEqual([302, item]);
    }
    expect(await logsOf(t, store.shopRef)).toEqual([]);
  });

  it('explains a short link, an unknown link and an empty search in the buyer’s language, without a lookup', async () => {
    const store = await storeWithUnits();
    const short = await get(
      store.host,
      // JD's short links: the catalogue has no item_password for JD (storefront.links-sort.test.ts resolves the others).
      `/search?q=${encodeURIComponent('【京东】复制这条信息打开 https://3.cn/1x-AbCdEf 或打开京东')}`,
      { lang: 'en-US' },
    );
    expect(short.statusCode).toBe(200);
    expect(short.body).toContain('data-store-notice="link_short"');
    expect(short.body).toContain('This link form is not supported');
    expect(short.body).toContain('Copy link');
    const unknown = await get(store.host, `/search?q=${encodeURIComponent('https://www.amazon.com/dp/B0C1234567')}`);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('data-store-notice="link_unknown"');
    expect(unknown.body).toContain('无法识别这个链接');
    // The link is shown back in the search box, escaped.
    expect(unknown.body).toContain('value="https://www.amazon.com/dp/B0C1234567"');
    const empty = await get(store.host, '/search?q=%20%20');
    expect([empty.statusCode, empty.body.includes('data-store-notice="empty"')]).toEqual([200, true]);
    expect(await logsOf(t, store.shopRef)).toEqual([]);
  });

  it('shows a keyword’s results with prices, sales and sellers, a tab per marketplace and pages; one metered call each', async () => {
    const store = await storeWithUnits();
    const answer = await get(store.host, `/search?q=${encodeURIComponent('T恤')}`, { ip: visitor() });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-security-policy']).toContain("form-action 'self'");
    expect(answer.body).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(answer.body).toContain('“T恤”的搜索结果');
    const itemLinks = hrefs(answer.body).filter((href) => href.startsWith('/item/'));
    expect(itemLinks).toHaveLength(20);
    expect(itemLinks.every((href) => /^\/item\/1688\/\d+$/.test(href))).toBe(true);
    expect(answer.body).toMatch(/¥\d+\.\d{2}/);
    expect(answer.body).toContain('已售');
    // A tab per marketplace switched on, in the spec's order; the next page.
    // (The default order's link is the current platform's tab: counted once.)
    const tabs = [
      ...new Set(
        hrefs(answer.body).filter(
          (href) => href.includes('platform=') && !href.includes('page=') && !href.includes('sort='),
        ),
      ),
    ];
    expect(tabs).toEqual([
      '/search?q=T%E6%81%A4&amp;platform=1688',
      '/search?q=T%E6%81%A4&amp;platform=taobao',
      '/search?q=T%E6%81%A4&amp;platform=micro_store',
      '/search?q=T%E6%81%A4&amp;platform=jd',
    ]);
    expect(answer.body).toContain('href="/search?q=T%E6%81%A4&amp;platform=1688&amp;page=2" rel="next"');

    const jd = await get(store.host, '/search?q=T%E6%81%A4&platform=jd&page=2', { lang: 'en-US', ip: visitor() });
    expect(jd.statusCode).toBe(200);
    expect(jd.body).toContain('Results for “T恤”');
    expect(jd.body).toContain('aria-current="page">JD</a>');
    expect(jd.body).toContain('rel="prev"');
    expect(hrefs(jd.body).filter((href) => href.startsWith('/item/jd/'))).toHaveLength(20);

    const logs = await logsOf(t, store.shopRef);
    expect(logs.map((log) => [log.platform, log.api_code, log.status])).toEqual([
      ['1688', 'item_search', 'success'],
      ['jd', 'item_search', 'success'],
    ]);
    expect(logs[1].request_params).toMatchObject({ q: 'T恤', page: '2', lang: 'en' });
    // Each search costs what the operator set for item_search (the seed: 2 units).
    const spent = logs.reduce((sum, log) => sum + log.charged_units, 0);
    expect(spent).toBe(4);
    expect(await unitsUsed(t, store.packageId)).toEqual({ used: spent, total: 100 });
    const { rows } = await t.database.executeSql('select distinct source from api_call_logs where shop_ref = $1', [
      store.shopRef,
    ]);
    expect(rows).toEqual([{ source: 'storefront' }]);
  });
});

describe('[STOREFRONT] the item page', () => {
  it('starts the quantity at the seller’s minimum order and says it (1688), from 1 elsewhere', async () => {
    const store = await storeWithUnits();
    const wholesale = sandboxItem('1688', '675093285921');
    expect(wholesale.min_quantity).toBeGreaterThan(1);
    const page = await get(store.host, '/item/1688/675093285921', { ip: visitor(), lang: 'en-US' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`min="${wholesale.min_quantity}"`);
    expect(page.body).toContain(`value="${wholesale.min_quantity}"`);
    expect(page.body).toContain(`Minimum order: ${wholesale.min_quantity}`);
    const retail = await get(store.host, '/item/taobao/520813250866', { ip: visitor(), lang: 'en-US' });
    expect(retail.body).toContain('min="1"');
    expect(retail.body).not.toContain('Minimum order');
  });

  it('shows pictures, title, price range, SKU axes as links, seller, data time and the marketplace link', async () => {
    const store = await storeWithUnits();
    const item = sandboxItem('taobao', '520813250866');
    const answer = await get(store.host, '/item/taobao/520813250866', { ip: visitor() });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(`<h1>${item.title}</h1>`);
    expect(answer.body).toContain(`<meta property="og:title" content="${item.title}"/>`);
    expect(answer.body).toContain('<link rel="canonical" href="http://');
    expect(answer.body).toContain(`href="${item.url}" target="_blank"`);
    expect(answer.body).toContain('在淘宝 / 天猫查看原商品');
    expect(answer.body).toMatch(/商品信息更新于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）/);
    // A store's default pricing adds the item's China freight to the price shown.
    const freight = item.china_freight ?? 0;
    const prices = item.skus.map((sku) => sku.price + freight);
    const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
    if (Math.min(...prices) !== Math.max(...prices))
      expect(answer.body).toContain(`${yuan(Math.min(...prices))} – ${yuan(Math.max(...prices))}`);
    const axisNames = [...new Set(item.skus.flatMap((sku) => sku.props.map((prop) => prop.name)))];
    for (const name of axisNames) expect(answer.body).toContain(`<legend>${name}</legend>`);
    expect(answer.body).toContain(`请选择：${axisNames.join('、')}`);

    // Choosing every axis (links, so it works without script) shows that SKU's price and stock.
    const sku = item.skus.find((candidate) => candidate.stock > 0)!;
    const query = sku.props.map((prop, index) => `s${index}=${encodeURIComponent(prop.value)}`).join('&');
    const chosen = await get(store.host, `/item/taobao/520813250866?${query}`, { lang: 'en-US', ip: visitor() });
    expect(chosen.statusCode).toBe(200);
    const english = sandboxItem('taobao', '520813250866', 'en');
    expect(chosen.body).toContain(`<h1>${english.title}</h1>`);
    // The English item's values differ from the Chinese ones the query named (colours): the choice stays open.
    expect(chosen.body).toContain('Choose:');

    const chineseChosen = await get(store.host, `/item/taobao/520813250866?${query}`, { ip: visitor() });
    expect(chineseChosen.body).toContain(`已选: ${sku.props_text}`);
    expect(chineseChosen.body).toMatch(
      new RegExp(`data-price="true">${yuan(sku.price + freight).replace('.', '\\.')}<`),
    );
    for (const prop of sku.props)
      expect(chineseChosen.body).toContain(`aria-current="true" rel="nofollow">${prop.value}</a>`);
    expect((await logsOf(t, store.shopRef)).map((log) => [log.api_code, log.status])).toEqual([
      ['item_get', 'success'],
      ['item_get', 'success'],
      ['item_get', 'success'],
    ]);
  });

  it('answers 404 with a search box for a marketplace it does not know or an item number that cannot be one', async () => {
    const store = await storeWithUnits();
    for (const path of ['/item/amazon/123456', '/item/taobao/12%2034', '/item/taobao/%E0%A4%AA', '/item/jd']) {
      const answer = await get(store.host, path, { lang: 'en-US' });
      expect(answer.statusCode, path).toBe(404);
      expect(answer.body).toMatch(/data-store-notice="(item_not_found|not_found)"/);
      expect(answer.body).toContain('action="/search"');
    }
    expect(await logsOf(t, store.shopRef)).toEqual([]);
  });
});

describe('[STOREFRONT] pictures and search engines', () => {
  it('serves the sandbox’s item pictures from the platform itself, at the store’s host too', async () => {
    const store = await storeWithUnits();
    const item = sandboxItem('jd', '100012043978');
    expect(item.images[0]).toBe('/sandbox-images/jd/100012043978/0.svg');
    const page = await get(store.host, '/item/jd/100012043978', { ip: visitor() });
    expect(page.body).toContain(`src="${item.images[0]}"`);
    for (const host of [store.host, 'localhost:3000']) {
      const picture = await get(host, item.images[0]);
      expect([picture.statusCode, picture.headers['content-type']], host).toEqual([
        200,
        'image/svg+xml; charset=utf-8',
      ]);
      expect(picture.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(picture.body).not.toContain('<script');
    }
    expect((await get(store.host, '/sandbox-images/amazon/1/0.svg')).statusCode).toBe(404);
    expect((await get(store.host, '/sandbox-images/jd/1/x.svg')).statusCode).toBe(404);
  });

  it('answers robots.txt (no searches, no admin) and a sitemap naming the store’s own address', async () => {
    const store = await storeWithUnits();
    const robots = await get(store.host, '/robots.txt');
    expect([robots.statusCode, robots.headers['content-type']]).toEqual([200, 'text/plain; charset=utf-8']);
    expect(robots.body).toBe(
      `User-agent: *\nDisallow: /search\nDisallow: /admin/\nSitemap: http://${store.host}/sitemap.xml\n`,
    );
    const sitemap = await get(store.host, '/sitemap.xml');
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain(`<url><loc>http://${store.host}/</loc></url>`);
  });
});

describe('[STOREFRONT] language, limits and a store that cannot look items up', () => {
  it('switches language by a link that keeps the choice in a cookie', async () => {
    const store = await storeWithUnits();
    const home = await get(store.host, '/');
    expect(home.body).toContain('<html lang="zh-CN">');
    expect(hrefs(home.body)).toContain('/?lang=en-US');
    const switched = await get(store.host, '/search?q=bag&lang=en-US');
    expect(switched.statusCode).toBe(302);
    expect(switched.headers.location).toBe('/search?q=bag');
    expect(String(switched.headers['set-cookie'])).toMatch(
      /^parlour_lang=en-US; Path=\/; Max-Age=31536000; SameSite=Lax$/,
    );
    const english = await get(store.host, '/', { cookie: 'parlour_lang=en-US' });
    expect(english.body).toContain('<html lang="en-US">');
    expect(english.body).toContain('Marketplaces we buy from');
    // The cookie wins over Accept-Language; an unknown value is ignored.
    expect((await get(store.host, '/', { cookie: 'parlour_lang=en-US', lang: 'zh-CN' })).body).toContain(
      'lang="en-US"',
    );
    expect((await get(store.host, '/', { cookie: 'parlour_lang=fr', lang: 'en-US' })).body).toContain('lang="en-US"');
  });

  it('limits product pages per visitor address (429 with Retry-After), spending nothing past the limit', async () => {
    // The test app raises every per-IP budget 1000-fold; this one has the production budgets.
    const app = await buildTestApp({ env: { IP_RATE_LIMIT_SCALE: '1' } });
    try {
      const store = await storeWithUnits(100, app);
      const ip = visitor();
      const limit = IP_RATE_BUDGETS['storefront-product'].limit;
      const statuses: number[] = [];
      for (let index = 0; index < limit + 2; index += 1)
        statuses.push((await get(store.host, `/item/jd/${100012043900 + index}`, { ip, app })).statusCode);
      expect(statuses).toEqual([...Array<number>(limit).fill(200), 429, 429]);
      const limited = await get(store.host, '/search?q=bag', { ip, lang: 'en-US', app });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.body).toContain('Too many requests');
      // Another visitor is not limited by this one; the home page never is.
      expect((await get(store.host, '/item/jd/100012043978', { ip: visitor(), app })).statusCode).toBe(200);
      expect((await get(store.host, '/', { ip, app })).statusCode).toBe(200);
      expect(await unitsUsed(app, store.packageId)).toEqual({ used: limit + 1, total: 100 });
    } finally {
      await app.close();
    }
  });

  it('says "temporarily unavailable" (503, Retry-After) when the store has no units left, and charges nothing', async () => {
    const store = await merchantWithStore(t);
    const host = `${store.shopId}.localhost`;
    const { shopRef } = await shopRefOf(t, store.shopId);
    const answer = await get(host, '/item/taobao/520813250866', { lang: 'en-US', ip: visitor() });
    expect(answer.statusCode).toBe(503);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(answer.body).toContain('data-store-notice="unavailable"');
    expect(answer.body).toContain('Item data is unavailable for now');
    expect((await logsOf(t, shopRef)).map((log) => [log.status, log.charged_units])).toEqual([['quota_exhausted', 0]]);
    // Its home still answers.
    expect((await get(host, '/')).statusCode).toBe(200);
  });

  it('charges the store whose host was asked, never another', async () => {
    const first = await storeWithUnits();
    const second = await storeWithUnits();
    expect((await get(first.host, '/item/1688/675093285921', { ip: visitor() })).statusCode).toBe(200);
    expect((await logsOf(t, first.shopRef)).length).toBe(1);
    expect(await logsOf(t, second.shopRef)).toEqual([]);
    expect(await unitsUsed(t, second.packageId)).toEqual({ used: 0, total: 100 });
  });
});
