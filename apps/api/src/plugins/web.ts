import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { chooseEncoding, type ResponseEncoding } from './compression';

/** Long-lived caching of the build's hashed files: their names change whenever their bytes do. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Everything else the build serves (index.html, favicon.svg, zod-jitless.js) is revalidated on every use. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/**
 * A text's bytes in each encoding, compressed once at the highest settings (the console's page, the
 * storefront's script: neither changes while the process runs).
 */
export function precompress(text: string): Record<ResponseEncoding | 'identity', Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  return {
    identity: bytes,
    br: brotliCompressSync(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    }),
    gzip: gzipSync(bytes, { level: 9 }),
  };
}

/**
 * Settings the SPA needs before its first call, written into index.html as a JSON data block
 * (apps/web/src/lib/runtime-config.ts reads it): data, not script, so the CSP's script-src 'self'
 * holds. `<` is escaped so no value can close the element.
 */
export function renderIndexHtml(template: string, config: Pick<Config, 'siteHosts' | 'consoleHosts'>) {
  const payload = JSON.stringify({ siteHosts: config.siteHosts, consoleHosts: config.consoleHosts }).replace(
    /</g,
    '\\u003c',
  );
  return template.replace(
    '<!--parlour-config-->',
    `<script type="application/json" id="parlour-config">${payload}</script>`,
  );
}

/**
 * Serves the built console (apps/web/dist) from the API process: its files, every other GET outside
 * /api as index.html so the SPA's router takes over. Returns the SPA fallback, or undefined when
 * there is no build.
 *
 * Compression (docs/decisions/0006-precompressed-console-build.md): the build writes a brotli (.br)
 * and a gzip (.gz) copy beside each text file (apps/web/scripts/compress-build.mjs);
 * @fastify/static's `preCompressed` answers the one the client's Accept-Encoding prefers (br, then
 * gzip, then the file itself) with `Vary: Accept-Encoding`. The copies are not served under their
 * own names. index.html is the template of the page the fallback answers (with the runtime settings
 * written in), so it is not served as a file either; the fallback compresses its page once at
 * start, in the same encodings.
 */
export async function registerWeb(app: FastifyInstance, config: Config) {
  const indexPath = path.join(config.webDistDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn(`no console build at ${config.webDistDir}: run "npm run build" to serve the web app`);
    return undefined;
  }
  const indexPage = precompress(renderIndexHtml(fs.readFileSync(indexPath, 'utf8'), config));
  await app.register(fastifyStatic, {
    root: config.webDistDir,
    index: false,
    wildcard: false,
    preCompressed: true,
    globIgnore: ['index.html', '**/*.br', '**/*.gz'],
    // Security headers (nosniff, CSP…) come from plugins/security-headers.ts, on every answer.
    setHeaders(reply, filePath) {
      // Hashed assets (Vite's assets/ directory) never change; everything else is revalidated.
      const isHashed = path.relative(config.webDistDir, filePath).split(path.sep)[0] === 'assets';
      reply.header('cache-control', isHashed ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL);
    },
  });
  return (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', REVALIDATE_CACHE_CONTROL)
      .header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(indexPage[encoding ?? 'identity']);
  };
}
