import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import type { Lang } from '@parlour/contract/errors';
import { PUBLIC_CATALOGUE_KEYS, type CataloguePart } from './src/locales/catalogue-parts';

/** Where `vite dev` forwards API calls: the API's own dev server (apps/api, PORT 3000). */
const API_ORIGIN = 'http://127.0.0.1:3000';

/**
 * Vendor code shared by every screen goes into a few long-lived chunks; everything else stays
 * with the lazy page that needs it, so the login page loads only what it renders (budget:
 * scripts/check-budget.mjs).
 */
const VENDOR_GROUPS: { name: string; test: RegExp; priority: number }[] = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'vendor-router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
  {
    name: 'vendor-i18n',
    test: /node_modules[\\/](i18next|react-i18next|zustand|use-sync-external-store)[\\/]/,
    priority: 20,
  },
];

type ContractTextsModule = typeof import('./src/locales/contract-texts');

const CATALOGUE_ID = /^virtual:catalogue\/([a-zA-Z-]+)\/(public|console)$/;

/**
 * `virtual:catalogue/<lang>/<part>`: the public or the console part of src/locales/<lang>.json
 * (src/locales/catalogue-parts.ts), each its own chunk, so one file per language stays the source.
 * The public part also carries the contract's validation and error messages in that language
 * (`contract`, src/locales/contract-texts.ts): the browser never loads the other language's.
 */
function catalogueParts(): Plugin {
  const publicKeys = new Set<string>(PUBLIC_CATALOGUE_KEYS);
  // The contract is TypeScript in a workspace package, which the bundled config cannot import:
  // a module runner reads it (once per build or dev server; vite restarts on a config change).
  const contractTextsFile = fileURLToPath(new URL('./src/locales/contract-texts.ts', import.meta.url));
  const contractFiles = ['errors.ts', 'i18n/validation.ts'].map((file) =>
    fileURLToPath(new URL(`../../packages/contract/src/${file}`, import.meta.url)),
  );
  let contractTexts: Promise<ContractTextsModule> | undefined;
  return {
    name: 'parlour-catalogue-parts',
    watchChange(id) {
      if (contractFiles.includes(id)) contractTexts = undefined;
    },
    resolveId: (id) => (CATALOGUE_ID.test(id) ? `\0${id}` : undefined),
    async load(id) {
      const match = CATALOGUE_ID.exec(id.replace(/^\0/, ''));
      if (!id.startsWith('\0') || !match) return undefined;
      const [, lang, part] = match as unknown as [string, Lang, CataloguePart];
      const file = fileURLToPath(new URL(`./src/locales/${lang}.json`, import.meta.url));
      this.addWatchFile(file);
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.fromEntries(
        Object.entries(catalogue).filter(([key]) => publicKeys.has(key) === (part === 'public')),
      );
      if (part !== 'public') return `export default ${JSON.stringify(picked)};\n`;
      for (const contractFile of contractFiles) this.addWatchFile(contractFile);
      contractTexts ??= runnerImport<ContractTextsModule>(contractTextsFile, {
        configFile: false,
        logLevel: 'silent',
      }).then(({ module }) => module);
      const { contractTexts: pickContract } = await contractTexts;
      const contract = `export const contract = ${JSON.stringify(pickContract(lang))};\n`;
      return `export default ${JSON.stringify(picked)};\n${contract}`;
    },
  };
}

export default defineConfig({
  plugins: [react(), catalogueParts()],
  resolve: {
    // `@/lib/request` rather than `../../../lib/request`: features reach shared code by name.
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/healthz': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/healthz': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // Rolldown would move code shared by several lazy pages into the entry chunk, so every
      // page (the login page too) would download it up front. Keep it in shared lazy chunks.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      treeshake: {
        // antd's @rc-component packages are side-effect-free ES modules but do not say so in
        // their package.json, so importing one export kept the whole package (all of rc-form for
        // the Input's form context, for instance).
        moduleSideEffects: (id: string) => !/node_modules[\\/]@rc-component[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          groups: VENDOR_GROUPS,
        },
      },
    },
  },
});
