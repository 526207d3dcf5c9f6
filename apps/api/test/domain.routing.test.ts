import { adminSetShopStatus } from '@parlour/contract/calls/store';
import {
  merchantAddDomain,
  merchantChangeMainDomain,
  merchantCheckDomain,
  merchantListDomains,
  merchantSetDomainRedirect,
} from '@parlour/contract/calls/domain';
import { merchantListUnreadNotices } from '@parlour/contract/calls/notice';
import { adminListNotices } from '@parlour/contract/calls/notice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helper';
import { appWithTestDns, type TestDns, uniqueDomain } from './domain-helper';
import { expectOk, merchantWithStore } from './shop-helper';
import { nextRecheckAt } from '../src/modules/stores/domain/domain.service';

/**
 * Domains (docs/domains.md): requests routed by Host to stores, the 301 to the primary, Caddy's TLS ask, and
 * the re-check job.
 */

let t: TestApp;
let dns: TestDns;
let admin: string;

beforeAll(async () => {
  ({ t, dns, admin } = await appWithTestDns({
    SITE_HOSTS: 'parlour.test.example',
    CONSOLE_HOSTS: 'console.parlour.test.example',
  }));
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const get = (host: string, url = '/') => t.app.inject({ method: 'GET', url, headers: { host } });
const ask = (domain: string) =>
  t.app.inject({ method: 'GET', url: `/internal/tls/ask?domain=${encodeURIComponent(domain)}` });

function publish(records: Array<{ type: string; name: string; value: string }>) {
  for (const record of records) {
    const zone = dns.zones.get(record.name) ?? {};
    if (record.type === 'CNAME') zone.CNAME = record.value;
    if (record.type === 'TXT') zone.TXT = [record.value];
    dns.zones.set(record.name, zone);
  }
}

/** A store with a bound custom domain. */
async function storeWithBoundDomain() {
  const store = await merchantWithStore(t);
  const domain = await expectOk(
    t.call(merchantAddDomain, { shop_id: store.shopId, domain: uniqueDomain('www') }, store.token),
  );
  publish(domain.records);
  await expectOk(t.call(merchantCheckDomain, { id: domain.id }, store.token));
  return { ...store, domain };
}

describe('[DOMAINS] routing by Host', () => {
  it('keeps the platform hosts as they were', async () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      '127.0.0.1:3000',
      'parlour.test.example',
      'console.parlour.test.example',
      'unknown.example.org',
    ]) {
      const answer = await get(host, '/healthz');
      expect(answer.statusCode, host).toBe(200);
      expect(answer.json(), host).toMatchObject({ status: 'ok' });
    }
  });

  it('serves a store at its system domain and its bound custom domain, naming it', async () => {
    const { shopId, domain } = await storeWithBoundDomain();
    for (const host of [
      `${shopId}.localhost`,
      `${shopId}.localhost:3000`,
      domain.domain,
      domain.domain.toUpperCase(),
    ]) {
      const answer = await get(host, '/?x=1');
      expect(answer.statusCode, host).toBe(200);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.body).toContain(`Store ${shopId}`);
      // A page the store does not have: its own "page not found", naming it.
      const missing = await get(host, '/anything?x=1');
      expect(missing.statusCode, host).toBe(404);
      expect(missing.body).toContain(`Store ${shopId}`);
    }
    // The API is not reachable through a store's host.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1', headers: { host: domain.domain } })).statusCode).toBe(
      405,
    );
  });

  it('answers 404 under the base domain where there is no store, and does not serve a binding domain', async () => {
    expect((await get('nosuchstore.localhost')).statusCode).toBe(404);
    expect((await get('a.b.localhost')).statusCode).toBe(404);
    const store = await merchantWithStore(t);
    const binding = await expectOk(
      t.call(merchantAddDomain, { shop_id: store.shopId, domain: uniqueDomain('pending') }, store.token),
    );
    // Not bound: the platform answers as for any unknown host.
    expect((await get(binding.domain, '/healthz')).json()).toMatchObject({ status: 'ok' });
  });

  it('redirects a domain with the redirect flag to the primary with a 301, keeping path and query', async () => {
    const { shopId, token, domain } = await storeWithBoundDomain();
    await expectOk(t.call(merchantChangeMainDomain, { id: domain.id }, token));
    const system = (await expectOk(t.call(merchantListDomains, { shop_id: shopId }, token))).list.find(
      (row) => row.type === 'system',
    )!;
    // Without the flag the system domain still serves the store.
    expect((await get(`${shopId}.localhost`)).statusCode).toBe(200);
    await expectOk(t.call(merchantSetDomainRedirect, { id: system.id, is_redirect: true }, token));
    const answer = await get(`${shopId}.localhost:3000`, '/goods/1?ref=mail');
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe(`http://${domain.domain}:3000/goods/1?ref=mail`);
    expect((await get(domain.domain)).statusCode).toBe(200);
  });

  it('answers 403 for a disabled store', async () => {
    const { shopId, domain } = await storeWithBoundDomain();
    await expectOk(t.call(adminSetShopStatus, { shop_id: shopId, is_disabled: true }, admin));
    expect((await get(domain.domain)).statusCode).toBe(403);
    expect((await get(`${shopId}.localhost`)).body).toContain('This store is disabled');
  });
});

describe('[DOMAINS] the TLS ask endpoint', () => {
  it('approves bound custom domains and system domains of stores that are not disabled, and nothing else', async () => {
    const { shopId, token, domain } = await storeWithBoundDomain();
    expect((await ask(domain.domain)).statusCode).toBe(200);
    expect((await ask(`${shopId}.localhost`)).statusCode).toBe(200);
    const binding = await expectOk(
      t.call(merchantAddDomain, { shop_id: shopId, domain: uniqueDomain('unbound') }, token),
    );
    for (const refused of [
      binding.domain,
      'nosuchstore.localhost',
      'localhost',
      'parlour.test.example',
      'example.org',
      '',
      '127.0.0.1',
    ]) {
      expect((await ask(refused)).statusCode, refused).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/internal/tls/ask' })).statusCode).toBe(404);
    await expectOk(t.call(adminSetShopStatus, { shop_id: shopId, is_disabled: true }, admin));
    expect((await ask(domain.domain)).statusCode).toBe(404);
    expect((await ask(`${shopId}.localhost`)).statusCode).toBe(404);
  });
});

describe('[DOMAINS] the re-check job', () => {
  it('re-checks every 5 minutes in the first hour, then hourly, for 72 hours', () => {
    const added = new Date('2026-11-24T00:00:00Z');
    expect(nextRecheckAt(added, added)?.toISOString()).toBe('2026-11-24T00:05:00.000Z');
    expect(nextRecheckAt(added, new Date('2026-11-24T00:59:00Z'))?.toISOString()).toBe('2026-11-24T01:04:00.000Z');
    expect(nextRecheckAt(added, new Date('2026-11-24T02:00:00Z'))?.toISOString()).toBe('2026-11-24T03:00:00.000Z');
    expect(nextRecheckAt(added, new Date('2026-11-26T23:00:00Z'))?.toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(nextRecheckAt(added, new Date('2026-11-26T23:30:00Z'))).toBeNull();
  });

  it('binds a domain once its records appear and tells the merchant by a notice in their language', async () => {
    const store = await merchantWithStore(t);
    const domain = await expectOk(
      t.call(merchantAddDomain, { shop_id: store.shopId, domain: uniqueDomain('later') }, store.token),
    );
    const job = t.app.jobs.find((entry) => entry.queue === 'domain-recheck')!;
    const listed = async () =>
      (await expectOk(t.call(merchantListDomains, { shop_id: store.shopId }, store.token))).list.find(
        (row) => row.id === domain.id,
      )!;
    // Not due yet: not checked; then due, but the records are missing.
    await job.run(undefined);
    expect(await listed()).toMatchObject({ status: 'binding', last_checked_at: null });
    t.clock.advance(5 * 60);
    await job.run(undefined);
    expect(await listed()).toMatchObject({
      status: 'binding',
      failure_reason: 'nxdomain',
      last_checked_at: expect.any(String),
      next_check_at: expect.any(String),
    });

    publish(domain.records);
    t.clock.advance(5 * 60);
    expect(((await job.run(undefined)) as { bound: number }).bound).toBeGreaterThanOrEqual(1);
    expect(await listed()).toMatchObject({ status: 'bound', next_check_at: null, failure_reason: null });

    const english = await expectOk(t.call(merchantListUnreadNotices, { lang_code: 'en-US' }, store.token));
    expect(english.list[0]).toMatchObject({ title: `Domain bound: ${domain.domain}`, is_read: false });
    const chinese = await expectOk(t.call(merchantListUnreadNotices, { lang_code: 'zh-CN' }, store.token));
    expect(chinese.list[0].title).toBe(`域名已绑定：${domain.domain}`);
    // Another merchant does not see it, nor does the operator's notice list.
    const other = await merchantWithStore(t);
    expect(
      (await expectOk(t.call(merchantListUnreadNotices, { include_read: true, limit: 100 }, other.token))).list.map(
        (notice) => notice.title,
      ),
    ).not.toContain(`Domain bound: ${domain.domain}`);
    expect((await expectOk(t.call(adminListNotices, { keyword: domain.domain }, admin))).total).toBe(0);
  });
});
