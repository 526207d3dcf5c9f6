import 'i18next';
import type { LanguageResources } from './lib/i18n';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: LanguageResources;
    returnNull: false;
  }
}
