import {
  merchantAddDomain,
  merchantCheckDomain,
  merchantListDomains,
  type TDomain,
} from '@parlour/contract/calls/domain';
import { adminEditVersionFunctions, adminListVersions } from '@parlour/contract/calls/store';
import { ErrorCode } from '@parlour/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helper';
import { appWithTestDns, type TestDns, uniqueDomain } from './domain-helper';
import { expectOk, merchantWithStore } from './shop-helper';

/**
 * Domains (docs/domains.md): refused domains, every failure reason of a check against a DNS server on
 * 127.0.0.1, the limit under concurrency, uniqueness across merchants.
 */

let t: TestApp;
let dns: TestDns;
let admin: string;
let merchant: { token: string; shopId: string };

beforeAll(async () => {
  ({ t, dns, admin } = await appWithTestDns({
    DNS_TIMEOUT_MS: '1500',
    PLATFORM_IPV4: '203.0.113.10',
    PLATFORM_IPV6: '2001:db8::10',
    SITE_HOSTS: 'parlour.com',
    CONSOLE_HOSTS: 'console.parlour.com',
  }));
  merchant = await merchantWithStore(t);
  // Room for the domains below (the platform rule is 3).
  await t.database.executeSql(
    'update store_versions set domain_limit = 50 where id = (select version_id from shops where shop_id = $1)',
    [merchant.shopId],
  );
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const add = (domain: string, lang: 'zh-CN' | 'en-US' = 'en-US', token = merchant.token, shopId = merchant.shopId) =>
  t.callRaw<{ errors?: Array<{ field: string; message: string }> }>(
    merchantAddDomain,
    { shop_id: shopId, domain, lang_code: lang },
    token,
  );
const check = (id: number, token = merchant.token) =>
  t.callRaw<{ reason: string; detail: string; domain: TDomain }>(
    merchantCheckDomain,
    { id, lang_code: 'en-US' },
    token,
  );

describe('[DOMAINS] add refuses what is not a custom domain, naming the field in both languages', () => {
  const cases: Array<[string, string]> = [
    ['', 'Domain is required'],
    ['   ', 'Domain is required'],
    ['http://shop.example.com', 'Domain must be a name such as shop.example.com'],
    ['shop.example.com/path', 'Domain must be a name such as shop.example.com'],
    ['shop.example.com:8080', 'Domain must be a name such as shop.example.com'],
    ['user@shop.example.com', 'Domain must be a name such as shop.example.com'],
    ['shop..example.com', 'Domain must be a name such as shop.example.com'],
    ['-shop.example.com', 'Domain must be a name such as shop.example.com'],
    ['shop.example.notatld', 'Domain must be a name such as shop.example.com'],
    ['example', 'Domain must be a name such as shop.example.com'],
    ['203.0.113.7', 'Domain must be a name, not an IP address'],
    ['[2001:db8::1]', 'Domain must be a name such as shop.example.com'],
    ['co.uk', 'Domain cannot be a public suffix'],
    ['github.io', 'Domain cannot be a public suffix'],
    ['localhost', "Domain cannot be one of the platform's own hosts"],
    ['other.localhost', "Domain cannot be one of the platform's own hosts"],
    ['parlour.com', "Domain cannot be one of the platform's own hosts"],
    ['shop.console.parlour.com', "Domain cannot be one of the platform's own hosts"],
  ];
  for (const [domain, message] of cases) {
    it(`refuses ${JSON.stringify(domain)}`, async () => {
      const answer = await add(domain);
      expect(answer.code, JSON.stringify(answer)).toBe(ErrorCode.VALIDATION_FAILED);
      expect(answer.msg).toContain(message);
    });
  }

  it('says it in Chinese too', async () => {
    expect((await add('co.uk', 'zh-CN')).msg).toContain('域名不能是公共后缀');
    expect((await add('', 'zh-CN')).msg).toBe('请输入域名');
  });

  it('lower-cases, converts an internationalised name to punycode and tells an apex by the public-suffix list', async () => {
    const idn = await expectOk(
      t.call(merchantAddDomain, { shop_id: merchant.shopId, domain: '例子.中国' }, merchant.token),
    );
    expect(idn).toMatchObject({ domain: 'xn--fsqu00a.xn--fiqs8s', display_domain: '例子.中国', is_apex: true });
    const upper = await expectOk(
      t.call(merchantAddDomain, { shop_id: merchant.shopId, domain: 'WWW.Bücher-Shop.de.' }, merchant.token),
    );
    expect(upper).toMatchObject({
      domain: 'www.xn--bcher-shop-9db.de',
      display_domain: 'www.bücher-shop.de',
      is_apex: false,
    });
    const subUk = await expectOk(
      t.call(merchantAddDomain, { shop_id: merchant.shopId, domain: 'shop.example.co.uk' }, merchant.token),
    );
    expect(subUk.is_apex).toBe(false);
    // An apex cannot hold a CNAME: it is told to point A/AAAA records at the platform.
    expect(
      idn.records.map((record) => `${record.type} ${record.name} ${record.type === 'TXT' ? '' : record.value}`.trim()),
    ).toEqual([
      'A xn--fsqu00a.xn--fiqs8s 203.0.113.10',
      'AAAA xn--fsqu00a.xn--fiqs8s 2001:db8::10',
      'TXT _parlour-verify.xn--fsqu00a.xn--fiqs8s',
    ]);
    // The same domain twice in one store.
    expect((await add('xn--fsqu00a.xn--fiqs8s')).msg).toContain('Domain is already added to this store');
  });
});

describe('[DOMAINS] check says precisely why a domain is not bound', () => {
  async function addedWith(records: (domain: string, token: string, systemDomain: string) => void) {
    const domain = await expectOk(
      t.call(merchantAddDomain, { shop_id: merchant.shopId, domain: uniqueDomain('check') }, merchant.token),
    );
    const token = domain.records.find((record) => record.type === 'TXT')!.value;
    records(domain.domain, token, `${merchant.shopId}.localhost`);
    return domain;
  }
  const txt = (domain: string, token: string) => dns.zones.set(`_parlour-verify.${domain}`, { TXT: [token] });

  const reasons: Array<[string, (domain: string, token: string, systemDomain: string) => void, string, string]> = [
    ['nxdomain', () => undefined, '', 'NXDOMAIN'],
    ['no_record', (domain, token) => txt(domain, token), '', 'No CNAME or A/AAAA record'],
    [
      'cname_elsewhere',
      (domain, token) => (dns.zones.set(domain, { CNAME: 'elsewhere.example.net' }), txt(domain, token)),
      'elsewhere.example.net',
      'points at elsewhere.example.net',
    ],
    [
      'address_conflict',
      (domain, token) => (dns.zones.set(domain, { A: ['203.0.113.10', '198.51.100.7'] }), txt(domain, token)),
      '198.51.100.7',
      "do not match the platform's addresses (198.51.100.7)",
    ],
    [
      'txt_missing',
      (domain, _token, system) => dns.zones.set(domain, { CNAME: system }),
      '',
      'TXT verification record was not found',
    ],
    [
      'txt_mismatch',
      (domain, _token, system) => (
        dns.zones.set(domain, { CNAME: system }),
        dns.zones.set(`_parlour-verify.${domain}`, { TXT: ['someone-else'] })
      ),
      'someone-else',
      'it holds someone-else',
    ],
    ['resolver_timeout', (domain) => dns.zones.set(domain, { silent: true }), '', 'timed out'],
    ['resolver_timeout', (domain) => dns.zones.set(domain, { servfail: true }), 'ESERVFAIL', 'timed out'],
  ];
  for (const [reason, records, detail, message] of reasons) {
    it(`${reason}${detail ? ` (${detail})` : ''}`, async () => {
      const domain = await addedWith(records);
      const answer = await check(domain.id);
      expect(answer.code).toBe(ErrorCode.DOMAIN_VERIFICATION_FAILED);
      expect(answer.data).toMatchObject({ reason, detail, domain: { status: 'binding', failure_reason: reason } });
      expect(answer.msg).toMatch(/^Domain verification failed: /);
      expect(answer.msg).toContain(message);
      expect(answer.msg).toContain('about 10 minutes');
      // The list shows the last failure in the reader's language.
      const listed = (
        await expectOk(t.call(merchantListDomains, { shop_id: merchant.shopId, lang_code: 'zh-CN' }, merchant.token))
      ).list.find((row) => row.id === domain.id)!;
      expect(listed).toMatchObject({ status: 'binding', failure_reason: reason, last_checked_at: expect.any(String) });
      expect(listed.failure_message).not.toBe('');
    });
  }

  it('binds an apex whose A/AAAA records are only the platform addresses', async () => {
    const domain = await expectOk(
      t.call(
        merchantAddDomain,
        { shop_id: merchant.shopId, domain: `apex${Date.now().toString(36)}.com` },
        merchant.token,
      ),
    );
    dns.zones.set(domain.domain, { A: ['203.0.113.10'], AAAA: ['2001:db8::10'] });
    dns.zones.set(`_parlour-verify.${domain.domain}`, {
      TXT: [domain.records.find((record) => record.type === 'TXT')!.value],
    });
    expect(await expectOk(t.call(merchantCheckDomain, { id: domain.id }, merchant.token))).toMatchObject({
      status: 'bound',
      failure_reason: null,
      failure_message: '',
    });
  });
});

describe('[DOMAINS] the limit and uniqueness', () => {
  it('holds the store limit under concurrent adds', async () => {
    const store = await merchantWithStore(t);
    await t.database.executeSql(
      'update store_versions set domain_limit = 2 where id = (select version_id from shops where shop_id = $1)',
      [store.shopId],
    );
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => add(uniqueDomain('race'), 'en-US', store.token, store.shopId)),
      );
      expect(answers.filter((answer) => answer.code === 200)).toHaveLength(2);
      const refused = answers.filter((answer) => answer.code !== 200);
      expect(refused.every((answer) => answer.code === ErrorCode.DOMAIN_LIMIT_REACHED)).toBe(true);
      expect(refused[0].msg).toBe('This store has reached its limit of 2 domains');
      const list = await expectOk(t.call(merchantListDomains, { shop_id: store.shopId }, store.token));
      expect(list).toMatchObject({ limit: 2, total: 3 });
    } finally {
      await t.database.executeSql(
        'update store_versions set domain_limit = 50 where id = (select version_id from shops where shop_id = $1)',
        [store.shopId],
      );
    }
  });

  it('takes the limit from the version the operator edits, else the platform rule', async () => {
    const { list } = await expectOk(t.call(adminListVersions, { limit: 100 }, admin));
    const version = list.find((row) => row.id === 1)!;
    expect(version.domain_limit).toBeNull();
    const edited = await expectOk(
      t.call(
        adminEditVersionFunctions,
        {
          id: version.id,
          name: version.localized.name,
          description: version.localized.description,
          features: version.localized.features,
          trial_days: version.trial_days,
          status: version.status,
          sort: version.sort,
          domain_limit: 7,
        },
        admin,
      ),
    );
    expect(edited.domain_limit).toBe(7);
    // An edit without the field keeps it; null gives the version back to the platform rule.
    const kept = await expectOk(
      t.call(
        adminEditVersionFunctions,
        {
          id: version.id,
          name: version.localized.name,
          trial_days: version.trial_days,
          status: version.status,
          sort: version.sort,
        },
        admin,
      ),
    );
    expect(kept.domain_limit).toBe(7);
    const reset = await expectOk(
      t.call(
        adminEditVersionFunctions,
        {
          id: version.id,
          name: version.localized.name,
          trial_days: version.trial_days,
          status: version.status,
          sort: version.sort,
          domain_limit: null,
        },
        admin,
      ),
    );
    expect(reset.domain_limit).toBeNull();
    const refused = await t.callRaw(
      adminEditVersionFunctions,
      { id: version.id, name: version.localized.name, domain_limit: 0, lang_code: 'en-US' },
      admin,
    );
    expect(refused).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      msg: expect.stringContaining('Domain limit must be a whole number from 1 to 100'),
    });
  });

  it('lets several merchants claim a domain: the one who verifies binds it, the others are dropped and refused', async () => {
    const other = await merchantWithStore(t);
    const name = uniqueDomain('contested');
    const mine = await expectOk(t.call(merchantAddDomain, { shop_id: merchant.shopId, domain: name }, merchant.token));
    // A stale or hostile claim does not block the owner, and does not leak the owner's token.
    const theirs = await expectOk(t.call(merchantAddDomain, { shop_id: other.shopId, domain: name }, other.token));
    expect(theirs.records.find((record) => record.type === 'TXT')!.value).not.toBe(
      mine.records.find((record) => record.type === 'TXT')!.value,
    );

    dns.zones.set(name, { CNAME: `${merchant.shopId}.localhost` });
    dns.zones.set(`_parlour-verify.${name}`, { TXT: [mine.records.find((record) => record.type === 'TXT')!.value] });
    expect(await expectOk(t.call(merchantCheckDomain, { id: mine.id }, merchant.token))).toMatchObject({
      status: 'bound',
    });

    // The other claim was dropped with the binding; adding the bound domain elsewhere is refused.
    expect((await check(theirs.id, other.token)).code).toBe(ErrorCode.NOT_FOUND);
    const again = await add(name, 'en-US', other.token, other.shopId);
    expect(again).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      msg: 'Domain is bound (or being bound) to another store',
    });
  });
});
