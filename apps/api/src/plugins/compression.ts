import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** What the server compresses with, best first; the console's built files come in the same two (apps/web/scripts/compress-build.mjs). */
export const RESPONSE_ENCODINGS = ['br', 'gzip'] as const;
export type ResponseEncoding = (typeof RESPONSE_ENCODINGS)[number];

/**
 * The encoding to answer in, as @fastify/static chooses among the build's precompressed files:
 * br before gzip unless the client's q-values say otherwise, `*` read as gzip, none without the header.
 */
export function chooseEncoding(acceptEncoding: string | undefined): ResponseEncoding | undefined {
  if (!acceptEncoding) return undefined;
  return negotiate(acceptEncoding.toLowerCase().replace(/\*/g, 'gzip'), [...RESPONSE_ENCODINGS]) ?? undefined;
}

/**
 * Sends a page made for this request, compressed as the client asks above the threshold (brotli at
 * quality 4, as the plugin compresses answers made per request). For answers sent from a hook before
 * any route is reached (a store's pages, modules/storefront/storefront), which the plugin's per-route hooks never see.
 */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: string) {
  const bytes = Buffer.from(body, 'utf8');
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding =
    bytes.length >= COMPRESSION_THRESHOLD_BYTES ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(bytes);
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
      : gzipSync(bytes);
  return reply.header('content-encoding', encoding).send(compressed);
}

/**
 * On-the-fly compression of answers (docs/decisions/0006-precompressed-console-build.md): JSON (calls,
 * the Open API, exports in their envelope), text and HTML above COMPRESSION_THRESHOLD_BYTES, in brotli
 * (quality 4, @fastify/compress's default for answers made per request) or gzip as the client's
 * Accept-Encoding prefers, with `Vary: Accept-Encoding`; nothing when the client asks for none. It
 * works in each route's onSend, after the envelope and the security headers are set, so neither
 * changes.
 *
 * Registered before any route: @fastify/compress hooks the routes registered after it. The
 * console's built files are precompressed at build time (plugins/web.ts) and pass through
 * untouched (an answer that already has a Content-Encoding is left alone). Request bodies are not
 * decompressed (the plugin's other half is off): no client of ours sends compressed bodies, so the
 * request side stays as it was.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: [...RESPONSE_ENCODINGS],
  });
}
