/** Parts of a language's catalogue, built by vite.config.ts from src/locales/<lang>.json. */
declare module 'virtual:catalogue/*' {
  const part: Partial<import('./lib/i18n').Catalogue>;
  export default part;
  /** The contract's messages in the part's language: the public part only. */
  export const contract: import('./locales/contract-texts').ContractTexts | undefined;
}
