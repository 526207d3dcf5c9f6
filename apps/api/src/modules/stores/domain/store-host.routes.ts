import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error';
import type { IpRateLimit } from '../../../platform/rate-limit/ip-rate-limit.service';
import type { DomainService } from './domain.service';

/** Where Caddy's on-demand TLS asks whether it may get a certificate for `?domain=` (docs/deploy.md). */
export const TLS_ASK_PATH = '/internal/tls/ask';

/** The host name of a Host header: lower-case, without port, brackets or a trailing dot. */
export function hostnameOf(header: string | undefined): string {
  if (!header) return '';
  const value = header.trim().toLowerCase();
  const host = value.startsWith('[') ? value.slice(1, value.indexOf(']')) : value.replace(/:\d*$/, '');
  return host.replace(/\.$/, '');
}

/**
 * Caddy's on-demand TLS `ask` (docs/domains.md, docs/deploy.md): 200 only for bound custom domains and
 * system domains of provisioned stores that are not disabled. (Requests to a store's hosts:
 * modules/storefront/storefront.)
 */
export function registerTlsAskRoute(
  app: FastifyInstance,
  deps: { domainService: DomainService; ipRateLimit?: IpRateLimit },
) {
  const { domainService } = deps;

  // Caddy asks from the proxy's address; any non-200 refuses the certificate, so a rate-limited ask is a 429, not the API's envelope.
  app.get<{ Querystring: { domain?: string } }>(TLS_ASK_PATH, async (request, reply) => {
    if (deps.ipRateLimit) {
      try {
        await deps.ipRateLimit.hit('tls-ask', request.ip);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return reply.code(429).type('text/plain').send('too many requests');
      }
    }
    const domain = typeof request.query.domain === 'string' ? request.query.domain : '';
    // A failure refuses (the envelope would answer HTTP 200, which Caddy reads as yes).
    const isAllowed = await domainService.isCertificateAllowed(domain).catch((error: unknown) => {
      request.log.error({ err: error }, 'tls ask failed');
      return false;
    });
    return reply
      .code(isAllowed ? 200 : 404)
      .type('text/plain')
      .send(isAllowed ? 'ok' : 'unknown domain');
  });
}
