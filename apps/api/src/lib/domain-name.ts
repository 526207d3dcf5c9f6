import { domainToASCII, domainToUnicode } from 'node:url';
import { parse } from 'tldts';

/** Why a typed domain is refused: a key of the validation catalogue naming the domain field. */
export type DomainNameError =
  'domain_required' | 'domain_invalid' | 'domain_ip_literal' | 'domain_public_suffix' | 'domain_platform_host';

export interface DomainName {
  /** Lower-case ASCII, internationalised labels in punycode, no trailing dot. */
  ascii: string;
  /** As people read it (Unicode labels). */
  display: string;
  /** The registrable domain itself (example.com, example.co.uk): DNS allows no CNAME there, so it needs A/AAAA records. */
  isApex: boolean;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Normalises a custom domain as typed and checks it (docs/domains.md): lower-cased, an
 * internationalised name converted to punycode (WHATWG's domainToASCII), no scheme, path, port or
 * IP literal, a name under a known (ICANN) public suffix without being one (tldts, the Public
 * Suffix List, its private section included: `github.io` is refused, `shop.github.io` is not), and
 * not one of the platform's own hosts or under them.
 */
export function normaliseDomainName(
  input: string,
  platformHosts: readonly string[],
): { name: DomainName } | { error: DomainNameError } {
  const typed = input.trim().replace(/\.$/, '');
  if (!typed) return { error: 'domain_required' };
  // A scheme, path, query, port, user or bracketed IPv6 literal: not a bare name.
  if (/[\s/\\:@?#[\]]/.test(typed)) return { error: 'domain_invalid' };
  const ascii = domainToASCII(typed.toLowerCase());
  if (!ascii || ascii.length > 253) return { error: 'domain_invalid' };
  const info = parse(ascii, { allowPrivateDomains: true });
  if (info.isIp || /^[0-9.]+$/.test(ascii)) return { error: 'domain_ip_literal' };
  if (isUnderAny(ascii, platformHosts) || isUnderAny(ascii, ['localhost'])) return { error: 'domain_platform_host' };
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return { error: 'domain_invalid' };
  // Only names under a suffix of the list's ICANN section are reachable on the public internet.
  const icann = parse(ascii);
  if (!icann.isIcann || !icann.publicSuffix) return { error: 'domain_invalid' };
  if (!info.domain) return { error: 'domain_public_suffix' };
  return { name: { ascii, display: domainToUnicode(ascii) || ascii, isApex: info.domain === ascii } };
}

/** True when `host` is one of `bases` or a subdomain of one. */
export function isUnderAny(host: string, bases: readonly string[]): boolean {
  return bases.some((base) => base && (host === base || host.endsWith(`.${base}`)));
}

/** Whether a stored domain is its registrable domain (needs A/AAAA rather than a CNAME). */
export function isApexDomain(ascii: string): boolean {
  return parse(ascii, { allowPrivateDomains: true }).domain === ascii;
}

export function displayDomain(ascii: string): string {
  return domainToUnicode(ascii) || ascii;
}
