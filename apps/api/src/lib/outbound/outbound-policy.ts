import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one policy for every connection the server opens to an address someone configured (the
 * product-data vendor, the operator's SMTP server, SMS and WeCom endpoints, payment providers and,
 * later, merchants' domains): names are resolved here and every address must be public unicast —
 * loopback, private, link-local (cloud metadata), CGNAT, unique-local, multicast, unspecified,
 * broadcast, reserved and IPv4-in-IPv6 forms of them are refused — unless the address is in the
 * OUTBOUND_ALLOW list (tests and development reaching local fakes; refused in production).
 * HTTP must be https; plain http only to allow-listed addresses.
 *
 * Callers connect to the addresses this answers (`resolve`), never to the name again, so a name
 * that resolves differently a second time (DNS rebinding) cannot slip past the check.
 */

/** Why a connection was not made or did not complete. */
export type OutboundFailureKind =
  /** The address is not public (loopback, private, link-local, …): refused by the policy. */
  | 'blocked'
  /** Not https (plain http to an address that is not allow-listed, or another scheme). */
  | 'insecure'
  /** The name could not be resolved. */
  | 'unresolvable'
  /** No connection: refused, reset, TLS failed. */
  | 'network'
  | 'timeout'
  /** The server answered a redirect (never followed). */
  | 'redirect'
  /** The answer was larger than the cap. */
  | 'too_large';

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailureKind,
    /** For operators and the server log: which address, which range, which cause. */
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`outbound ${kind}: ${detail}`, options);
    this.name = 'OutboundError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a name to every address it has (the system resolver by default; tests pass their own table). */
export type OutboundLookup = (hostname: string) => Promise<ResolvedAddress[]>;

const DNS_TIMEOUT_MS = 5_000;

export const systemLookup: OutboundLookup = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** An address in its plainest form: IPv4-mapped IPv6 (::ffff:127.0.0.1) becomes the IPv4 address it is. */
function normalise(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
    ? (parsed as ipaddr.IPv6).toIPv4Address()
    : parsed;
}

/**
 * Parses OUTBOUND_ALLOW entries: addresses (127.0.0.1, ::1) or CIDR ranges (10.0.0.0/8).
 * Throws on anything else, so a typo does not silently allow nothing (or everything).
 */
export function parseAllowList(entries: string[]): Range[] {
  return entries.map((entry) => {
    try {
      if (entry.includes('/')) {
        const [address, bits] = ipaddr.parseCIDR(entry);
        const isMapped = address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress();
        return isMapped ? [(address as ipaddr.IPv6).toIPv4Address(), bits - 96] : [address, bits];
      }
      if (!net.isIP(entry)) throw new Error('not an address');
      const address = normalise(entry);
      return [address, address.kind() === 'ipv4' ? 32 : 128];
    } catch {
      throw new Error(`OUTBOUND_ALLOW: "${entry}" is not an IP address or CIDR range`);
    }
  });
}

/** The range an address is in, as ipaddr.js names it ('unicast' for a public address). */
export function addressRange(address: string): string {
  return normalise(address).range();
}

/** A save-time check: an address refused is an error, a name not resolving (yet) is not. */
async function acceptingUnresolved(check: Promise<unknown>): Promise<void> {
  try {
    await check;
  } catch (error) {
    if (error instanceof OutboundError && (error.kind === 'unresolvable' || error.kind === 'timeout')) return;
    throw error;
  }
}

export function createOutboundPolicy(
  options: { allow?: string[]; lookup?: OutboundLookup; dnsTimeoutMs?: number } = {},
) {
  const allowList = parseAllowList(options.allow ?? []);
  const lookup = options.lookup ?? systemLookup;
  const dnsTimeoutMs = options.dnsTimeoutMs ?? DNS_TIMEOUT_MS;

  function isAllowListed(address: string): boolean {
    const parsed = normalise(address);
    return allowList.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range as never, bits));
  }

  /** Throws `blocked` unless the address is public unicast or allow-listed. */
  function checkAddress(address: string): void {
    if (!net.isIP(address)) throw new OutboundError('blocked', `${address} is not an IP address`);
    if (isAllowListed(address)) return;
    const range = addressRange(address);
    if (range !== 'unicast') throw new OutboundError('blocked', `${address} is a ${range} address`);
  }

  /**
   * The host of a URL or an SMTP host in canonical form: WHATWG URL parsing turns the odd IPv4
   * spellings (2130706433, 0x7f000001, 0177.0.0.1) into dotted quads and strips IPv6 brackets.
   */
  function canonicalHost(host: string): string {
    let hostname: string;
    try {
      hostname = new URL(`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}/`).hostname;
    } catch {
      throw new OutboundError('blocked', `"${host}" is not a host name`);
    }
    return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  }

  async function lookupWithTimeout(hostname: string): Promise<ResolvedAddress[]> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        lookup(hostname),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new OutboundError('timeout', `no DNS answer for ${hostname} within ${dnsTimeoutMs} ms`)),
            dnsTimeoutMs,
          );
        }),
      ]);
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      throw new OutboundError(
        'unresolvable',
        `${hostname}: ${(error as { code?: string }).code ?? (error as Error).message}`,
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Every address of a host, each checked; refused when any of them is not allowed (a name that
   * answers one public and one internal address is refused whole). An address literal in any
   * spelling is checked as it is, without a lookup.
   */
  async function resolve(host: string): Promise<ResolvedAddress[]> {
    const hostname = canonicalHost(host);
    const family = net.isIP(hostname);
    const addresses = family ? [{ address: hostname, family: family as 4 | 6 }] : await lookupWithTimeout(hostname);
    if (!addresses.length) throw new OutboundError('unresolvable', `${hostname}: no addresses`);
    for (const { address } of addresses) checkAddress(address);
    return addresses;
  }

  /** A URL the HTTP client may fetch: https, or http to allow-listed addresses only; answers the URL and its checked addresses. */
  async function resolveUrl(url: string): Promise<{ url: URL; addresses: ResolvedAddress[] }> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new OutboundError('blocked', 'not a URL');
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
      throw new OutboundError('insecure', `${parsed.protocol} is not https`);
    if (parsed.username || parsed.password) throw new OutboundError('blocked', 'credentials in the URL');
    const insecure = () =>
      new OutboundError('insecure', 'plain http is allowed only to OUTBOUND_ALLOW addresses; use https');
    const addresses = await resolve(parsed.hostname).catch((error: unknown) => {
      // A name that does not resolve is no allow-listed address: plain http to it is refused as such.
      if (
        parsed.protocol === 'http:' &&
        error instanceof OutboundError &&
        (error.kind === 'unresolvable' || error.kind === 'timeout')
      )
        throw insecure();
      throw error;
    });
    if (parsed.protocol === 'http:' && !addresses.every(({ address }) => isAllowListed(address))) throw insecure();
    return { url: parsed, addresses };
  }

  return {
    resolve,
    resolveUrl,
    checkAddress,
    isAllowListed,

    /**
     * The check a settings screen runs on save: refused when the URL is not https (unless its
     * addresses are allow-listed) or any address is internal. A name that does not resolve now is
     * accepted (it may later); every connection checks again.
     */
    checkUrlOnSave: (url: string) => acceptingUnresolved(resolveUrl(url)),

    /** As {@link checkUrlOnSave} for a bare host (SMTP). */
    checkHostOnSave: (host: string) => acceptingUnresolved(resolve(host)),
  };
}
export type OutboundPolicy = ReturnType<typeof createOutboundPolicy>;
