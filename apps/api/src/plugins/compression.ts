import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** What the server compresses with, best first; the console's built files come in the same two (apps/web/scripts/compress-build.mjs). */
export const RESPONSE_ENCODINGS = ['br', 'gzip'] as const;

/**
 * On-the-fly compression of answers (issue 22 §2.1): JSON (calls, the Open API, exports in their
 * envelope), text and HTML above COMPRESSION_THRESHOLD_BYTES, in brotli (quality 4, @fastify/compress's
 * default for answers made per request) or gzip as the client's Accept-Encoding prefers, with
 * `Vary: Accept-Encoding`; nothing when the client asks for none. It works in each route's onSend,
 * after the envelope and the security headers are set, so neither changes.
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
