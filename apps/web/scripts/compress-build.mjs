/**
 * Precompression of the console's build (docs/decisions/0006-precompressed-console-build.md): a
 * brotli (`.br`, quality 10) and a gzip (`.gz`, level 9) copy beside every text file of the build,
 * which the API serves as the client's Accept-Encoding asks (apps/api/src/plugins/web.ts,
 * @fastify/static's `preCompressed`). Written by scripts/build.mjs before the budget is checked, so
 * the budget reads the bytes that are sent.
 *
 * Not compressed: index.html (the API renders it and compresses the page itself), dot directories
 * (Vite's manifest, never served) and files that are compressed already (images, fonts).
 * docs/decisions/0006-precompressed-console-build.md says why this is node:zlib rather than a Vite plugin.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
/**
 * Brotli's quality: 11 (the maximum) made the JavaScript 1.8 % smaller than 10 for more than twice
 * the CPU (8.0 s against 3.5 s for the whole build's JavaScript on this machine), which every build
 * and every `npm start` after a change pays.
 */
const BROTLI_QUALITY = 10;
const gzip = promisify(zlib.gzip);

/** Text formats a build holds (Vite's output and apps/web/public). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest|map)$/i;
/** The copies, by the Content-Encoding they are served with. */
export const ENCODED_COPIES = { br: '.br', gzip: '.gz' };

/** Paths (relative to `distDir`, `/`-separated) of the files that get compressed copies. */
export function compressibleFiles(distDir, directory = '') {
  const files = [];
  for (const entry of fs.readdirSync(path.join(distDir, directory), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const relative = directory ? `${directory}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...compressibleFiles(distDir, relative));
    else if (COMPRESSIBLE.test(entry.name) && relative !== 'index.html') files.push(relative);
  }
  return files;
}

async function compressFile(distDir, file) {
  const source = await fs.promises.readFile(path.join(distDir, file));
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    fs.promises.writeFile(path.join(distDir, file + ENCODED_COPIES.br), br),
    fs.promises.writeFile(path.join(distDir, file + ENCODED_COPIES.gzip), gz),
  ]);
}

/** Writes the copies of every compressible file of the build at `distDir`; answers how many files. */
export async function compressBuild(distDir) {
  const files = compressibleFiles(distDir);
  // zlib's asynchronous calls run on libuv's thread pool (4 threads): all files are queued at once.
  await Promise.all(files.map((file) => compressFile(distDir, file)));
  return files.length;
}
