import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The console's test files that need a module graph of their own: those replacing a module (vi.mock),
 * whose replacement would otherwise reach or miss files sharing the worker, and those marked
 * `@vitest-isolate` because they test what a module holds from its first import. Every other console file
 * shares its worker's imports (isolate: false), which spares each file a fresh import of React and antd.
 */
const WEB_SOURCE = 'apps/web/src';
const isolatedWebTests = fs
  .readdirSync(WEB_SOURCE, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.mock\(|@vitest-isolate/.test(fs.readFileSync(path.join(WEB_SOURCE, file), 'utf8')))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

/** What both console projects share: the app's Vite config, happy-dom and the setup. */
const webProject = {
  extends: './apps/web/vite.config.ts',
  test: { root: './apps/web', environment: 'happy-dom', setupFiles: ['./src/test/setup.ts'] },
};

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
          // Each file builds its own app on its own database: the modules are imported once per worker, not per file.
          isolate: false,
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...webProject,
        test: {
          ...webProject.test,
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...isolatedWebTests],
          isolate: false,
        },
      },
      { ...webProject, test: { ...webProject.test, name: 'web-isolated', include: isolatedWebTests } },
    ],
  },
});
