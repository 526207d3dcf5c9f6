import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';
import type { DnsChecker } from '../src/modules/stores/domain/dns-check';
import { buildTestApp } from './helper';
import { signInAdmin } from './shop-helper';

const RCODE_SERVFAIL = 2;
const RCODE_NXDOMAIN = 3;

/** A name's records in a test zone; `silent` never answers (a resolver timeout), `servfail` answers SERVFAIL. */
export interface TestZoneRecords {
  CNAME?: string;
  A?: string[];
  AAAA?: string[];
  TXT?: string[];
  silent?: boolean;
  servfail?: boolean;
}

/**
 * A DNS server on 127.0.0.1 (dns2, UDP) serving the test zones, for DNS_SERVERS. A name not in the
 * zones, and with no name under it, answers NXDOMAIN; a name there without the asked type answers
 * no data. `zones` may be changed while it runs (records "appear").
 */
export async function startTestDns(initial: Record<string, TestZoneRecords> = {}) {
  const zones = new Map<string, TestZoneRecords>(Object.entries(initial));
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question.name.toLowerCase().replace(/\.$/, '');
      const records = zones.get(name);
      if (records?.silent) return;
      if (records?.servfail) {
        response.header.rcode = RCODE_SERVFAIL;
        return send(response);
      }
      const exists = records !== undefined || [...zones.keys()].some((zone) => zone.endsWith(`.${name}`));
      if (!exists) {
        response.header.rcode = RCODE_NXDOMAIN;
        return send(response);
      }
      const base = { name: question.name, class: Packet.CLASS.IN, ttl: 60 };
      // dns2's typings want encoded resources; the server encodes these plain records itself.
      const answers = response.answers as unknown as Array<Record<string, unknown>>;
      if (records?.CNAME) {
        answers.push({ ...base, type: Packet.TYPE.CNAME, domain: records.CNAME });
      } else if (question.type === Packet.TYPE.A) {
        for (const address of records?.A ?? []) answers.push({ ...base, type: Packet.TYPE.A, address });
      } else if (question.type === Packet.TYPE.AAAA) {
        for (const address of records?.AAAA ?? []) answers.push({ ...base, type: Packet.TYPE.AAAA, address });
      } else if (question.type === Packet.TYPE.TXT) {
        for (const data of records?.TXT ?? []) answers.push({ ...base, type: Packet.TYPE.TXT, data });
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const { port } = (server.addresses() as { udp: AddressInfo }).udp;
  return {
    /** For DNS_SERVERS. */
    server: `127.0.0.1:${port}`,
    zones,
    close: () => server.close(),
  };
}

/** A running test DNS server. */
export type TestDns = Awaited<ReturnType<typeof startTestDns>>;

/**
 * A test app whose resolver asks a fresh test DNS server (timing out after 3 s unless `env` says
 * otherwise), the server, and the operator's token; `env` adds to the app's environment.
 */
export async function appWithTestDns(env: Record<string, string> = {}) {
  const dns = await startTestDns();
  const t = await buildTestApp({ env: { DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: '3000', ...env } });
  return { t, dns, admin: await signInAdmin(t) };
}

/**
 * A DNS checker for tests that are not about DNS (idempotency, audit, isolation): a domain starting
 * with `ok-` checks out, any other has no record.
 */
export const fakeDnsChecker: DnsChecker = async ({ domain }) =>
  domain.startsWith('ok-') ? { isBound: true } : { isBound: false, reason: 'no_record', detail: '' };

let domainCounter = 0;
/** A unique custom domain name under example.com; `ok-` first when it should check out with {@link fakeDnsChecker}. */
export function uniqueDomain(prefix = 'shop') {
  domainCounter += 1;
  return `${prefix}-${Date.now().toString(36)}${domainCounter}.example.com`;
}
