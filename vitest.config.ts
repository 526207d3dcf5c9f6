import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const WEB_TESTS = /\.test\.tsx?$/;

/**
 * Console test files that mock a module (vi.mock): a mock needs a fresh module graph, since a module
 * another file already loaded would keep the real import. Only these run isolated (project web-isolated).
 */
const WEB_SRC = fileURLToPath(new URL('./apps/web/src/', import.meta.url));
const mockingWebTests = fs
  .readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => WEB_TESTS.test(file) && /\bvi\.(do)?mock\(/.test(fs.readFileSync(WEB_SRC + file, 'utf8')))
  .map((file) => `src/${file.split('\\').join('/')}`);

const webProject = (name: string, isolated: boolean) => ({
  extends: './apps/web/vite.config.ts',
  test: {
    name,
    root: './apps/web',
    include: isolated ? mockingWebTests : ['src/**/*.test.{ts,tsx}'],
    exclude: isolated ? [] : mockingWebTests,
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    isolate: isolated,
  },
});

/**
 * One test command for the whole workspace: contract and API tests in Node (API tests on a fresh
 * PGlite, or on PostgreSQL when TEST_DATABASE_URL is set), console tests in happy-dom.
 */
export default defineConfig({
  test: {
    // Vitest's default (cores - 1) runs one file at a time on the 2-core CI machines; two workers
    // there measured 1.5x faster (console 448 s → 296 s, API on PGlite ~600 s → 445 s, on
    // PostgreSQL ~350 s → 265 s), since a file waits on the database or on imports part of the time.
    maxWorkers: Math.max(os.availableParallelism() - 1, 2),
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Console files share one module graph and one happy-dom per worker (src/test/setup.ts resets the DOM,
      // storage, session, language, timers, globals and mocks before each test), so antd and the console are
      // imported once per worker rather than once per file: 25 % less CPU on a 3-file sample (33.8 → 25.4 s).
      webProject('web', false),
      webProject('web-isolated', true),
    ],
  },
});
