#!/usr/bin/env node
/**
 * `npm run lint`: ESLint and Prettier's check side by side — each runs on one core (22 s and 28 s on
 * the 2-core CI machines, 50 s one after the other). Each one's findings are printed whole once it
 * ends; the exit code is 1 when either finds anything.
 */
import { runTogether, tool } from './lib/run-together.mjs';

const isClean = await runTogether([
  { label: 'prettier --check .', script: tool('prettier', 'bin', 'prettier.cjs'), args: ['--check', '.'] },
  { label: 'eslint .', script: tool('eslint', 'bin', 'eslint.js'), args: ['.'] },
]);
process.exitCode = isClean ? 0 : 1;
