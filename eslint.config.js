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
