import 'i18next';
import type { resources } from './lib/i18n';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['en-US'];
    returnNull: false;
  }
}
