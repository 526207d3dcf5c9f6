/** Parts of a language's catalogue, built by vite.config.ts from src/locales/<lang>.json. */
declare module 'virtual:catalogue/*' {
  const part: Partial<import('./lib/i18n').Catalogue>;
  export default part;
}
