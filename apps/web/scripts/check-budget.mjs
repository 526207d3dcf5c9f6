#!/usr/bin/env node
/**
 * Bundle budget of the login page (issue 2): the JavaScript /login needs on first load — the
 * entry chunk and everything it imports statically, plus the login route's lazy chunk and its
 * static imports, plus the public part of the interface language's catalogue (a chunk of its own,
 * loaded before the first render: the larger language counts; the console part loads with the
 * first console page, src/locales/catalogue-parts.ts; the public part also carries the contract's
 * validation and error messages in its language, src/locales/contract-texts.ts) — gzipped, must
 * stay within 250 KB.
 * scripts/build.mjs runs it on every build before the build is put in place;
 * `node scripts/check-budget.mjs [dist dir]` checks a build by hand and exits 1 past the budget.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

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
  if (!manifest[LOGIN_PAGE_SOURCE]) throw new Error(`the manifest has no chunk for ${LOGIN_PAGE_SOURCE}: is the login page still lazy?`);

  /** Manifest keys of a chunk and of everything it imports statically, transitively. */
  function withStaticImports(key, seen = new Set()) {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) withStaticImports(imported, seen);
    return seen;
  }

  function measure(file) {
    const source = readFileSync(join(distDir, file));
    return { file, rawKb: source.length / 1024, gzipKb: gzipSync(source).length / 1024 };
  }

  const keys = withStaticImports(LOGIN_PAGE_SOURCE, withStaticImports(entryKey));
  const files = [...new Set([...keys].map((key) => manifest[key].file))].filter((file) => file.endsWith('.js'));

  const catalogues = Object.keys(manifest)
    .filter((key) => CATALOGUE_SOURCE.test(key))
    .map((key) => measure(manifest[key].file));
  if (catalogues.length === 0) throw new Error('the manifest has no locale catalogue chunk: are the catalogues still loaded per language and part?');
  const largestCatalogue = catalogues.reduce((largest, catalogue) => (catalogue.gzipKb > largest.gzipKb ? catalogue : largest));

  const rows = files
    .map(measure)
    .concat(files.includes(largestCatalogue.file) ? [] : [largestCatalogue])
    .sort((a, b) => b.gzipKb - a.gzipKb);
  const totalKb = rows.reduce((sum, row) => sum + row.gzipKb, 0);

  if (!quiet) {
    console.log('\nLogin page first-load JavaScript (gzip):');
    for (const row of rows) console.log(`  ${row.gzipKb.toFixed(1).padStart(7)} KB  (${row.rawKb.toFixed(1).padStart(7)} KB raw)  ${row.file}`);
    console.log(`  ${totalKb.toFixed(1).padStart(7)} KB total, budget ${BUDGET_KB} KB\n`);
  }
  return { totalKb, isWithinBudget: totalKb <= BUDGET_KB };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
  const { totalKb, isWithinBudget } = checkBudget(distDir);
  if (!isWithinBudget) {
    console.error(`Budget exceeded: the login page loads ${totalKb.toFixed(1)} KB of gzipped JavaScript (budget ${BUDGET_KB} KB).`);
    process.exit(1);
  }
}
