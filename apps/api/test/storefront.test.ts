import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { merchantAddDomain, merchantCheckDomain } from '@parlour/contract/calls/domain';
import { MERCHANT_UPLOAD_IMAGE_PATH } from '@parlour/contract/calls/settings';
import { merchantSetShopPluginStatus } from '@parlour/contract/calls/plugin';
import { adminSetShopStatus, merchantAddShop, STORE_ADMIN_SSO_PATH } from '@parlour/contract/calls/store';
import { merchantSiteConfigEdit } from '@parlour/contract/calls/store-site-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { startTestDns, uniqueDomain } from './domain-helper';
import { addPlugin, takePlugin } from './plugin-helper';
import { IMAGES, uploadImage } from './settings-fakes';
import { expectOk, merchantWithStore, provision, shopFields, signInAdmin, VERSION } from './shop-helper';

/**
 * Host routing (docs/domains.md): a store's hosts (its system domain `<shop_id>.localhost` and its bound
 * custom domains) serve its front page, server-rendered from its basic config with its enabled plugins; a
 * closed store, one being set up and an unknown one answer their own page. Through app.inject with Host
 * headers.
 */

let t: TestApp;
let dns: Awaited<ReturnType<typeof startTestDns>>;
let admin: string;
let uploadDir: string;

beforeAll(async () => {
  dns = await startTestDns();
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-storefront-'));
  t = await buildTestApp({ env: { DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: '3000', UPLOAD_DIR: uploadDir } });
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const get = (host: string, url = '/', lang?: string) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...(lang ? { 'accept-language': lang } : {}) } });

/** The content of `<meta name="…">` (attribute values are escaped by the page). */
const metaOf = (html: string, name: string) => new RegExp(`<meta name="${name}" content="([^"]*)"/>`).exec(html)?.[1];

async function bindDomain(token: string, shopId: string) {
  const domain = await expectOk(t.call(merchantAddDomain, { shop_id: shopId, domain: uniqueDomain('front') }, token));
  for (const record of domain.records) {
    const zone = dns.zones.get(record.name) ?? {};
    if (record.type === 'CNAME') zone.CNAME = record.value;
    if (record.type === 'TXT') zone.TXT = [record.value];
    dns.zones.set(record.name, zone);
  }
  await expectOk(t.call(merchantCheckDomain, { id: domain.id }, token));
  return domain.domain;
}

describe('[STOREFRONT] the front page', () => {
  it('shows the defaults written at provisioning: the store name as title and in the copyright, no plugins', async () => {
    const { shopId } = await merchantWithStore(t);
    const answer = await get(`${shopId}.localhost:3000`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.headers['cache-control']).toBe('no-store');
    // Only the store's own script runs (storefront-client.test.ts); images from the platform and the marketplaces.
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    expect(answer.headers['content-security-policy']).toContain("script-src 'self';");
    expect(answer.headers['content-security-policy']).not.toContain('https:;');
    expect(answer.body).toContain(`<title>Store ${shopId}</title>`);
    expect(answer.body).toMatch(new RegExp(`<span class="store-copyright">© \\d{4} Store ${shopId}</span>`));
    expect(metaOf(answer.body, 'parlour-plugins')).toBe('');
    expect(metaOf(answer.body, 'keywords')).toBeUndefined();
    expect(answer.body).not.toContain('<link rel="icon"');
    // No link pretends to lead somewhere the store does not have: home (logo and menu) and the language switch.
    expect([...answer.body.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1])).toEqual([
      '/',
      '/',
      '/?lang=en-US',
    ]);
    // The search box asks the store itself.
    expect(answer.body).toMatch(/<form class="store-search" role="search" action="\/search" method="get">/);
    // HEAD answers the same without a body.
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: { host: `${shopId}.localhost` } });
    expect([head.statusCode, head.body]).toEqual([200, '']);
  });

  it('sends its pages compressed as the browser asks, and the same page once decoded', async () => {
    const { shopId } = await merchantWithStore(t);
    const host = `${shopId}.localhost`;
    const plain = await get(host);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const inEncoding = (url: string, acceptEncoding: string) =>
      t.app.inject({ method: 'GET', url, headers: { host, 'accept-encoding': acceptEncoding } });
    const brotli = await inEncoding('/', 'gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await inEncoding('/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    // "Page not found" is a page too.
    const missing = await inEncoding('/products/123', 'br');
    expect([missing.statusCode, missing.headers['content-encoding']]).toEqual([404, 'br']);
    expect(zlib.brotliDecompressSync(missing.rawPayload).toString('utf8')).toContain(`Store ${shopId}`);
  });

  it('serves the basic config, escaped, at the system domain and a bound custom domain, in the visitor language', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const logo = await uploadImage(t.app, {
      token,
      bytes: IMAGES.png,
      name: 'logo.png',
      url: `/api/v1/${MERCHANT_UPLOAD_IMAGE_PATH}`,
    });
    await expectOk(
      t.call(
        merchantSiteConfigEdit,
        {
          shop_id: shopId,
          site_name: 'Tea <script>alert(1)</script> & "Cups"',
          keywords: 'tea, "cups"',
          description: 'Teas from <b>Yunnan</b>',
          logo: logo.data!.url,
          ico: 'https://cdn.example.com/icon.png',
          record_number: '沪ICP备12345678号',
          copyright: '© 2026 Tea & Cups',
          service_phone: '+86 21 5555 0100',
        },
        token,
      ),
    );
    const custom = await bindDomain(token, shopId);
    for (const host of [`${shopId}.localhost`, custom]) {
      const { statusCode, body } = await get(host, '/', 'en-US');
      expect(statusCode, host).toBe(200);
      expect(body).toContain('<html lang="en-US">');
      expect(body).toContain('<title>Tea &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Cups&quot;</title>');
      expect(body).not.toContain('<script>alert(1)');
      expect(body).not.toContain('<b>Yunnan');
      expect(metaOf(body, 'keywords')).toBe('tea, &quot;cups&quot;');
      expect(metaOf(body, 'description')).toBe('Teas from &lt;b&gt;Yunnan&lt;/b&gt;');
      expect(body).toContain('<link rel="icon" href="https://cdn.example.com/icon.png"/>');
      expect(body).toContain(`<img class="store-logo" src="${logo.data!.url}"`);
      expect(body).toContain('<span class="store-copyright">© 2026 Tea &amp; Cups</span>');
      expect(body).toContain('>沪ICP备12345678号</a>');
      expect(body).toContain('Customer service: <a href="tel:+862155550100">+86 21 5555 0100</a>');
    }
    // In Chinese for a Chinese visitor (the default).
    const chinese = await get(custom);
    expect(chinese.body).toContain('<html lang="zh-CN">');
    expect(chinese.body).toContain('客服电话：<a href="tel:+862155550100">');
    // The logo the page shows is served at the store's host; its icon address is where /favicon.ico leads.
    const image = await get(custom, logo.data!.url);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    const favicon = await get(custom, '/favicon.ico');
    expect([favicon.statusCode, favicon.headers.location]).toEqual([302, 'https://cdn.example.com/icon.png']);
  });

  it('names the enabled plugins in a meta tag and gives each a slot and a script placeholder; disabling one takes it away', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const chat = await addPlugin(t, admin, { price: 0, trial_days: 0 });
    const coupons = await addPlugin(t, admin, { price: 0, trial_days: 0 });
    const unused = await addPlugin(t, admin, { price: 0, trial_days: 0 });
    for (const plugin of [chat, coupons])
      await expectOk(takePlugin(t, token, { shop_id: shopId, plugin_id: plugin.id }));
    const codes = [chat.code, coupons.code].sort();

    let page = (await get(`${shopId}.localhost`, '/', 'en-US')).body;
    expect(metaOf(page, 'parlour-plugins')).toBe(codes.join(','));
    for (const plugin of [chat, coupons]) {
      expect(page).toContain(
        `<div class="plugin-slot" id="parlour-plugin-${plugin.code}" ` +
          `data-parlour-plugin="${plugin.code}"><span class="plugin-slot__name">Plugin ${plugin.code}</span>`,
      );
      expect(page).toContain(
        `<script type="application/json" data-parlour-plugin="${plugin.code}">` +
          `{"code":"${plugin.code}","version":"1.0.0","slot":"parlour-plugin-${plugin.code}"}</script>`,
      );
    }
    expect(page).not.toContain(unused.code);
    // Plugin names in the visitor's language.
    expect((await get(`${shopId}.localhost`)).body).toContain(
      `<span class="plugin-slot__name">插件 ${chat.code}</span>`,
    );

    await expectOk(
      t.call(merchantSetShopPluginStatus, { shop_id: shopId, plugin_id: chat.id, status: 'disabled' }, token),
    );
    page = (await get(`${shopId}.localhost`, '/', 'en-US')).body;
    expect(metaOf(page, 'parlour-plugins')).toBe(coupons.code);
    expect(page).not.toContain(`data-parlour-plugin="${chat.code}"`);
  });
});

describe('[STOREFRONT] pages a store does not have', () => {
  it('answers any other path "page not found" (404) in the visitor language, naming the store and linking back to its front page', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const icon = await uploadImage(t.app, {
      token,
      bytes: IMAGES.png,
      name: 'icon.png',
      url: `/api/v1/${MERCHANT_UPLOAD_IMAGE_PATH}`,
    });
    const ico = icon.data!.url;
    await expectOk(
      t.call(
        merchantSiteConfigEdit,
        {
          shop_id: shopId,
          site_name: 'Tea & Cups',
          keywords: '',
          description: '',
          logo: '',
          ico,
          record_number: '',
          copyright: '',
          service_phone: '',
        },
        token,
      ),
    );
    const custom = await bindDomain(token, shopId);
    for (const host of [`${shopId}.localhost:3000`, custom]) {
      for (const path of [
        '/products/123',
        '/products/123?ref=mail',
        '/index.php',
        '/admin',
        '/favicon.png',
        '/uploads',
      ]) {
        const missing = await get(host, path, 'en-US');
        expect(missing.statusCode, `${host}${path}`).toBe(404);
        expect(missing.headers['content-type']).toContain('text/html');
        expect(missing.headers['cache-control']).toBe('no-store');
        expect(missing.headers['content-security-policy']).toContain("default-src 'none'");
        expect(missing.body).toContain('<html lang="en-US">');
        expect(missing.body).toContain('data-store-notice="not_found"');
        expect(missing.body).toContain('<h1>Tea &amp; Cups</h1><h2>Page not found</h2>');
        expect(missing.body).toContain('<a href="/">Back to the store front</a>');
        // The store's icon stays on its own pages.
        expect(missing.body).toContain(`<link rel="icon" href="${ico}"/>`);
      }
    }
    // In Chinese for a Chinese visitor (the default), the other language below.
    const chinese = await get(custom, '/products/123');
    expect(chinese.statusCode).toBe(404);
    expect(chinese.body).toContain('<html lang="zh-CN">');
    expect(chinese.body).toContain('<h2>页面不存在</h2>');
    expect(chinese.body).toContain('<a href="/">返回店铺首页</a>');
    expect(chinese.body).toContain('<p class="store-notice__other" lang="en-US">Page not found');
    // The path is not echoed back.
    const probe = await get(custom, '/%3Cscript%3Ealert(1)%3C/script%3E');
    expect(probe.statusCode).toBe(404);
    expect(probe.body).not.toContain('alert(1)');
    const head = await t.app.inject({ method: 'HEAD', url: '/products/123', headers: { host: custom } });
    expect([head.statusCode, head.body]).toEqual([404, '']);
    // Other methods are still refused first.
    expect((await t.app.inject({ method: 'POST', url: '/products/123', headers: { host: custom } })).statusCode).toBe(
      405,
    );
  });

  it('keeps the front page at / (with a query) and at the store admin landing, the icon, and the platform images', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const icon = await uploadImage(t.app, {
      token,
      bytes: IMAGES.png,
      name: 'icon.png',
      url: `/api/v1/${MERCHANT_UPLOAD_IMAGE_PATH}`,
    });
    const ico = icon.data!.url;
    await expectOk(
      t.call(
        merchantSiteConfigEdit,
        {
          shop_id: shopId,
          site_name: 'Tea House',
          keywords: '',
          description: '',
          logo: '',
          ico,
          record_number: '',
          copyright: '',
          service_phone: '',
        },
        token,
      ),
    );
    const host = `${shopId}.localhost:3000`;
    for (const path of ['/', '/?utm_source=mail', `${STORE_ADMIN_SSO_PATH}?ticket=abc`]) {
      const front = await get(host, path, 'en-US');
      expect(front.statusCode, path).toBe(200);
      expect(front.body).toContain('<title>Tea House</title>');
      expect(front.body).toContain(`<link rel="icon" href="${ico}"/>`);
    }
    const favicon = await get(host, '/favicon.ico');
    expect([favicon.statusCode, favicon.headers.location]).toEqual([302, ico]);
    const image = await get(host, ico);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    // An image that does not exist is the platform's 404, not the store's page.
    const gone = await get(host, '/uploads/0123456789abcdef0123456789abcdef.png');
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('data-store-notice');
  });

  it('answers /favicon.ico 404 for a store without an icon', async () => {
    const { shopId } = await merchantWithStore(t);
    const favicon = await get(`${shopId}.localhost`, '/favicon.ico');
    expect([favicon.statusCode, favicon.headers['content-type']]).toEqual([404, 'text/plain; charset=utf-8']);
  });
});

describe('[STOREFRONT] stores that are not open', () => {
  it('answers "coming soon" (503) while the store is being set up, then its front page', async () => {
    const { token } = await registerMerchant(t);
    const fields = shopFields();
    await expectOk(t.call(merchantAddShop, { ...fields, package_id: VERSION.professional }, token));
    const soon = await get(`${fields.shop_id}.localhost`, '/', 'en-US');
    expect(soon.statusCode).toBe(503);
    expect(soon.headers['retry-after']).toBe('60');
    expect(soon.body).toContain('data-store-notice="coming_soon"');
    expect(soon.body).toContain('This store is being set up');
    expect(soon.body).toContain('店铺正在准备中');
    // Not provisioned: no certificate yet for its system domain.
    const ask = () => t.app.inject({ method: 'GET', url: `/internal/tls/ask?domain=${fields.shop_id}.localhost` });
    expect((await ask()).statusCode).toBe(404);
    await provision(t);
    expect((await get(`${fields.shop_id}.localhost`)).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
  });

  it('answers "store closed" 403 when an operator disabled the store, at every host, and 404 where there is no store', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const custom = await bindDomain(token, shopId);
    await expectOk(t.call(adminSetShopStatus, { shop_id: shopId, is_disabled: true }, admin));
    for (const host of [`${shopId}.localhost`, custom]) {
      const closed = await get(host, '/', 'en-US');
      expect(closed.statusCode, host).toBe(403);
      expect(closed.body).toContain('data-store-notice="disabled"');
      expect(closed.body).toContain('Store closed');
      expect(closed.body).toContain('This store is disabled');
    }
    const unknown = await get('nosuchstore.localhost');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('店铺不存在');
  });

  // Last: it moves the clock past the store's term.
  it('answers "store closed" 503 once the term ended (in the grace period and after it)', async () => {
    const { shopId } = await merchantWithStore(t);
    t.clock.advance(32 * 86_400);
    const pending = await get(`${shopId}.localhost`, '/', 'en-US');
    expect(pending.statusCode).toBe(503);
    expect(pending.body).toContain('data-store-notice="term_ended"');
    expect(pending.body).toContain('its service term has ended');
    t.clock.advance(60 * 86_400);
    const ended = await get(`${shopId}.localhost`, '/', 'en-US');
    expect([ended.statusCode, ended.headers['retry-after']]).toEqual([503, '3600']);
  });
});
