import type { FastifyRequest } from 'fastify';

/** Schemes a store's links may be built with (STORE_URL_SCHEME). */
export const STORE_URL_SCHEMES = ['http', 'https'] as const;
export type StoreUrlScheme = (typeof STORE_URL_SCHEMES)[number];

/** The scheme and port the platform is reached on, which links to its stores' hosts keep. */
export interface PublicAddress {
  protocol: StoreUrlScheme;
  /** null: the scheme's own port (443, 80), left out of links. */
  port: number | null;
}

/**
 * The address a request reached the platform at: its protocol and its Host's port (with
 * TRUST_PROXY=true, X-Forwarded-Proto and X-Forwarded-Host, as Fastify reads them). With
 * STORE_URL_SCHEME set (production behind a proxy that terminates TLS and does not forward the
 * scheme), that scheme on its own port.
 */
export function publicAddressOf(
  request: Pick<FastifyRequest, 'protocol' | 'port'>,
  configuredScheme?: StoreUrlScheme,
): PublicAddress {
  if (configuredScheme) return { protocol: configuredScheme, port: null };
  return { protocol: request.protocol === 'https' ? 'https' : 'http', port: request.port ?? null };
}

/** `http://lucy.localhost:3000`, `https://lucy.parlour.shop`: a store host's origin on the platform's scheme and port. */
export function storeOrigin(host: string, address: PublicAddress): string {
  const isDefaultPort = address.port === null || address.port === (address.protocol === 'https' ? 443 : 80);
  return `${address.protocol}://${host}${isDefaultPort ? '' : `:${address.port}`}`;
}
