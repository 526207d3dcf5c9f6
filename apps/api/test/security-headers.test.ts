import { adminLogin, merchantLogin } from '@parlour/contract/calls/account';
import { callUrl } from '@parlour/contract/call';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { IMAGES, uploadImage } from './settings-fakes';
import { signInAdmin } from './shop-helper';

/**
 * Headers (docs/SECURITY.md, Headers and caching): every answer carries the security headers
 * (plugins/security-headers.ts); answers with tokens or personal data are never stored; the cashier
 * page sends no Referer; HSTS only over https as a trusted proxy reports it.
 */
const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

function expectPageHeaders(response: LightMyRequestResponse, referrerPolicy = 'strict-origin-when-cross-origin') {
  const csp = String(response.headers['content-security-policy']);
  for (const directive of CSP_DIRECTIVES)
    expect(
      csp.split(';').map((part) => part.trim()),
      directive,
    ).toContain(directive);
  expect(csp).not.toContain('unsafe-eval');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe(referrerPolicy);
  expect(response.headers['x-frame-options']).toBe('DENY');
  const permissions = String(response.headers['permissions-policy']);
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
    expect(permissions).toContain(`${feature}=()`);
  // Plain http (no trusted proxy saying otherwise): no HSTS.
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

let webDistDir: string;
let t: TestApp;

beforeAll(async () => {
  webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-headers-'));
  fs.mkdirSync(path.join(webDistDir, 'assets'));
  fs.writeFileSync(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><head><!--parlour-config--></head><div id="root"></div>',
  );
  fs.writeFileSync(path.join(webDistDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({ env: { WEB_DIST_DIR: webDistDir, SITE_HOSTS: 'www.example.test' } });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(webDistDir, { recursive: true, force: true });
});

describe('security headers on API answers', () => {
  it('the merchant and operator login answers (they carry the token) are no-store, nosniff, with the CSP', async () => {
    const merchant = await registerMerchant(t);
    await t.app.services.accounts.ensureAdmin('admin', 'Admin@2026');
    for (const [call, body] of [
      [merchantLogin, { account: merchant.email, password: merchant.password }],
      [adminLogin, { account: 'admin', password: 'Admin@2026' }],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: callUrl(call), payload: body });
      expect(response.json<{ code: number }>().code, call.path).toBe(200);
      expect(response.json<{ data: { userinfo: { token: string } } }>().data.userinfo.token).toBeTruthy();
      expect(response.headers['cache-control'], call.path).toBe('no-store');
      expectPageHeaders(response);
    }
  });

  it('every /api/v1 answer is no-store: authenticated calls, refusals, unknown calls, the notify endpoint', async () => {
    const admin = await signInAdmin(t);
    const answers = [
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/merchant/list',
        payload: {},
        headers: { authorization: `Bearer ${admin}` },
      }),
      await t.app.inject({ method: 'POST', url: '/api/v1/admin/merchant/list', payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/v1/no/such/call', payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/v1/payment/notify/sandbox', payload: {} }),
      await t.app.inject({ method: 'GET', url: '/api/v1' }),
    ];
    for (const response of answers) {
      expect(response.headers['cache-control'], response.raw.req.url).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });
});

describe('security headers on pages and files', () => {
  it('the console HTML: CSP, strict-origin-when-cross-origin, Permissions-Policy, nosniff, revalidated, config as data not script', async () => {
    for (const url of ['/', '/login', '/admin/login', '/stores']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expectPageHeaders(response);
      // No inline script: the settings travel as a JSON data block the browser never runs.
      expect(response.body).toContain(
        '<script type="application/json" id="parlour-config">{"siteHosts":["www.example.test"],"consoleHosts":[]}</script>',
      );
      expect(response.body).not.toMatch(/<script(?![^>]*type="application\/json")[^>]*>[^<]/);
    }
  });

  it('the cashier page (its URL carries the token) sends no Referer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/cashier/B2026000001?token=abc.def' });
    expect(response.statusCode).toBe(200);
    expectPageHeaders(response, 'no-referrer');
  });

  it('static files: nosniff and the CSP; hashed assets cached for a year, others revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectPageHeaders(asset);
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).not.toContain('immutable');
    expectPageHeaders(favicon);
  });

  it('uploads: nosniff, their own sandboxing CSP, Referrer-Policy and Permissions-Policy; a missing one too', async () => {
    const admin = await signInAdmin(t);
    const upload = await uploadImage(t.app, {
      token: admin,
      bytes: IMAGES.png,
      name: 'logo.png',
      type: 'image/png',
      lang: 'en-US',
    });
    expect(upload.code).toBe(200);
    const image = await t.app.inject({ method: 'GET', url: upload.data?.url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(image.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(image.headers['permissions-policy']).toContain('camera=()');
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/0123456789abcdef0123456789abcdef.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('HSTS', () => {
  it('is sent only when a trusted proxy reports https (TRUST_PROXY=true and X-Forwarded-Proto: https)', async () => {
    const proxied = await buildTestApp({
      database: t.database,
      env: { WEB_DIST_DIR: webDistDir, TRUST_PROXY: 'true' },
    });
    try {
      const overHttps = await proxied.app.inject({
        method: 'GET',
        url: '/login',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000');
      const apiOverHttps = await proxied.app.inject({
        method: 'GET',
        url: '/api/v1',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(apiOverHttps.headers['strict-transport-security']).toBe('max-age=31536000');
      const overHttp = await proxied.app.inject({
        method: 'GET',
        url: '/login',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.app.close();
    }
    // Without a trusted proxy anyone could send the header: it is ignored.
    const forged = await t.app.inject({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});
