import { languages, toLang, type Lang } from '@parlour/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { markExpectedAnswer } from '../../../lib/logger';
import { sendCompressed } from '../../../plugins/compression';
import { publicAddressOf, storeOrigin, type StoreUrlScheme } from '../../../lib/public-address';
import { hostnameOf } from '../../stores/domain/store-host.routes';
import { MARKETPLACE_IMAGE_SOURCES } from './marketplace-images';
import { loadStorefrontScript } from './storefront-script';
import { CURRENCY_COOKIE, LANG_COOKIE, type StorefrontService } from './storefront.service';

/**
 * The storefront's policy: its one script (`/_assets/storefront-<hash>.js`, 'self'; no inline script,
 * no eval), images from the platform (uploads, the sandbox's pictures) and the marketplaces' picture
 * hosts only, inline styles, forms only to the store itself.
 */
export const STOREFRONT_CSP =
  "default-src 'none'; script-src 'self'; script-src-attr 'none'; " +
  `img-src 'self' ${MARKETPLACE_IMAGE_SOURCES.join(' ')}; ` +
  "style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** A year, in seconds: how long the buyer's language and currency choices are kept. */
const CHOICE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** A cookie's value ('' when absent or unreadable). */
function cookieOf(request: FastifyRequest, name: string): string {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(request.headers.cookie ?? '');
  try {
    return match ? decodeURIComponent(match[1]) : '';
  } catch {
    return '';
  }
}

/** The buyer's language: the cookie the language switch set, else Accept-Language. */
function languageOf(request: FastifyRequest): Lang {
  const chosen = cookieOf(request, LANG_COOKIE);
  if ((languages as readonly string[]).includes(chosen)) return chosen as Lang;
  return toLang(request.headers['accept-language']);
}

/**
 * Routing by Host (docs/domains.md): a request to a store's system domain or bound custom domain
 * reaches the store — its pages (home, search, items), `/uploads/…` (the platform's images its
 * config shows), `/favicon.ico` (its icon), and "page not found" (404) for any other path; 403 when
 * disabled, 503 when its term ended or while it is being set up, a 301 to the primary domain from a
 * domain with the redirect flag; a name under SHOP_BASE_DOMAIN with no store answers 404. Every other
 * host (the platform's) is served as before.
 */
export function registerStorefrontRouting(
  app: FastifyInstance,
  deps: {
    storefrontService: StorefrontService;
    storeUrlScheme?: StoreUrlScheme;
    /** Told when the client script cannot be bundled (the pages then go without it). */
    onScriptError?: (error: unknown) => void;
  },
) {
  app.addHook('onRequest', async (request, reply) => {
    const host = hostnameOf(request.headers.host);
    const [path = '/', query = ''] = request.url.split('?', 2);
    const address = publicAddressOf(request, deps.storeUrlScheme);
    // Pages name the client script by its hash: bundled once per process, before the first page.
    await loadStorefrontScript(deps.onScriptError);
    const answer = await deps.storefrontService.answer({
      host,
      path,
      search: new URLSearchParams(query),
      method: request.method,
      lang: languageOf(request),
      currency: cookieOf(request, CURRENCY_COOKIE) || undefined,
      ip: request.ip,
      origin: storeOrigin(host, address),
    });
    // Not a store's host, or the platform's images at one: the platform's routes answer.
    if (!answer || answer.kind === 'upload') return;
    if (answer.kind === 'redirect') {
      // Same scheme and port as the request (https behind the proxy; a port in development).
      return reply.redirect(`${storeOrigin(answer.to, address)}${request.url}`, 301);
    }
    reply.header('cache-control', 'no-store');
    if (answer.kind === 'location') {
      const secure = address.protocol === 'https' ? '; Secure' : '';
      const cookies = [
        answer.lang ? `${LANG_COOKIE}=${answer.lang}` : '',
        answer.currency ? `${CURRENCY_COOKIE}=${answer.currency}` : '',
      ].filter(Boolean);
      if (cookies.length)
        reply.header(
          'set-cookie',
          cookies.map((cookie) => `${cookie}; Path=/; Max-Age=${CHOICE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`),
        );
      return reply.redirect(answer.to, 302);
    }
    if (answer.kind === 'text') return sendCompressed(request, reply.type(answer.contentType), answer.body);
    if (answer.kind === 'icon') {
      if (answer.icon) return reply.redirect(answer.icon, 302);
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    reply
      .header('content-security-policy', STOREFRONT_CSP)
      .header('vary', 'accept-language, cookie')
      .type('text/html; charset=utf-8');
    // A closed or unready store's 503, a missing page's 404: the answers it should give, not failures of ours.
    if (answer.statusCode >= 400) markExpectedAnswer(reply);
    if (answer.retryAfterSeconds) reply.header('retry-after', String(answer.retryAfterSeconds));
    if (answer.statusCode === 405) reply.header('allow', 'GET, HEAD');
    return sendCompressed(request, reply.code(answer.statusCode), answer.html);
  });
}
