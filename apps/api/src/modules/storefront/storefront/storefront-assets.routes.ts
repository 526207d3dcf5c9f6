import type { FastifyInstance } from 'fastify';
import { markExpectedAnswer } from '../../../lib/logger';
import { chooseEncoding } from '../../../plugins/compression';
import { IMMUTABLE_CACHE_CONTROL } from '../../../plugins/web';
import { loadStorefrontScript, STOREFRONT_ASSETS_PREFIX } from './storefront-script';

/**
 * `GET /_assets/storefront-<hash>.js`: the storefront's client script (storefront-script.ts), reached
 * on store hosts (the storefront passes the path through) and the platform's alike. Cached for a year
 * (a change makes a new name), brotli or gzip as the client asks, compressed once per process. Any
 * other name is 404: an old page asking for a script of an earlier build gets none and works without it.
 */
export function registerStorefrontAssetRoutes(app: FastifyInstance, options: { onError?: (error: unknown) => void }) {
  app.get<{ Params: { file: string } }>(`${STOREFRONT_ASSETS_PREFIX}:file`, async (request, reply) => {
    const script = await loadStorefrontScript(options.onError);
    if (!script || request.params.file !== script.fileName) {
      markExpectedAnswer(reply);
      return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found');
    }
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', IMMUTABLE_CACHE_CONTROL)
      .header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(script.bodies[encoding ?? 'identity']);
  });
}
