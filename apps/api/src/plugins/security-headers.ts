import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CASHIER_PATH_PREFIX } from '@parlour/contract/console-path';

/**
 * Where the console's and the cashier's forms may post besides our own origin. A payment provider
 * whose cashier is reached by a form POST (rather than by following a link) adds its origin here,
 * e.g. 'https://openapi.alipay.com'; a provider reached by a redirect needs nothing (form-action
 * does not govern navigation). docs/SECURITY.md ("Headers and caching") keeps the list's rules.
 */
export const PAYMENT_FORM_ACTION_ORIGINS: readonly string[] = [];

/**
 * The Content-Security-Policy of every answer (the console's HTML is the one it matters for).
 *
 * style-src allows 'unsafe-inline': antd's CSS-in-JS writes <style> elements at run time. antd's
 * ConfigProvider can stamp a nonce on its own, but @rc-component/portal's scroll locker (every
 * Modal and Drawer) and @rc-component/util's scrollbar measurement write theirs without one, so a
 * nonce policy would block them. Scripts get no such allowance: 'self' only, no inline script, no
 * eval, no event-handler attributes.
 */
export const CONTENT_SECURITY_POLICY_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Uploads are same-origin (/uploads/…); QR codes and antd's built-in images are data: URLs.
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'", ...PAYMENT_FORM_ACTION_ORIGINS],
  frameAncestors: ["'none'"],
  // Served over plain http in development and tests; HSTS (below) covers https deployments.
  upgradeInsecureRequests: null,
};

/** Browser features no Parlour page uses, turned off for the page and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
  'serial',
  'hid',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export const HSTS_VALUE = 'max-age=31536000';

/** True for the cashier page, whose URL carries the bill's signed token in its query. */
export function isCashierPage(url: string) {
  return url.startsWith(CASHIER_PATH_PREFIX);
}

/**
 * Security headers on every answer (API, console HTML, static files, uploads, 404s), through
 * @fastify/helmet plus what helmet does not send. Registered before any route.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY_DIRECTIVES },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Sent only over https (below): the app sits behind a proxy that terminates TLS.
    strictTransportSecurity: false,
    // Swagger UI at /api/docs and the console are same-origin; nothing is embedded cross-origin.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // request.protocol follows X-Forwarded-Proto only when TRUST_PROXY=true (Fastify's trustProxy).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    // Calls carry tokens and personal data: never kept by a browser or a shared cache.
    if (request.url.startsWith('/api/v1')) reply.header('cache-control', 'no-store');
    // The token in the cashier's query must not leave through Referer (its API calls, a provider's page).
    if (isCashierPage(request.url)) reply.header('referrer-policy', 'no-referrer');
  });
}
