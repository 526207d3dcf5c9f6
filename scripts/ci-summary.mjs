#!/usr/bin/env node
// Adds up the JSON reports of a CI run (vitest on PGlite and PostgreSQL, Playwright) into one line,
// "N passed, M failed", and fails when nothing ran or anything failed.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.ci-results';
const expected = ['vitest-pglite.json', 'vitest-postgres.json', 'e2e.json'];
const missing = expected.filter((name) => !fs.existsSync(path.join(dir, name)));
if (missing.length) {
  console.log(`missing reports: ${missing.join(', ')}`);
  process.exit(1);
}
let passed = 0;
let failed = 0;
for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  // Playwright reports `stats`; vitest's JSON reporter uses Jest's counters.
  const isPlaywright = report.stats && 'expected' in report.stats;
  const filePassed = isPlaywright ? report.stats.expected + (report.stats.flaky ?? 0) : (report.numPassedTests ?? 0);
  const fileFailed = isPlaywright ? report.stats.unexpected : (report.numFailedTests ?? 0);
  // A test that passed only on its retry is flaky: counted as passed, but named so it is seen.
  const flaky = isPlaywright ? (report.stats.flaky ?? 0) : 0;
  console.log(
    `${file}: ${filePassed} passed, ${fileFailed} failed${flaky ? ` (${flaky} flaky: passed on a retry)` : ''}`,
  );
  passed += filePassed;
  failed += fileFailed;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(passed > 0 && failed === 0 ? 0 : 1);
