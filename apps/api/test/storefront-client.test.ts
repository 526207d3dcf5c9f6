import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { merchantSiteConfigEdit } from '@parlour/contract/calls/store-site-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemData } from '../src/modules/storefront/storefront/client/item-data';
import { MARKETPLACE_IMAGE_SOURCES } from '../src/modules/storefront/storefront/marketplace-images';
import {
  bundleStorefrontScript,
  gzipKbOf,
  STOREFRONT_SCRIPT_BUDGET_KB,
} from '../src/modules/storefront/storefront/storefront-script';
import { IMMUTABLE_CACHE_CONTROL } from '../src/plugins/web';
import {
  createSandboxProductDataProvider,
  sandboxItem,
} from '../src/providers/product-data/sandbox-product-data-provider';
import { buildTestApp, type TestApp } from './helper';
import { grantPackage, shopRefOf } from './open-api-helper';
import { expectOk, merchantWithStore } from './shop-helper';

/**
 * The storefront's client script (issue 24 §6): served from the store's host under a hashed name,
 * cached for a year and compressed; pages name it with its integrity and the CSP lets it (and
 * nothing else) run; the item page's data island cannot be broken out of by an item's title.
 * Through app.inject with the store's Host.
 */

/** A title that would close the data island and run a script if it were not escaped. */
const HOSTILE_TITLE = 'Bag </script><script>alert(1)</script> <!-- <script> & "quotes"';
/** A SKU value (vendor text, like a title) that would do the same. */
const HOSTILE_VALUE = '</script><!-- <script>alert(2)</script>';
const sandbox = createSandboxProductDataProvider();
/** Item ids the fake provider answers with the hostile title and vendor-style picture addresses. */
const HOSTILE_ID = '700000000001';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' },
    // The sandbox's items, one with a hostile title and a marketplace's protocol-relative pictures.
    productDataProviderFactory: () => ({
      kind: 'sandbox',
      call: async (request) => {
        const { platform, params } = request;
        if (params.num_iid !== HOSTILE_ID) return sandbox.call(request);
        const item = sandboxItem(platform, HOSTILE_ID, params.lang);
        const skus = item.skus.map((sku, index) => {
          if (index > 0) return sku;
          const props = [{ ...sku.props[0], value: HOSTILE_VALUE }, ...sku.props.slice(1)];
          return { ...sku, props, props_text: props.map((prop) => `${prop.name}:${prop.value}`).join(';') };
        });
        return {
          isOk: true,
          data: {
            ...item,
            title: HOSTILE_TITLE,
            skus,
            images: ['//img.alicdn.com/imgextra/i1/one.jpg', 'http://img10.360buyimg.com/two.jpg'],
          },
        };
      },
    }),
  });
});
afterAll(() => t?.close());

let nextAddress = 1;
const get = (host: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress: `198.51.100.${nextAddress++}`, headers: { host, ...headers } });

async function storeHost() {
  const store = await merchantWithStore(t);
  const ids = await shopRefOf(t, store.shopId);
  await grantPackage(t, { merchantId: ids.merchantId, shopRef: ids.shopRef, units: 100 });
  return `${store.shopId}.localhost:3000`;
}

/** The `<script src>` of a page, with its attributes. */
const scriptTagOf = (html: string) => /<script src="([^"]+)" integrity="([^"]+)" defer="">/.exec(html);
const islandOf = (html: string) =>
  /<script type="application\/json" id="item-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '';

describe('[STOREFRONT] the client script', () => {
  it('is named by its hash on every store page, under a CSP that lets only it run and only marketplace pictures load', async () => {
    const host = await storeHost();
    for (const url of ['/', '/search?q=dress', '/item/jd/100012043978']) {
      const page = await get(host, url);
      expect(page.statusCode, url).toBe(200);
      const [, src, integrity] = scriptTagOf(page.body) ?? [];
      expect(src, url).toMatch(/^\/_assets\/storefront-[0-9a-f]{12}\.js$/);
      expect(integrity, url).toMatch(/^sha384-/);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("script-src-attr 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain(`img-src 'self' ${MARKETPLACE_IMAGE_SOURCES.join(' ')};`);
      // No page runs inline script: its only other script elements are JSON data.
      const inline = [...page.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1]);
      expect(
        inline.every((attributes) => attributes.includes('type="application/json"')),
        url,
      ).toBe(true);
    }
  });

  it('is served with its type, a year of caching and brotli or gzip, the bytes its integrity names', async () => {
    const host = await storeHost();
    const [, src, integrity] = scriptTagOf((await get(host, '/')).body) ?? [];
    const plain = await get(host, src);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(`sha384-${createHash('sha384').update(plain.rawPayload).digest('base64')}`).toBe(integrity);

    const br = await get(host, src, { 'accept-encoding': 'gzip, deflate, br' });
    expect([br.headers['content-encoding'], br.headers.vary]).toEqual(['br', 'accept-encoding']);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await get(host, src, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('leaves out a logo the CSP would block (an https address off the platform and the marketplaces)', async () => {
    const store = await merchantWithStore(t);
    const host = `${store.shopId}.localhost:3000`;
    const config = {
      shop_id: store.shopId,
      site_name: 'Logo test',
      keywords: '',
      description: '',
      ico: '',
      record_number: '',
      copyright: '',
      service_phone: '',
    };
    await expectOk(
      t.call(merchantSiteConfigEdit, { ...config, logo: 'https://cdn.example.com/logo.png' }, store.token),
    );
    const elsewhere = await get(host, '/');
    expect(elsewhere.body).not.toContain('cdn.example.com');
    expect(elsewhere.body).toContain('<span class="store-logo store-logo--empty" aria-hidden="true">L</span>');
    await expectOk(t.call(merchantSiteConfigEdit, { ...config, logo: 'https://img.alicdn.com/logo.png' }, store.token));
    expect((await get(host, '/')).body).toContain('<img class="store-logo" src="https://img.alicdn.com/logo.png"');
  });

  it('answers 404 for any other name under /_assets/, on a store host and on the platform', async () => {
    const host = await storeHost();
    for (const url of ['/_assets/storefront-000000000000.js', '/_assets/storefront.js', '/_assets/x.css']) {
      const answer = await get(host, url);
      expect([url, answer.statusCode, answer.headers['cache-control']]).toEqual([url, 404, 'no-store']);
    }
    expect((await get('localhost:3000', '/_assets/storefront-000000000000.js')).statusCode).toBe(404);
  });

  it('stays within its budget of 50 KB gzip', async () => {
    const script = await bundleStorefrontScript();
    expect(gzipKbOf(script)).toBeLessThanOrEqual(STOREFRONT_SCRIPT_BUDGET_KB);
    // Bundling is repeatable: the same sources give the same name.
    expect((await bundleStorefrontScript()).fileName).toBe(script.fileName);
  });
});

describe('[STOREFRONT] the item page’s data for the script', () => {
  it('carries every SKU with the texts the server shows when it is chosen', async () => {
    const host = await storeHost();
    const page = await get(host, '/item/jd/100012043978', { 'accept-language': 'en-US' });
    const data = JSON.parse(islandOf(page.body)) as ItemData;
    const item = sandboxItem('jd', '100012043978', 'en');
    expect(data.skus.map((sku) => sku.sku_id)).toEqual(item.skus.map((sku) => sku.sku_id));
    expect(data.min_quantity).toBe(1);
    expect(data.choose_template).toBe('Choose: {names}');
    // Without a choice: the range; the page says the same.
    expect(/data-price="true">([^<]*)</.exec(page.body)?.[1]).toBe(data.range.price_text);
    // With a SKU chosen by its links (no script), the page shows that SKU's texts.
    for (const sku of [data.skus[0], data.skus[data.skus.length - 1]]) {
      const query = sku.props.map((prop, index) => `s${index}=${encodeURIComponent(prop.value)}`).join('&');
      const chosen = await get(host, `/item/jd/100012043978?${query}`, { 'accept-language': 'en-US' });
      expect(/data-price="true">([^<]*)</.exec(chosen.body)?.[1]).toBe(sku.price_text);
      expect(/data-sku-status="true"[^>]*>([^<]*)</.exec(chosen.body)?.[1]).toBe(sku.status_text);
    }
    // The no-script picker is still there for the script to enhance: one link per choosable value.
    expect(page.body).toContain('data-sku-axis="0"');
    expect(page.body).toMatch(/<a href="\/item\/jd\/100012043978\?s0=[^"]+" rel="nofollow">/);
  });

  it('cannot be closed or commented out by an item’s title or SKU values', async () => {
    const host = await storeHost();
    const page = await get(host, `/item/taobao/${HOSTILE_ID}`);
    expect(page.statusCode).toBe(200);
    const island = islandOf(page.body);
    expect(island).not.toMatch(/[<>&]/);
    expect(island).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(island).toContain('\\u003c/script\\u003e\\u003c!-- \\u003cscript\\u003ealert(2)');
    const data = JSON.parse(island) as ItemData;
    expect(data.title).toBe(HOSTILE_TITLE);
    expect(data.skus[0].props[0].value).toBe(HOSTILE_VALUE);
    expect(data.skus[0].status_text).toContain(HOSTILE_VALUE);
    // Exactly the two script elements the page makes: its script file and the data.
    expect(page.body.match(/<script\b/g)).toHaveLength(2);
    expect(page.body).toContain('<h1>Bag &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows marketplace pictures over https with their size, the thumbnails lazily', async () => {
    const host = await storeHost();
    const page = await get(host, `/item/taobao/${HOSTILE_ID}`);
    const images = [...page.body.matchAll(/<img [^>]*>/g)]
      .map((match) => match[0])
      .filter((tag) => !tag.includes('store-logo'));
    expect(images.length).toBe(3);
    expect(images[0]).toContain('src="https://img.alicdn.com/imgextra/i1/one.jpg"');
    expect(images[0]).toMatch(/width="800" height="800"/);
    for (const thumb of images.slice(1)) expect(thumb).toMatch(/loading="lazy" width="64" height="64"/);
    expect(images[2]).toContain('src="https://img10.360buyimg.com/two.jpg"');
    expect(page.body).not.toMatch(/src="(\/\/|http:)/);
  });
});
