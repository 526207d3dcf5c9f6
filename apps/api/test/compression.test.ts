import { adminListMerchants } from '@parlour/contract/calls/merchant-admin';
import { merchantBuyShop } from '@parlour/contract/calls/store';
import { callUrl } from '@parlour/contract/call';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../src/plugins/compression';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { grantPackage, storeWithKey } from './open-api-helper';
import { sandboxPayments } from './payment-helper';
import { shopFields, signInAdmin } from './shop-helper';

/**
 * Precompression (docs/decisions/0006-precompressed-console-build.md): the console's built files are
 * served precompressed (brotli, gzip, or as they are, as Accept-Encoding asks), hashed files cached
 * for good and the page revalidated; API answers above the threshold are compressed on the fly,
 * smaller ones not, and neither changes what they say.
 */
const CHROMIUM_ACCEPT = 'gzip, deflate, br, zstd';
const ASSET = 'assets/index-abc123.js';
/** Big enough that compression pays, as a real chunk. */
const ASSET_SOURCE = Array.from(
  { length: 400 },
  (_, index) => `export const value${index} = ${JSON.stringify(`chunk line ${index}`)};`,
).join('\n');
const INDEX_TEMPLATE =
  `<!doctype html><html><head><!--parlour-config--><style>${'body{margin:0}'.repeat(100)}</style></head>` +
  `<body><div id="root"></div></body></html>`;

let webDistDir: string;
let t: TestApp;

/** The build's copies, as apps/web/scripts/compress-build.mjs writes them. */
function writeWithCopies(file: string, source: string) {
  const target = path.join(webDistDir, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, source);
  fs.writeFileSync(`${target}.br`, zlib.brotliCompressSync(source));
  fs.writeFileSync(`${target}.gz`, zlib.gzipSync(source));
}

beforeAll(async () => {
  webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-compression-'));
  fs.writeFileSync(path.join(webDistDir, 'index.html'), INDEX_TEMPLATE);
  writeWithCopies(ASSET, ASSET_SOURCE);
  writeWithCopies('zod-jitless.js', 'globalThis.__zodJitless = true;');
  t = await buildTestApp({ env: { WEB_DIST_DIR: webDistDir, SITE_HOSTS: 'www.example.test' } });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(webDistDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

/** The body as the client reads it once it has undone the Content-Encoding. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.rawPayload.toString('utf8');
}

function expectVaryOnEncoding(response: LightMyRequestResponse) {
  expect(String(response.headers.vary).toLowerCase().split(/,\s*/)).toContain('accept-encoding');
}

describe('the console build, precompressed', () => {
  it('a hashed asset comes as its brotli file to Chromium, cached for good, with the security headers', async () => {
    const response = await get(`/${ASSET}`, CHROMIUM_ACCEPT);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.equals(fs.readFileSync(path.join(webDistDir, `${ASSET}.br`)))).toBe(true);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectVaryOnEncoding(response);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(decoded(response)).toBe(ASSET_SOURCE);
  });

  it('gzip when only gzip is accepted, brotli when its q-value is higher', async () => {
    const gzip = await get(`/${ASSET}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(fs.readFileSync(path.join(webDistDir, `${ASSET}.gz`)))).toBe(true);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectVaryOnEncoding(gzip);
    expect(decoded(gzip)).toBe(ASSET_SOURCE);
    expect((await get(`/${ASSET}`, 'br;q=0.5, gzip;q=0.4')).headers['content-encoding']).toBe('br');
    expect((await get(`/${ASSET}`, 'br;q=0.5, gzip;q=1')).headers['content-encoding']).toBe('gzip');
  });

  it('the file as it is when no encoding is accepted (none, identity, or one the server does not write)', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const response = await get(`/${ASSET}`, acceptEncoding);
      expect(response.statusCode, String(acceptEncoding)).toBe(200);
      expect(response.headers['content-encoding'], String(acceptEncoding)).toBeUndefined();
      expect(response.body).toBe(ASSET_SOURCE);
      expectVaryOnEncoding(response);
    }
  });

  it('files outside assets/ are revalidated, not cached for good', async () => {
    const response = await get('/zod-jitless.js', CHROMIUM_ACCEPT);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('the compressed copies are not served under their own names', async () => {
    const response = await get(`/${ASSET}.br`, CHROMIUM_ACCEPT);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(decoded(response)).toContain('<div id="root">');
  });

  it('index.html is never cached for good, comes compressed as asked, with the runtime settings written in', async () => {
    for (const url of ['/login', '/merchant/store', '/index.html']) {
      const br = await get(url, CHROMIUM_ACCEPT);
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers['content-encoding'], url).toBe('br');
      expectVaryOnEncoding(br);
      expect(String(br.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      const page = decoded(br);
      expect(page, url).toContain('<script type="application/json" id="parlour-config">');
      expect(page).toContain('www.example.test');
      expect(decoded(await get(url, 'gzip'))).toBe(page);
      const identity = await get(url);
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body).toBe(page);
    }
  });
});

describe('API answers, compressed on the fly above the threshold', () => {
  it('a large answer is compressed as the client asks, the envelope and headers unchanged; without asking it is not', async () => {
    const admin = await signInAdmin(t);
    for (let index = 0; index < 8; index += 1) await registerMerchant(t);
    const list = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: callUrl(adminListMerchants),
        payload: { page_size: 50 },
        headers: { authorization: `Bearer ${admin}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES * 2);
    expect(plain.json<{ code: number }>().code).toBe(200);
    for (const encoding of ['br', 'gzip']) {
      const response = await list(encoding === 'br' ? CHROMIUM_ACCEPT : 'gzip');
      expect(response.headers['content-encoding']).toBe(encoding);
      expectVaryOnEncoding(response);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-request-id']).toMatch(/^req_/);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(decoded(response))).toEqual(plain.json());
    }
  });

  it('a small answer goes as it is, even when compression is accepted', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1',
      payload: {},
      headers: { 'accept-encoding': CHROMIUM_ACCEPT },
    });
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json<{ code: number }>().code).toBe(200);
  });

  it('an idempotent replay answers the same bytes once decoded, compressed like the first answer', async () => {
    const merchant = await registerMerchant(t);
    const key = randomUUID();
    const body = { ...shopFields(), term_type: 'month', term: 1, pay_method: 'alipay' };
    const buy = () =>
      t.app.inject({
        method: 'POST',
        url: callUrl(merchantBuyShop),
        payload: body,
        headers: {
          authorization: `Bearer ${merchant.token}`,
          'idempotency-key': key,
          'accept-encoding': CHROMIUM_ACCEPT,
        },
      });
    const first = await buy();
    const replay = await buy();
    expect(JSON.parse(decoded(first)).code).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['content-encoding']).toBe('br');
    expect(decoded(replay)).toBe(decoded(first));
  });

  it('the Open API answers compressed when asked, the same envelope once decoded', async () => {
    const store = await storeWithKey(t);
    await grantPackage(t, { merchantId: store.merchantId, units: 10 });
    const search = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/open/v1/1688/item_search',
        payload: { q: '保温杯', page: 1 },
        headers: { 'x-api-key': store.key, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const compressed = await search(CHROMIUM_ACCEPT);
    const answer = JSON.parse(decoded(compressed)) as { code: number; data: { items: unknown[] } };
    expect(answer.code).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    const plain = await search();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<{ data: { items: unknown[] } }>().data.items.length).toBe(answer.data.items.length);
  });

  it("a payment provider's notification is acknowledged as the provider expects, uncompressed", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/notify/sandbox',
      payload: sandboxPayments(t).provider.buildNotification(
        { billNo: 'B000', amount: 100, currency: 'CNY', payMethod: 'alipay', outcome: 'paid' },
        t.clock.now(),
      ) as object,
      headers: { 'accept-encoding': CHROMIUM_ACCEPT },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.length).toBeGreaterThan(0);
  });
});
