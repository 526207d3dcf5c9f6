import {
  adminAddDomain,
  adminListDomains,
  merchantAddDomain,
  merchantChangeMainDomain,
  merchantCheckDomain,
  merchantDeleteDomain,
  merchantListDomains,
  merchantSetDomainRedirect,
} from '@parlour/contract/calls/domain';
import {
  adminBackendRedirect,
  adminExportShops,
  adminListShops,
  merchantBackendRedirect,
  merchantExportShops,
  merchantListShops,
} from '@parlour/contract/calls/store';
import { ErrorCode } from '@parlour/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helper';
import { appWithTestDns, type TestDns, uniqueDomain } from './domain-helper';
import { expectOk, merchantWithStore } from './shop-helper';

/** A store's domains (docs/domains.md), checked through a real resolver against a DNS server on 127.0.0.1. */

let t: TestApp;
let dns: TestDns;
let admin: string;

beforeAll(async () => {
  ({ t, dns, admin } = await appWithTestDns({ PLATFORM_IPV4: '203.0.113.10', PLATFORM_IPV6: '2001:db8::10' }));
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

/** Publishes the records the answer asked for (CNAME or addresses, and the TXT token). */
function publish(records: Array<{ type: string; name: string; value: string }>) {
  for (const record of records) {
    const zone = dns.zones.get(record.name) ?? {};
    if (record.type === 'CNAME') zone.CNAME = record.value;
    if (record.type === 'A') zone.A = [...(zone.A ?? []), record.value];
    if (record.type === 'AAAA') zone.AAAA = [...(zone.AAAA ?? []), record.value];
    if (record.type === 'TXT') zone.TXT = [...(zone.TXT ?? []), record.value];
    dns.zones.set(record.name, zone);
  }
}

describe('[DOMAINS] lists, add, check, change_main', () => {
  it('gives a provisioned store its system domain, bound and primary', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const list = await expectOk(t.call(merchantListDomains, { shop_id: shopId }, token));
    expect(list).toMatchObject({
      shop_id: shopId,
      system_domain: `${shopId}.localhost`,
      limit: 3,
      dns_propagation_minutes: 10,
      total: 1,
    });
    expect(list.list[0]).toMatchObject({
      domain: `${shopId}.localhost`,
      type: 'system',
      status: 'bound',
      is_primary: true,
      records: [],
    });
  });

  it('adds a domain binding with the records to create, binds it once they resolve, and makes it primary', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const name = uniqueDomain('www');
    const added = await expectOk(t.call(merchantAddDomain, { shop_id: shopId, domain: name.toUpperCase() }, token));
    expect(added).toMatchObject({ domain: name, type: 'manual', status: 'binding', is_primary: false, is_apex: false });
    expect(added.records).toEqual([
      { type: 'CNAME', name, value: `${shopId}.localhost` },
      { type: 'TXT', name: `_parlour-verify.${name}`, value: expect.stringMatching(/^parlour-verify-[0-9a-f]{32}$/) },
    ]);
    // Nothing published yet: the domain does not exist.
    const failed = await t.callRaw<{ reason: string }>(
      merchantCheckDomain,
      { id: added.id, lang_code: 'en-US' },
      token,
    );
    expect(failed).toMatchObject({ code: ErrorCode.DOMAIN_VERIFICATION_FAILED, data: { reason: 'nxdomain' } });
    expect(failed.msg).toContain('NXDOMAIN');
    // Binding a domain that is not bound cannot be primary.
    expect((await t.call(merchantChangeMainDomain, { id: added.id }, token)).code).toBe(ErrorCode.DOMAIN_STATE_INVALID);

    publish(added.records);
    const bound = await expectOk(t.call(merchantCheckDomain, { id: added.id }, token));
    expect(bound).toMatchObject({ status: 'bound', failure_reason: null, verified_at: expect.any(String) });

    const primary = await expectOk(t.call(merchantChangeMainDomain, { id: added.id }, token));
    expect(primary.is_primary).toBe(true);
    const list = await expectOk(t.call(merchantListDomains, { shop_id: shopId }, token));
    expect(list.list.filter((domain) => domain.is_primary).map((domain) => domain.id)).toEqual([added.id]);
    // The primary cannot be removed nor redirect; the system domain cannot be removed.
    expect((await t.call(merchantDeleteDomain, { id: added.id }, token)).code).toBe(ErrorCode.DOMAIN_STATE_INVALID);
    expect((await t.call(merchantSetDomainRedirect, { id: added.id, is_redirect: true }, token)).code).toBe(
      ErrorCode.DOMAIN_STATE_INVALID,
    );
    const system = list.list.find((domain) => domain.type === 'system')!;
    expect((await t.call(merchantDeleteDomain, { id: system.id }, token)).code).toBe(ErrorCode.DOMAIN_STATE_INVALID);
    expect(
      await expectOk(t.call(merchantSetDomainRedirect, { id: system.id, is_redirect: true }, token)),
    ).toMatchObject({ is_redirect: true });
  });

  it('shows and enters each store at its primary domain: the system domain until a custom one is made primary, in both consoles', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const system = `${shopId}.localhost`;
    const domainsSeen = async () => {
      const merchantRow = (await expectOk(t.call(merchantListShops, { keyword: shopId }, token))).list.find(
        (shop) => shop.shop_id === shopId,
      )!;
      const adminRow = (await expectOk(t.call(adminListShops, { keyword: shopId }, admin))).list.find(
        (shop) => shop.shop_id === shopId,
      )!;
      const exported = await Promise.all([
        expectOk(t.call(merchantExportShops, { format: 'csv', keyword: shopId }, token)),
        expectOk(t.call(adminExportShops, { format: 'csv', keyword: shopId }, admin)),
      ]);
      const exportLines = exported.map(
        (file) =>
          Buffer.from(file.content_base64, 'base64')
            .toString()
            .split('\n')
            .find((line) => line.includes(shopId)) ?? '',
      );
      const tickets = await Promise.all([
        expectOk(t.call(merchantBackendRedirect, { shop_id: shopId }, token)),
        expectOk(t.call(adminBackendRedirect, { shop_id: shopId }, admin)),
      ]);
      return {
        lists: [merchantRow.domain, adminRow.domain],
        exportLines,
        ticketHosts: tickets.map((ticket) => new URL(ticket.url).host),
      };
    };

    let seen = await domainsSeen();
    expect(seen.lists).toEqual([system, system]);
    for (const line of seen.exportLines) expect(line).toContain(system);
    expect(seen.ticketHosts).toEqual([system, system]);

    const added = await expectOk(t.call(merchantAddDomain, { shop_id: shopId, domain: uniqueDomain('main') }, token));
    publish(added.records);
    await expectOk(t.call(merchantCheckDomain, { id: added.id }, token));
    // Bound but not primary: still the system domain.
    expect((await domainsSeen()).lists).toEqual([system, system]);

    await expectOk(t.call(merchantChangeMainDomain, { id: added.id }, token));
    seen = await domainsSeen();
    expect(seen.lists).toEqual([added.domain, added.domain]);
    for (const line of seen.exportLines) {
      expect(line).toContain(added.domain);
      expect(line).not.toContain(system);
    }
    expect(seen.ticketHosts).toEqual([added.domain, added.domain]);
  });

  it('lets the operator list and add domains of any store', async () => {
    const { shopId } = await merchantWithStore(t);
    const name = uniqueDomain('ops');
    expect(await expectOk(t.call(adminAddDomain, { shop_id: shopId, domain: name }, admin))).toMatchObject({
      domain: name,
      status: 'binding',
    });
    const list = await expectOk(t.call(adminListDomains, { shop_id: shopId }, admin));
    expect(list.list.map((domain) => domain.domain)).toContain(name);
  });
});
