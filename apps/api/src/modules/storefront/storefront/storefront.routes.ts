import { toLang } from '@parlour/contract/errors';
import type { FastifyInstance } from 'fastify';
import { markExpectedAnswer } from '../../../lib/logger';
import { sendCompressed } from '../../../plugins/compression';
import { publicAddressOf, storeOrigin, type StoreUrlScheme } from '../../../lib/public-address';
import { hostnameOf } from '../../stores/domain/store-host.routes';
import { STOREFRONT_CSP } from './storefront-page';
import type { StorefrontService } from './storefront.service';

/**
 * Routing by Host (docs/domains.md): a request to a store's system domain or bound custom domain
 * reaches the store — its front page at `/`, `/uploads/…` (the platform's images its config shows),
 * `/favicon.ico` (its icon), and "page not found" (404, linking back to the front page) for any other
 * path; 403 when disabled, 503 when its term ended or while it is being set up, a 301 to the primary
 * domain from a domain with the redirect flag; a name under SHOP_BASE_DOMAIN with no store answers
 * 404. Every other host (the platform's) is served as before.
 */
export function registerStorefrontRouting(
  app: FastifyInstance,
  deps: { storefrontService: StorefrontService; storeUrlScheme?: StoreUrlScheme },
) {
  app.addHook('onRequest', async (request, reply) => {
    const host = hostnameOf(request.headers.host);
    const path = request.url.split('?')[0] ?? '/';
    const answer = await deps.storefrontService.answer({
      host,
      path,
      method: request.method,
      lang: toLang(request.headers['accept-language']),
    });
    // Not a store's host, or the platform's images at one: the platform's routes answer.
    if (!answer || answer.kind === 'upload') return;
    if (answer.kind === 'redirect') {
      // Same scheme and port as the request (https behind the proxy; a port in development).
      return reply.redirect(
        `${storeOrigin(answer.to, publicAddressOf(request, deps.storeUrlScheme))}${request.url}`,
        301,
      );
    }
    if (answer.kind === 'icon') {
      reply.header('cache-control', 'no-store');
      if (answer.icon) return reply.redirect(answer.icon, 302);
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', STOREFRONT_CSP)
      .type('text/html; charset=utf-8');
    if (answer.kind === 'notice') {
      // A closed or unready store's 503 is the answer it should give, not a failure of ours.
      markExpectedAnswer(reply);
      if (answer.retryAfterSeconds) reply.header('retry-after', String(answer.retryAfterSeconds));
      if (answer.statusCode === 405) reply.header('allow', 'GET, HEAD');
      return sendCompressed(request, reply.code(answer.statusCode), answer.html);
    }
    return sendCompressed(request, reply.code(200), answer.html);
  });
}
