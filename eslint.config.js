import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The apps never reach into each other (by package name or by path); both import packages/contract. */
const NOT_API = {
  regex: '^@parlour/api(/|$)|(^|/)apps/api(/|$)|(^|/)api/src(/|$)',
  message: 'The console does not import the API app; share the piece through packages/contract.',
};
const NOT_WEB = {
  regex: '^@parlour/web(/|$)|(^|/)apps/web(/|$)|(^|/)web/src(/|$)',
  message: 'The API does not import the console app; share the piece through packages/contract.',
};
/** Any feature, by alias or by path. */
const NO_FEATURE = {
  regex: '^@/features(/|$)|(^|/)features(/|$)',
  message: 'lib/ and components/ do not import features; pass what they need in, or move the piece here.',
};
/** Another feature by alias, or by climbing out of this feature's folder into a sibling one. */
const NO_OTHER_FEATURE = {
  regex: '^(@/features/|(\\.\\./){2}(?!\\.\\.)[^/]+/)',
  message: 'Features do not import each other; move the shared piece to components/ or lib/.',
};

/**
 * The API's layers (apps/api/src/modules/README.md). Below everything: lib/, db/, providers/
 * and plugins/, which know no module. Above them platform/ (sessions, audit, idempotency, rate limits,
 * settings, call registration), which knows no module either. Then the module areas, lowest first,
 * each module listed in its area's order: a module imports only modules listed before it (in its
 * area or in a lower one), so module imports can never form a cycle. app.ts and wiring/ (the
 * composition root, one wiring function per area) wire them all, and jobs/ call services.
 */
const API_AREAS = [
  ['content', ['notice', 'prospect', 'upload']],
  ['accounts', ['account']],
  ['money', ['bill', 'payment']],
  ['traffic', ['core-data', 'open-api', 'traffic-package', 'traffic-report']],
  ['stores', ['store-version', 'store-site-config', 'shop', 'domain', 'plugin', 'store-pricing']],
  ['storefront', ['storefront']],
  ['operations', ['api-info', 'operations', 'dashboard']],
];
/** A relative import that climbs into one of `folders` of apps/api/src. */
const apiFolder = (folders, message) => ({ regex: `^(\\.\\./)+(${folders.join('|')})/`, message });
const API_LOW_LAYERS = apiFolder(
  ['modules', 'platform', 'jobs'],
  'lib/, db/, providers/ and plugins/ import no module, platform piece or job; pass what they need in.',
);
const API_PLATFORM = apiFolder(['modules', 'jobs'], 'platform/ imports no module or job; modules build on it.');
const NO_JOB = { regex: '^(\\.\\./)+jobs/', message: 'Modules do not import jobs; app.ts hands services to the jobs.' };
/** The composition root's wiring (one function per area, called by app.ts); nothing below imports it. */
const NO_WIRING = {
  regex: '^(\\.\\./)+wiring/',
  message: 'Only app.ts and wiring/ (the composition root) assemble the areas; hand what is needed in instead.',
};
const NO_REPOSITORY = {
  regex: '\\.repository$',
  message: 'Jobs call services, never repositories.',
};
/** From modules/<area>/<module>/: any other module, in this area (../x/) or another (../../x/). */
const NO_OTHER_MODULE = {
  regex: '^\\.\\./(\\.\\./)?(?!\\.\\.)[^/]+/',
  message: 'A repository imports no other module: it owns its tables; cross-module work goes through services.',
};
/** What a module of `area` may not import: the modules after it in its area and every higher area. */
function laterModules(areaIndex, moduleIndex) {
  const [area, modules] = API_AREAS[areaIndex];
  const laterSiblings = modules.slice(moduleIndex + 1);
  const higherAreas = API_AREAS.slice(areaIndex + 1).map(([name]) => name);
  const patterns = [NOT_WEB, NO_JOB, NO_WIRING];
  const message =
    `modules/${area}/${modules[moduleIndex]} comes before these in the API's layers (eslint.config.js API_AREAS): ` +
    'import only lower modules, or wire it in app.ts.';
  if (laterSiblings.length) patterns.push({ regex: `^\\.\\./(${laterSiblings.join('|')})/`, message });
  if (higherAreas.length) patterns.push({ regex: `^\\.\\./\\.\\./(${higherAreas.join('|')})/`, message });
  return patterns;
}
const API_MODULE_BLOCKS = API_AREAS.flatMap(([area, modules], areaIndex) =>
  modules.map((module, moduleIndex) => ({
    files: [`apps/api/src/modules/${area}/${module}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: laterModules(areaIndex, moduleIndex) }] },
  })),
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '**/.data*/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Import boundaries. A file's `no-restricted-imports` is set by the last block that matches it, so
  // each block lists every zone its files belong to.
  {
    files: ['apps/api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_WEB] }] },
  },
  {
    files: ['apps/api/src/{lib,db,providers,plugins}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_WEB, API_LOW_LAYERS, NO_WIRING] }] },
  },
  {
    files: ['apps/api/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_WEB, API_PLATFORM, NO_WIRING] }] },
  },
  ...API_MODULE_BLOCKS,
  {
    // After the module blocks: a repository's rule is stricter than its module's.
    files: ['apps/api/src/modules/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_WEB, NO_JOB, NO_OTHER_MODULE, NO_WIRING] }] },
  },
  {
    files: ['apps/api/src/jobs/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_WEB, NO_REPOSITORY, NO_WIRING] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_API] }] },
  },
  {
    // lib/ and components/ are shared by every feature, so they know none of them.
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_API, NO_FEATURE] }] },
  },
  {
    // Features never import each other (CONVENTIONS 8): app/ composes them, shared pieces live in components/ and lib/.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_API, NO_OTHER_FEATURE] }] },
  },
);
