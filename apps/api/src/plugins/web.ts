import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * Settings the SPA needs before its first call, written into index.html as a JSON data block
 * (apps/web/src/lib/runtime-config.ts reads it): data, not script, so the CSP's script-src 'self'
 * holds. `<` is escaped so no value can close the element.
 */
export function renderIndexHtml(template: string, config: Pick<Config, 'siteHosts' | 'consoleHosts'>) {
  const payload = JSON.stringify({ siteHosts: config.siteHosts, consoleHosts: config.consoleHosts }).replace(/</g, '\\u003c');
  return template.replace('<!--parlour-config-->', `<script type="application/json" id="parlour-config">${payload}</script>`);
}

/**
 * Serves the built console (apps/web/dist) from the API process: files as they are, every other
 * GET outside /api as index.html so the SPA's router takes over. Returns the SPA fallback, or
 * undefined when there is no build.
 */
export async function registerWeb(app: FastifyInstance, config: Config) {
  const indexPath = path.join(config.webDistDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn(`no console build at ${config.webDistDir}: run "npm run build" to serve the web app`);
    return undefined;
  }
  const indexHtml = renderIndexHtml(fs.readFileSync(indexPath, 'utf8'), config);
  await app.register(fastifyStatic, {
    root: config.webDistDir,
    index: false,
    wildcard: false,
    // Security headers (nosniff, CSP…) come from plugins/security-headers.ts, on every answer.
    setHeaders(reply, filePath) {
      // Hashed assets never change; everything else is revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  return (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
}
