import { merchantAddDomain, merchantListDomains } from '@parlour/contract/calls/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helper';
import { appWithTestDns, type TestDns, uniqueDomain } from './domain-helper';
import { expectOk, merchantWithStore } from './shop-helper';

/** An apex (docs/domains.md, Check) on a platform that has not published its addresses (PLATFORM_IPV4/6 unset). */

let t: TestApp;
let dns: TestDns;

beforeAll(async () => {
  ({ t, dns } = await appWithTestDns({}));
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

describe('[DOMAINS] an apex without published platform addresses', () => {
  it('lists no CNAME (an apex cannot hold one) and no address record, only the TXT token; a subdomain still gets its CNAME', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const apex = uniqueDomain('apex').replace(/\.example\.com$/, '.com');
    const added = await expectOk(t.call(merchantAddDomain, { shop_id: shopId, domain: apex }, token));
    expect(added).toMatchObject({ domain: apex, is_apex: true });
    expect(added.records).toEqual([
      { type: 'TXT', name: `_parlour-verify.${apex}`, value: expect.stringMatching(/^parlour-verify-/) },
    ]);
    const listed = (await expectOk(t.call(merchantListDomains, { shop_id: shopId }, token))).list.find(
      (domain) => domain.domain === apex,
    );
    expect(listed?.records.map((record) => record.type)).toEqual(['TXT']);

    const sub = await expectOk(t.call(merchantAddDomain, { shop_id: shopId, domain: `www.${apex}` }, token));
    expect(sub.records.map((record) => `${record.type} ${record.name}`)).toEqual([
      `CNAME www.${apex}`,
      `TXT _parlour-verify.www.${apex}`,
    ]);
  });
});
