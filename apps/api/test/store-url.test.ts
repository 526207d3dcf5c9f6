import { adminBackendRedirect, merchantBackendRedirect } from '@parlour/contract/calls/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildTestApp, type TestApp } from './helper';
import { expectOk, merchantWithStore, signInAdmin } from './shop-helper';

/**
 * "Enter store admin" links (README.md, STORE_URL_SCHEME) are built on the scheme and port the
 * platform is reached at (a fresh install is http://localhost:3000), honouring a trusted proxy's
 * forwarded headers, or on STORE_URL_SCHEME when it is set; and they open the store's host.
 */
describe('links into a store’s admin', () => {
  let t: TestApp;
  let proxied: TestApp;
  let behindTls: TestApp;
  let store: Awaited<ReturnType<typeof merchantWithStore>>;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    // Two more API processes on the same database: behind a trusted proxy, and with the scheme configured.
    proxied = await buildTestApp({ database: t.database, clock: t.clock, env: { TRUST_PROXY: 'true' } });
    behindTls = await buildTestApp({ database: t.database, clock: t.clock, env: { STORE_URL_SCHEME: 'https' } });
    store = await merchantWithStore(t);
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    await behindTls?.close();
    await proxied?.close();
    await t?.close();
  });

  const linkOf = async (app: TestApp, headers: Record<string, string>, role: 'merchant' | 'admin' = 'merchant') => {
    const answer =
      role === 'merchant'
        ? await expectOk(app.call(merchantBackendRedirect, { shop_id: store.shopId }, store.token, { headers }))
        : await expectOk(app.call(adminBackendRedirect, { shop_id: store.shopId }, admin, { headers }));
    return new URL(answer.url);
  };

  it('keep the scheme and port the console was reached at, from both consoles, and open the store’s host', async () => {
    for (const role of ['merchant', 'admin'] as const) {
      const link = await linkOf(t, { host: '127.0.0.1:3400' }, role);
      expect(link.origin).toBe(`http://${store.shopId}.localhost:3400`);
      expect(link.pathname).toBe('/admin/sso');
      const landing = await t.app.inject({
        method: 'GET',
        url: `${link.pathname}${link.search}`,
        headers: { host: link.host },
      });
      expect(landing.statusCode).toBe(200);
      expect(landing.headers['content-type']).toMatch(/^text\/html/);
    }
    expect((await linkOf(t, { host: 'localhost:3000' })).origin).toBe(`http://${store.shopId}.localhost:3000`);
    // The scheme's own port is left out.
    expect((await linkOf(t, { host: 'console.example.com' })).origin).toBe(`http://${store.shopId}.localhost`);
  });

  it('follow a trusted proxy’s X-Forwarded-Proto and X-Forwarded-Host, and ignore them from anyone else', async () => {
    const forwarded = {
      host: '127.0.0.1:3000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'console.example.com',
    };
    expect((await linkOf(proxied, forwarded)).origin).toBe(`https://${store.shopId}.localhost`);
    expect((await linkOf(proxied, { ...forwarded, 'x-forwarded-host': 'console.example.com:8443' })).origin).toBe(
      `https://${store.shopId}.localhost:8443`,
    );
    expect((await linkOf(t, forwarded)).origin).toBe(`http://${store.shopId}.localhost:3000`);
  });

  it('use STORE_URL_SCHEME on its own port when it is set', async () => {
    expect((await linkOf(behindTls, { host: '127.0.0.1:3000' })).origin).toBe(`https://${store.shopId}.localhost`);
    expect((await linkOf(behindTls, { host: '127.0.0.1:3000' }, 'admin')).origin).toBe(
      `https://${store.shopId}.localhost`,
    );
    expect(() => loadConfig({ STORE_URL_SCHEME: 'ftp' })).toThrow(/STORE_URL_SCHEME must be http or https/);
    expect(loadConfig({ STORE_URL_SCHEME: 'HTTPS' }).storeUrlScheme).toBe('https');
    expect(loadConfig({}).storeUrlScheme).toBeUndefined();
  });
});
