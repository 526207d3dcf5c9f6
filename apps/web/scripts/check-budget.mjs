#!/usr/bin/env node
/**
 * Bundle budget of the login page (issues 2 and 22): the JavaScript /login needs on first load —
 * the page's scripts (the entry chunk and everything it imports statically, and the classic script
 * of public/), plus the login route's lazy chunk and its
 * static imports, plus the public part of the interface language's catalogue (a chunk of its own,
 * loaded before the first render: the larger language counts; the console part loads with the
 * first console page, src/locales/catalogue-parts.ts; the public part also carries the contract's
 * validation and error messages in its language, src/locales/contract-texts.ts) — as it is sent:
 * the brotli copies the build holds (scripts/compress-build.mjs), which the API answers to
 * Chromium, must stay within 250 KB. A file without its brotli copy would go uncompressed and
 * fails the check. The gzip copies (what a client without brotli gets) are listed beside them.
 * scripts/build.mjs runs it on every build before the build is put in place;
 * `node scripts/check-budget.mjs [dist dir]` checks a build by hand and exits 1 past the budget.
 */
import { existsSync, statSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENCODED_COPIES } from './compress-build.mjs';

export const BUDGET_KB = 250;
const LOGIN_PAGE_SOURCE = 'src/features/auth/pages/login-page.tsx';
/** The public parts of the per-language catalogues (lib/i18n.ts loads the one shown). */
const CATALOGUE_SOURCE = /^virtual:catalogue\/[^/]+\/public$/;

/** Measures the login page's first load in the build at `distDir`; prints the table (`quiet`: nothing). */
export function checkBudget(distDir, { quiet = false } = {}) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));

  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk in the manifest, found ${entries.length}`);
  const [entryKey] = entries[0];
  if (!manifest[LOGIN_PAGE_SOURCE])
    throw new Error(`the manifest has no chunk for ${LOGIN_PAGE_SOURCE}: is the login page still lazy?`);

  /** Manifest keys of a chunk and of everything it imports statically, transitively. */
  function withStaticImports(key, seen = new Set()) {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) withStaticImports(imported, seen);
    return seen;
  }

  /** Sizes of a file and of its compressed copies, as they are on disk and so on the wire. */
  function measure(file) {
    const sizeKb = (name) => statSync(join(distDir, name)).size / 1024;
    const copy = (encoding) => {
      const name = file + ENCODED_COPIES[encoding];
      if (!existsSync(join(distDir, name)))
        throw new Error(`${file} has no ${encoding} copy (${name}): it would be sent uncompressed`);
      return sizeKb(name);
    };
    return { file, rawKb: sizeKb(file), brKb: copy('br'), gzipKb: copy('gzip') };
  }

  const keys = withStaticImports(LOGIN_PAGE_SOURCE, withStaticImports(entryKey));
  // The page's own <script src> elements too: the entry, and classic scripts from public/ (zod-jitless.js).
  const pageScripts = [
    ...readFileSync(join(distDir, 'index.html'), 'utf8').matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g),
  ].map((match) => match[1]);
  const files = [...new Set([...pageScripts, ...[...keys].map((key) => manifest[key].file)])].filter((file) =>
    file.endsWith('.js'),
  );

  const catalogues = Object.keys(manifest)
    .filter((key) => CATALOGUE_SOURCE.test(key))
    .map((key) => measure(manifest[key].file));
  if (catalogues.length === 0)
    throw new Error(
      'the manifest has no locale catalogue chunk: are the catalogues still loaded per language and part?',
    );
  const largestCatalogue = catalogues.reduce((largest, catalogue) =>
    catalogue.brKb > largest.brKb ? catalogue : largest,
  );

  const rows = files
    .map(measure)
    .concat(files.includes(largestCatalogue.file) ? [] : [largestCatalogue])
    .sort((a, b) => b.brKb - a.brKb);
  const total = (key) => rows.reduce((sum, row) => sum + row[key], 0);
  const totalKb = total('brKb');

  if (!quiet) {
    const kb = (value) => `${value.toFixed(1).padStart(7)} KB`;
    console.log('\nLogin page first-load JavaScript as sent (brotli; gzip and raw for comparison):');
    for (const row of rows)
      console.log(`  ${kb(row.brKb)}  (gzip ${kb(row.gzipKb)}, raw ${kb(row.rawKb)})  ${row.file}`);
    console.log(
      `  ${kb(totalKb)}  (gzip ${kb(total('gzipKb'))}, raw ${kb(total('rawKb'))})  total in ${rows.length} files, budget ${BUDGET_KB} KB brotli\n`,
    );
  }
  return { totalKb, gzipKb: total('gzipKb'), isWithinBudget: totalKb <= BUDGET_KB };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
  const { totalKb, isWithinBudget } = checkBudget(distDir);
  if (!isWithinBudget) {
    console.error(
      `Budget exceeded: the login page loads ${totalKb.toFixed(1)} KB of JavaScript as sent (brotli; budget ${BUDGET_KB} KB).`,
    );
    process.exit(1);
  }
}
