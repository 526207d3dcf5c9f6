import { defaultLang, errorMessages, languages, toLang, type ErrorKey, type Lang } from '@parlour/contract/errors';
import { validationMessages, type ValidationKey } from '@parlour/contract/i18n/validation';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from '../locales/en-US.json';
import zhCN from '../locales/zh-CN.json';

/**
 * The console's translations: its own catalogues (`translation`) plus the contract's validation
 * messages (`validation`) and error catalogue (`errors`), so a rule or an error reads the same in
 * the browser as in the API's answer.
 */

function pickLanguage<K extends string>(table: Record<K, Record<Lang, string>>, lang: Lang): Record<K, string> {
  return Object.fromEntries(Object.entries<Record<Lang, string>>(table).map(([key, text]) => [key, text[lang]])) as Record<K, string>;
}

export const resources = {
  'zh-CN': {
    translation: zhCN,
    validation: pickLanguage<ValidationKey>(validationMessages, 'zh-CN'),
    errors: pickLanguage<ErrorKey>(errorMessages, 'zh-CN'),
  },
  'en-US': {
    translation: enUS,
    validation: pickLanguage<ValidationKey>(validationMessages, 'en-US'),
    errors: pickLanguage<ErrorKey>(errorMessages, 'en-US'),
  },
} as const;

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = toLang(lng);
});

void i18n.use(initReactI18next).init({
  resources,
  lng: defaultLang,
  fallbackLng: 'en-US',
  supportedLngs: [...languages],
  ns: ['translation', 'validation', 'errors'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** The language the interface currently shows: also the `lang_code` of every call. */
export function currentLang(): Lang {
  return toLang(i18n.language);
}

export function changeLanguage(lang: Lang): void {
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
}
