#!/usr/bin/env node
/**
 * The console's build (`npm run build`, and `npm start` when the build is missing or stale).
 *
 * Always a production build, whatever NODE_ENV says: a development build is larger (past the login
 * page's budget) and slower, and is never what should be served. The build is written to a staging
 * directory beside its target, its text files get brotli and gzip copies (scripts/compress-build.mjs:
 * the API serves those), it is checked against the budget as sent (scripts/check-budget.mjs),
 * stamped and only then moved into place, so a build that failed the budget is never left where a
 * later start would serve it.
 *
 *   node scripts/build.mjs [--out-dir <dir>] [--quiet]
 *   --out-dir: default WEB_DIST_DIR (relative to the repository), else apps/web/dist
 *   --quiet: warnings and the budget's total only, not every chunk (npm start uses it)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webRoot, '../..');
/** Written into a build once it passed the budget; a directory without it is not a finished build. */
export const BUILD_STAMP = '.parlour-build.json';
/** What the console build is made from: a change to any of these makes a build stale. */
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/scripts',
  'packages/contract/src',
];

export function defaultOutDir(env = process.env) {
  return path.resolve(repoRoot, env.WEB_DIST_DIR || 'apps/web/dist');
}

function newestMtime(file) {
  if (!fs.existsSync(file)) return 0;
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(file, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(file, entry.name)));
  }
  return newest;
}

/**
 * Why the build at `outDir` cannot be served as it is (`missing`, `unchecked`: no stamp, e.g. a
 * build made before stamps or by hand, `stale`: sources changed since), or undefined when it can.
 */
export function staleReason(outDir) {
  const stampFile = path.join(outDir, BUILD_STAMP);
  if (!fs.existsSync(path.join(outDir, 'index.html'))) return 'missing';
  if (!fs.existsSync(stampFile)) return 'unchecked';
  const sourcesAt = Math.max(...SOURCES.map((source) => newestMtime(path.join(repoRoot, source))));
  return fs.statSync(stampFile).mtimeMs < sourcesAt ? 'stale' : undefined;
}

/** Builds into a staging directory, compresses, checks the budget, stamps, then swaps it in. Answers the login page's KB as sent (brotli). */
export async function buildConsole(outDir, options = {}) {
  // Before Vite loads: it reads NODE_ENV to choose React's production or development bundle.
  process.env.NODE_ENV = 'production';
  const parent = path.dirname(outDir);
  const name = path.basename(outDir);
  const staging = path.join(parent, `.${name}-build-${process.pid}`);
  const previous = path.join(parent, `.${name}-previous-${process.pid}`);
  fs.mkdirSync(parent, { recursive: true });
  try {
    // Vite names virtual modules in the manifest relative to the working directory, not the root.
    process.chdir(webRoot);
    const { build } = await import('vite');
    await build({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: options.quiet ? 'warn' : 'info',
      build: { outDir: staging, emptyOutDir: true },
    });
    const { compressBuild } = await import('./compress-build.mjs');
    await compressBuild(staging);
    const { BUDGET_KB, checkBudget } = await import('./check-budget.mjs');
    const { totalKb, gzipKb, isWithinBudget } = checkBudget(staging, { quiet: options.quiet });
    if (!isWithinBudget)
      throw new Error(
        `Budget exceeded: the login page loads ${totalKb.toFixed(1)} KB of JavaScript as sent (brotli; budget ` +
          `${BUDGET_KB} KB). The build was not put in place.`,
      );
    const stamp = {
      mode: 'production',
      login_page_kb: Number(totalKb.toFixed(1)),
      login_page_gzip_kb: Number(gzipKb.toFixed(1)),
      budget_kb: BUDGET_KB,
      built_at: new Date().toISOString(),
    };
    fs.writeFileSync(path.join(staging, BUILD_STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
    // Two renames: the directory at outDir is always either the old checked build or the new one.
    if (fs.existsSync(outDir)) fs.renameSync(outDir, previous);
    fs.renameSync(staging, outDir);
    return totalKb;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(previous, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const flag = process.argv.indexOf('--out-dir');
  const outDir = flag > 0 && process.argv[flag + 1] ? path.resolve(process.argv[flag + 1]) : defaultOutDir();
  buildConsole(outDir, { quiet: process.argv.includes('--quiet') }).then(
    (totalKb) =>
      console.log(
        `Console built into ${outDir} (production, login page ${totalKb.toFixed(1)} KB of JavaScript as sent, brotli).`,
      ),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
