import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

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
  { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next|zustand|use-sync-external-store)[\\/]/, priority: 20 },
];

export default defineConfig({
  plugins: [react()],
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
