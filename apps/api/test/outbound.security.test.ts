import diagnostics_channel from 'node:diagnostics_channel';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { adminEditProductDataConfig } from '@parlour/contract/calls/open-core';
import { adminSetConfig, adminTestSendEmail, adminTestSendWecom } from '@parlour/contract/calls/settings';
import { adminApiLogDetail, merchantApiLogDetail } from '@parlour/contract/calls/traffic-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { outboundRequest } from '../src/lib/outbound/outbound-http';
import { createOutboundPolicy, OutboundError } from '../src/lib/outbound/outbound-policy';
import { startFakeVendor, VENDOR_KEY, VENDOR_SECRET, type FakeVendor } from './fake-product-vendor';
import { buildTestApp, createTestLookup, TEST_PUBLIC_ADDRESS, testDnsTable, type TestApp } from './helper';
import { grantPackage, logsOf, openCall, storeWithKey } from './open-api-helper';
import { TEST_TLS_CERT, TEST_TLS_KEY } from './outbound-tls-fixture';
import { startFakeSmtp } from './settings-fakes';
import { expectOk, signInAdmin } from './shop-helper';

/** Every way of writing an internal address the probe tried, as a URL host. */
const INTERNAL_HOSTS = [
  '127.0.0.1',
  'localhost',
  '2130706433',
  '0x7f000001',
  '0177.0.0.1',
  '[::ffff:127.0.0.1]',
  '[::1]',
  '169.254.169.254',
  '10.0.0.1',
  '172.16.0.1',
  '192.168.1.1',
  '100.64.0.1',
  '0.0.0.0',
  '255.255.255.255',
  '224.0.0.1',
  '[fe80::1]',
  '[fc00::1]',
  '[::]',
  // Names that resolve to internal addresses (the tests' DNS table in helper.ts).
  'loopback.parlour.test',
  'metadata.parlour.test',
  'private.parlour.test',
  'mapped.parlour.test',
  'mixed.parlour.test',
];
/** The same, as an SMTP host: what the contract's host rule lets through. */
const INTERNAL_SMTP_HOSTS = [
  '127.0.0.1',
  'localhost',
  '2130706433',
  '0x7f000001',
  '0177.0.0.1',
  '169.254.169.254',
  '10.0.0.1',
  '100.64.0.1',
  'loopback.parlour.test',
  'mapped.parlour.test',
];

const noAllowList = { OUTBOUND_ALLOW: '' };

async function listen(server: http.Server | https.Server | net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
function close(server: http.Server | net.Server) {
  return new Promise<void>((resolve) => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close(() => resolve());
  });
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('outbound policy: which addresses a connection may reach', () => {
  const policy = createOutboundPolicy({ lookup: createTestLookup() });

  it.each(INTERNAL_HOSTS)('refuses https://%s/', async (host) => {
    await expect(policy.resolveUrl(`https://${host}/`)).rejects.toMatchObject({ kind: 'blocked' });
  });

  it('accepts a public https address and refuses plain http to it', async () => {
    await expect(policy.resolveUrl('https://vendor.example/api')).resolves.toMatchObject({
      addresses: [{ address: TEST_PUBLIC_ADDRESS, family: 4 }],
    });
    await expect(policy.resolveUrl('http://vendor.example/api')).rejects.toMatchObject({ kind: 'insecure' });
    await expect(policy.resolveUrl('ftp://vendor.example/')).rejects.toMatchObject({ kind: 'insecure' });
    // On save a name that does not resolve yet is accepted over https, not over http.
    await expect(policy.checkUrlOnSave('https://not-yet.invalid/')).resolves.toBeUndefined();
    await expect(policy.checkUrlOnSave('http://not-yet.invalid/')).rejects.toMatchObject({ kind: 'insecure' });
  });

  it('lets allow-listed addresses through, plain http included, and nothing else', async () => {
    const allowing = createOutboundPolicy({ allow: ['127.0.0.1', '10.1.0.0/16'], lookup: createTestLookup() });
    await expect(allowing.resolveUrl('http://127.0.0.1:8080/')).resolves.toBeTruthy();
    await expect(allowing.resolveUrl('http://2130706433:8080/')).resolves.toBeTruthy();
    await expect(allowing.resolveUrl('http://[::ffff:127.0.0.1]:8080/')).resolves.toBeTruthy();
    await expect(allowing.resolveUrl('http://10.1.2.3/')).resolves.toBeTruthy();
    await expect(allowing.resolveUrl('http://127.0.0.2/')).rejects.toMatchObject({ kind: 'blocked' });
    await expect(allowing.resolveUrl('http://10.2.0.1/')).rejects.toMatchObject({ kind: 'blocked' });
    await expect(allowing.resolveUrl('https://metadata.parlour.test/')).rejects.toMatchObject({ kind: 'blocked' });
    expect(() => createOutboundPolicy({ allow: ['not-an-address'] })).toThrow(/OUTBOUND_ALLOW/);
  });
});

describe('outbound HTTP: redirects, size cap, timeouts', () => {
  const policy = createOutboundPolicy({ allow: ['127.0.0.1'], lookup: createTestLookup() });
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/redirect') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return response.end();
      }
      if (request.url === '/big') {
        response.writeHead(200, { 'content-type': 'application/json' });
        // No content-length: the cap must hold on a streamed answer too.
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent < 64 && response.write(chunk)) sent += 1;
          if (sent >= 64) return response.end();
          response.once('drain', pump);
        };
        return pump();
      }
      if (request.url === '/trickle') {
        response.writeHead(200);
        const timer = setInterval(() => response.write('.'), 50);
        response.on('close', () => clearInterval(timer));
        return undefined;
      }
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
    });
    base = `http://127.0.0.1:${await listen(server)}`;
  });
  afterAll(() => close(server));

  it('answers within the rules', async () => {
    expect(await outboundRequest(policy, `${base}/`, { timeoutMs: 2000 })).toMatchObject({ status: 200, body: 'ok' });
  });

  it('refuses a redirect instead of following it', async () => {
    await expect(outboundRequest(policy, `${base}/redirect`, { timeoutMs: 2000 })).rejects.toMatchObject({
      kind: 'redirect',
    });
  });

  it('stops reading past the size cap', async () => {
    await expect(
      outboundRequest(policy, `${base}/big`, { timeoutMs: 5000, maxBytes: 1024 * 1024 }),
    ).rejects.toMatchObject({ kind: 'too_large' });
  });

  it('gives up at the total timeout even while bytes keep arriving', async () => {
    const started = Date.now();
    await expect(outboundRequest(policy, `${base}/trickle`, { timeoutMs: 300 })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('a process that stalls past the connect timeout while connecting is not told the connection timed out', async () => {
    // The process is busy (a loaded machine) from the moment its socket is created: by the time it
    // runs again the connection was made, but its timers come before that I/O.
    const stall = () => {
      const until = Date.now() + 300;
      while (Date.now() < until) {
        /* busy */
      }
    };
    diagnostics_channel.subscribe('net.client.socket', stall);
    try {
      expect(await outboundRequest(policy, `${base}/`, { timeoutMs: 3000, connectTimeoutMs: 100 })).toMatchObject({
        status: 200,
        body: 'ok',
      });
    } finally {
      diagnostics_channel.unsubscribe('net.client.socket', stall);
    }
  });

  it('gives up on a name that does not answer in time', async () => {
    const slowDns = createOutboundPolicy({ lookup: () => new Promise(() => undefined), dnsTimeoutMs: 100 });
    await expect(outboundRequest(slowDns, 'https://slow.example/', { timeoutMs: 2000 })).rejects.toMatchObject({
      kind: 'timeout',
    });
  });

  it('refuses a loopback address that is not allow-listed without connecting', async () => {
    let isReached = false;
    server.once('request', () => (isReached = true));
    const strict = createOutboundPolicy({ lookup: createTestLookup() });
    const error = await outboundRequest(strict, `${base}/`, { timeoutMs: 2000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundError);
    expect(error).toMatchObject({ kind: 'blocked' });
    expect(isReached).toBe(false);
  });
});

describe('outbound https: the checked address is connected to, the configured name is verified', () => {
  let server: https.Server;
  let port: number;
  beforeAll(async () => {
    server = https.createServer({ key: TEST_TLS_KEY, cert: TEST_TLS_CERT }, (request, response) =>
      response.end(`secure ${request.headers.host}`),
    );
    port = await listen(server);
  });
  afterAll(() => close(server));

  it('presents and verifies the name while connecting to the address the policy answered', async () => {
    const policy = createOutboundPolicy({
      allow: ['127.0.0.1'],
      lookup: createTestLookup({ 'vendor.parlour.test': ['127.0.0.1'] }),
    });
    expect(
      await outboundRequest(policy, `https://vendor.parlour.test:${port}/`, { timeoutMs: 3000, ca: TEST_TLS_CERT }),
    ).toMatchObject({ status: 200, body: `secure vendor.parlour.test:${port}` });
    // The certificate names vendor.parlour.test, not the address: verified against the name, refused by address.
    await expect(
      outboundRequest(policy, `https://127.0.0.1:${port}/`, { timeoutMs: 3000, ca: TEST_TLS_CERT }),
    ).rejects.toMatchObject({ kind: 'network' });
  });

  it('refuses the same server when the name resolves to it without the allow-list', async () => {
    const strict = createOutboundPolicy({ lookup: createTestLookup({ 'vendor.parlour.test': ['127.0.0.1'] }) });
    await expect(
      outboundRequest(strict, `https://vendor.parlour.test:${port}/`, { timeoutMs: 3000, ca: TEST_TLS_CERT }),
    ).rejects.toMatchObject({ kind: 'blocked' });
  });
});

describe('outbound: settings refused at save time, naming the field', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...noAllowList, WECOM_WEBHOOK_BASE: 'http://127.0.0.1:9' } });
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  it.each(INTERNAL_HOSTS)('the vendor base URL https://%s', async (host) => {
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const answer = await t.callRaw<{ errors: Array<{ field: string; message: string }> }>(
        adminEditProductDataConfig,
        { provider: 'http', base_url: `https://${host}:8443/api`, key: 'k', secret: 's', lang_code: lang },
        admin,
      );
      expect(answer.code).toBe(10001);
      expect(answer.msg).toBe(
        lang === 'en-US'
          ? 'Base URL must not point at a loopback, private, link-local or reserved address'
          : '接口地址不能指向本机、内网、链路本地或保留地址',
      );
      expect(answer.data.errors[0].field).toBe('base_url');
    }
  });

  it('the vendor base URL over plain http, and accepts a public https one', async () => {
    const plain = await t.callRaw(
      adminEditProductDataConfig,
      { provider: 'http', base_url: 'http://api.vendor.example', key: 'k', secret: 's', lang_code: 'en-US' },
      admin,
    );
    expect([plain.code, plain.msg]).toEqual([10001, 'Base URL must be an https:// address']);
    await expectOk(
      t.call(
        adminEditProductDataConfig,
        { provider: 'http', base_url: 'https://api.vendor.example', key: 'k', secret: 's' },
        admin,
      ),
    );
  });

  it.each(INTERNAL_SMTP_HOSTS)('the SMTP host %s', async (host) => {
    const answer = await t.callRaw<{ errors: Array<{ field: string }> }>(
      adminSetConfig,
      {
        group: 'mail',
        values: { smtp_host: host, smtp_port: 25, smtp_security: 'none', mail_sender: 'a@parlour.test' },
        lang_code: 'zh-CN',
      },
      admin,
    );
    expect([answer.code, answer.msg]).toEqual([10001, 'SMTP 服务器不能是本机、内网、链路本地或保留地址']);
    expect(answer.data.errors[0].field).toBe('values.smtp_host');
  });

  it('the WeCom webhook on an internal address', async () => {
    const answer = await t.callRaw(
      adminSetConfig,
      {
        group: 'wecom',
        values: { webhook_url: 'http://127.0.0.1:9/cgi-bin/webhook/send?key=abc' },
        lang_code: 'en-US',
      },
      admin,
    );
    expect([answer.code, answer.msg]).toEqual([
      10001,
      'Webhook URL must not point at a loopback, private, link-local or reserved address',
    ]);
  });
});

describe('outbound: checked again when connecting', () => {
  let allowing: TestApp;
  let strict: TestApp;
  let vendor: FakeVendor;
  let adminAllowing: string;
  let adminStrict: string;
  /** The tests' DNS table, which the rebinding test changes between save and call. */
  const dns: Record<string, string[]> = { ...testDnsTable };
  beforeAll(async () => {
    vendor = await startFakeVendor();
    // One process may reach 127.0.0.1 (the saved settings point at local fakes, as an older
    // release let anyone save); a second process on the same database runs without the allow-list.
    allowing = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    strict = await buildTestApp({
      database: allowing.database,
      clock: allowing.clock,
      env: { ...noAllowList, CODE_SENDS_PER_IP_PER_HOUR: '10000' },
      outboundLookup: createTestLookup(dns),
    });
    adminAllowing = await signInAdmin(allowing);
    adminStrict = await signInAdmin(strict);
  });
  afterAll(async () => {
    await strict.close();
    await allowing.close();
    await vendor.close();
  });

  it('a stored vendor URL on loopback, in every spelling, is not fetched; the units are given back', async () => {
    const store = await storeWithKey(allowing);
    await grantPackage(allowing, { merchantId: store.merchantId, units: 100 });
    const port = new URL(vendor.baseUrl).port;
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '[::ffff:127.0.0.1]',
      'loopback.parlour.test',
    ]) {
      await expectOk(
        allowing.call(
          adminEditProductDataConfig,
          {
            provider: 'http',
            base_url: `http://${host}:${port}`,
            key: VENDOR_KEY,
            secret: VENDOR_SECRET,
            timeout_ms: 2000,
          },
          adminAllowing,
        ),
      );
      // The other process reads the provider configuration at most once a second.
      await sleep(1100);
      vendor.requests.length = 0;
      const answer = await openCall(strict, 'taobao/item_get', { num_iid: '42' }, store.key);
      expect(answer.code, host).toBe(13007);
      expect(vendor.requests, host).toEqual([]);
      const log = (await logsOf(strict, store.shopRef)).at(-1)!;
      expect(log.error, host).toMatch(/^OPEN_UPSTREAM_FAILED: network: blocked: .* is a loopback address/);
    }
  });

  it('a name that resolves to a public address when saved and to 127.0.0.1 when called (DNS rebinding) is not fetched', async () => {
    const store = await storeWithKey(strict);
    await grantPackage(strict, { merchantId: store.merchantId, units: 10 });
    dns['rebind.parlour.test'] = [TEST_PUBLIC_ADDRESS];
    const port = new URL(vendor.baseUrl).port;
    await expectOk(
      strict.call(
        adminEditProductDataConfig,
        {
          provider: 'http',
          base_url: `https://rebind.parlour.test:${port}`,
          key: VENDOR_KEY,
          secret: VENDOR_SECRET,
          timeout_ms: 2000,
        },
        adminStrict,
      ),
    );
    dns['rebind.parlour.test'] = ['127.0.0.1'];
    vendor.requests.length = 0;
    expect((await openCall(strict, 'taobao/item_get', { num_iid: '7' }, store.key)).code).toBe(13007);
    expect(vendor.requests).toEqual([]);
    expect((await logsOf(strict, store.shopRef)).at(-1)!.error).toMatch(/blocked: 127\.0\.0\.1 is a loopback address/);
  });

  it('a vendor redirect is not followed, an oversized answer is cut off', async () => {
    const target = `${vendor.baseUrl}/taobao/item_get/?key=${VENDOR_KEY}&secret=${VENDOR_SECRET}&num_iid=1`;
    const tricky = http.createServer((request, response) => {
      if (request.url?.startsWith('/redirect/')) {
        response.writeHead(302, { location: target });
        return response.end();
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error_code: '0000', item: { num_iid: '1', title: 'x'.repeat(3 * 1024 * 1024) } }));
    });
    const port = await listen(tricky);
    try {
      const store = await storeWithKey(allowing);
      await grantPackage(allowing, { merchantId: store.merchantId, units: 10 });
      await expectOk(
        allowing.call(
          adminEditProductDataConfig,
          {
            provider: 'http',
            base_url: `http://127.0.0.1:${port}/redirect`,
            key: VENDOR_KEY,
            secret: VENDOR_SECRET,
            timeout_ms: 2000,
          },
          adminAllowing,
        ),
      );
      vendor.requests.length = 0;
      expect((await openCall(allowing, 'taobao/item_get', { num_iid: '1' }, store.key)).code).toBe(13007);
      expect(vendor.requests).toEqual([]);
      expect((await logsOf(allowing, store.shopRef)).at(-1)!.error).toMatch(
        /^OPEN_UPSTREAM_FAILED: network: redirect: HTTP 302/,
      );

      await expectOk(
        allowing.call(
          adminEditProductDataConfig,
          {
            provider: 'http',
            base_url: `http://127.0.0.1:${port}/big`,
            key: VENDOR_KEY,
            secret: VENDOR_SECRET,
            timeout_ms: 2000,
          },
          adminAllowing,
        ),
      );
      expect((await openCall(allowing, 'taobao/item_get', { num_iid: '1' }, store.key)).code).toBe(13007);
      expect((await logsOf(allowing, store.shopRef)).at(-1)!.error).toMatch(
        /^OPEN_UPSTREAM_FAILED: network: too_large: /,
      );
    } finally {
      await close(tricky);
    }
  });

  it('a stored SMTP host on loopback is not connected to; the test send says why in our words', async () => {
    const smtp = await startFakeSmtp({ user: 'u@parlour.test', password: 'pw' });
    try {
      await expectOk(
        allowing.call(
          adminSetConfig,
          {
            group: 'mail',
            values: {
              smtp_host: '127.0.0.1',
              smtp_port: smtp.port,
              smtp_security: 'none',
              smtp_user: 'u@parlour.test',
              smtp_password: 'pw',
              mail_sender: 'a@parlour.test',
            },
          },
          adminAllowing,
        ),
      );
      const answer = await strict.call(adminTestSendEmail, { to: 'x@example.com', lang_code: 'en-US' }, adminStrict);
      expect([answer.code, answer.msg]).toEqual([
        12050,
        'Sending failed: the address is a loopback, private or reserved address; not connected',
      ]);
      expect(smtp.connections()).toBe(0);
      expect(smtp.received).toEqual([]);
      // The process allowed to reach it sends.
      await expectOk(allowing.call(adminTestSendEmail, { to: 'x@example.com' }, adminAllowing));
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('a stored WeCom webhook on loopback is not posted to', async () => {
    let isReached = false;
    const robot = http.createServer((_request, response) => {
      isReached = true;
      response.end('{"errcode":0,"errmsg":"ok"}');
    });
    const port = await listen(robot);
    const withRobot = await buildTestApp({
      database: allowing.database,
      clock: allowing.clock,
      env: { WECOM_WEBHOOK_BASE: `http://127.0.0.1:${port}` },
    });
    const strictRobot = await buildTestApp({
      database: allowing.database,
      clock: allowing.clock,
      env: { ...noAllowList, WECOM_WEBHOOK_BASE: `http://127.0.0.1:${port}` },
    });
    try {
      await expectOk(
        withRobot.call(
          adminSetConfig,
          { group: 'wecom', values: { webhook_url: `http://127.0.0.1:${port}/cgi-bin/webhook/send?key=abc` } },
          await signInAdmin(withRobot),
        ),
      );
      const answer = await strictRobot.call(
        adminTestSendWecom,
        { content: 'hi', lang_code: 'zh-CN' },
        await signInAdmin(strictRobot),
      );
      expect([answer.code, answer.msg]).toEqual([12050, '发送失败：地址指向本机、内网或保留地址，已拒绝连接']);
      expect(isReached).toBe(false);
    } finally {
      await strictRobot.close();
      await withRobot.close();
      await close(robot);
    }
  });
});

describe('outbound: test send is not a port scanner', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  it.each([
    ['an SSH server', (socket: net.Socket) => socket.write('SSH-2.0-OpenSSH_9.6 internal-build-7731\r\n')],
    [
      'an HTTP server',
      (socket: net.Socket) =>
        socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\nServer: internal-nginx/1.25.3\r\n\r\n')),
    ],
    ['a database', (socket: net.Socket) => socket.end('-ERR db password=hunter2 unknown command\r\n')],
  ])('against %s answers a generic reason without its banner', async (_name, greet) => {
    const listener = net.createServer(greet);
    const port = await listen(listener);
    try {
      await expectOk(
        t.call(
          adminSetConfig,
          {
            group: 'mail',
            values: { smtp_host: '127.0.0.1', smtp_port: port, smtp_security: 'none', mail_sender: 'a@parlour.test' },
          },
          admin,
        ),
      );
      for (const lang of ['en-US', 'zh-CN'] as const) {
        const answer = await t.callRaw(adminTestSendEmail, { to: 'x@example.com', lang_code: lang }, admin);
        expect(answer.code).toBe(12050);
        expect(answer.msg).toMatch(
          lang === 'en-US'
            ? /^Sending failed: (the server at this address is not an SMTP server|could not connect to the server|the server did not answer in time)$/
            : /^发送失败：/,
        );
        expect(JSON.stringify(answer)).not.toMatch(/OpenSSH|internal-build|nginx|Bad Request|hunter2|ERR/);
      }
    } finally {
      await close(listener);
    }
  });
});

describe('outbound: merchants never see upstream text', () => {
  let t: TestApp;
  let leaky: http.Server;
  beforeAll(async () => {
    leaky = http.createServer((_request, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('Internal Server Error: db password=hunter2');
    });
    const port = await listen(leaky);
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    await expectOk(
      t.call(
        adminEditProductDataConfig,
        { provider: 'http', base_url: `http://127.0.0.1:${port}`, key: 'k', secret: 's', timeout_ms: 2000 },
        await signInAdmin(t),
      ),
    );
  });
  afterAll(async () => {
    await t.close();
    await close(leaky);
  });

  it("a merchant's log detail carries the outcome code only; the operator reads the upstream's words", async () => {
    const store = await storeWithKey(t);
    await grantPackage(t, { merchantId: store.merchantId, units: 10 });
    expect((await openCall(t, 'taobao/item_get', { num_iid: '1' }, store.key)).code).toBe(13007);
    const id = (await logsOf(t, store.shopRef)).at(-1)!.id;
    const merchantView = await expectOk(t.call(merchantApiLogDetail, { id }, store.token));
    expect(merchantView).toMatchObject({
      status: 'failed_upstream',
      error: 'OPEN_UPSTREAM_FAILED',
      error_code: 'OPEN_UPSTREAM_FAILED',
    });
    expect(JSON.stringify(merchantView)).not.toContain('hunter2');
    const operatorView = await expectOk(t.call(adminApiLogDetail, { id }, await signInAdmin(t)));
    expect(operatorView.error).toMatch(/^OPEN_UPSTREAM_FAILED: http: HTTP 500 .*db password=hunter2/);
  });
});

describe('outbound: the allow-list is for tests and development only', () => {
  const production = {
    NODE_ENV: 'production',
    ADMIN_ACCOUNT: 'ops',
    ADMIN_PASSWORD: 'Ops#Secret1',
    SECRETS_KEY: 'ab'.repeat(32),
    SHOP_BASE_DOMAIN: 'parlour.shop',
    LOG_LEVEL: 'silent',
  };

  it('production refuses OUTBOUND_ALLOW at start; other environments take addresses and ranges only', async () => {
    expect(() => loadConfig({ ...production, OUTBOUND_ALLOW: '127.0.0.1' })).toThrow(
      /OUTBOUND_ALLOW .*refused when NODE_ENV=production/,
    );
    expect(loadConfig(production).outboundAllow).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'development', OUTBOUND_ALLOW: '127.0.0.1, 10.0.0.0/8,::1' }).outboundAllow).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ NODE_ENV: 'development', OUTBOUND_ALLOW: 'localhost' })).toThrow(
      /OUTBOUND_ALLOW: "localhost"/,
    );
    // A configuration built by hand is held to the same rule.
    const config = { ...loadConfig(production), outboundAllow: ['127.0.0.1'] };
    await expect(buildApp({ config, database: {} as never, logger: false })).rejects.toThrow(/OUTBOUND_ALLOW/);
  });
});
