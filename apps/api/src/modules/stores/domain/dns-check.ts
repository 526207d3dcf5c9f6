import { Resolver } from 'node:dns/promises';
import { DOMAIN_VERIFY_LABEL, type DomainFailureReason } from '@parlour/contract/calls/domain';

/** What a domain's DNS records must say: where its CNAME points (or the addresses of an apex) and its TXT token. */
export interface DomainExpectation {
  domain: string;
  /** The store's system domain, the CNAME's target. */
  systemDomain: string;
  token: string;
  platformIpv4: readonly string[];
  platformIpv6: readonly string[];
}

export type DnsCheckResult = { isBound: true } | { isBound: false; reason: DomainFailureReason; detail: string };

/** Checks a domain's records; the service depends on this, tests may pass their own. */
export type DnsChecker = (expectation: DomainExpectation) => Promise<DnsCheckResult>;

class LookupFailure extends Error {
  constructor(
    readonly reason: DomainFailureReason,
    readonly detail = '',
  ) {
    super(reason);
  }
}

const NO_DATA = new Set(['ENODATA', 'ENOTFOUND']);
const normalise = (name: string) => name.toLowerCase().replace(/\.$/, '');
const shorten = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * Checks through a real DNS resolver (node:dns Resolver): `servers` are host or host:port entries
 * (DNS_SERVERS; none: the system's), each lookup bounded by `timeoutMs`. The domain must CNAME to
 * the store's system domain — or, for an apex (or a name with addresses instead of a CNAME), have
 * only the platform's A/AAAA addresses — and `_parlour-verify.<domain>` must hold the token in a TXT.
 */
export function createDnsChecker(options: { servers: readonly string[]; timeoutMs: number }): DnsChecker {
  const resolverOf = () => {
    const resolver = new Resolver({ timeout: options.timeoutMs, tries: 1 });
    if (options.servers.length) resolver.setServers([...options.servers]);
    return resolver;
  };

  /** Runs one lookup: its answer, null for no such record, or a failure (NXDOMAIN or a resolver failure). */
  async function lookup<T>(
    resolver: Resolver,
    run: () => Promise<T>,
    { isNxdomainFailure }: { isNxdomainFailure: boolean },
  ): Promise<T | null> {
    let timer: NodeJS.Timeout | undefined;
    const guard = new Promise<never>((_resolve, reject) => {
      // The resolver's own timeout covers each try; this covers a resolver that never calls back.
      timer = setTimeout(
        () => {
          resolver.cancel();
          reject(new LookupFailure('resolver_timeout'));
        },
        options.timeoutMs * 2 + 500,
      );
    });
    try {
      return await Promise.race([run(), guard]);
    } catch (error) {
      if (error instanceof LookupFailure) throw error;
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'ENOTFOUND' && isNxdomainFailure) throw new LookupFailure('nxdomain');
      if (NO_DATA.has(code)) return null;
      // A timeout says enough; another failure (SERVFAIL, REFUSED, …) names itself.
      throw new LookupFailure('resolver_timeout', code === 'ETIMEOUT' ? '' : code);
    } finally {
      clearTimeout(timer);
    }
  }

  async function checkTarget(resolver: Resolver, expected: DomainExpectation) {
    const cname = await lookup(resolver, () => resolver.resolveCname(expected.domain), { isNxdomainFailure: true });
    if (cname?.length) {
      const target = normalise(cname[0]);
      if (target !== normalise(expected.systemDomain)) throw new LookupFailure('cname_elsewhere', target);
      return;
    }
    const [v4, v6] = await Promise.all([
      lookup(resolver, () => resolver.resolve4(expected.domain), { isNxdomainFailure: true }),
      lookup(resolver, () => resolver.resolve6(expected.domain), { isNxdomainFailure: true }),
    ]);
    const addresses = [...(v4 ?? []), ...(v6 ?? [])];
    if (!addresses.length) throw new LookupFailure('no_record');
    const platform = new Set(
      [...expected.platformIpv4, ...expected.platformIpv6].map((address) => address.toLowerCase()),
    );
    const foreign = addresses.filter((address) => !platform.has(address.toLowerCase()));
    if (foreign.length) throw new LookupFailure('address_conflict', shorten(foreign.join(', ')));
  }

  async function checkToken(resolver: Resolver, expected: DomainExpectation) {
    const records = await lookup(resolver, () => resolver.resolveTxt(`${DOMAIN_VERIFY_LABEL}.${expected.domain}`), {
      isNxdomainFailure: false,
    });
    if (!records?.length) throw new LookupFailure('txt_missing');
    // A TXT record's value may come in several strings; they are one value.
    const values = records.map((chunks) => chunks.join('').trim());
    if (!values.includes(expected.token)) throw new LookupFailure('txt_mismatch', shorten(values.join(', ')));
  }

  return async (expected) => {
    const resolver = resolverOf();
    try {
      await checkTarget(resolver, expected);
      await checkToken(resolver, expected);
      return { isBound: true };
    } catch (error) {
      if (error instanceof LookupFailure) return { isBound: false, reason: error.reason, detail: error.detail };
      throw error;
    }
  };
}
