import { defaultLang, errorMessages, languages, toLang, type ErrorKey, type Lang } from '@parlour/contract/errors';
import { validationMessages, type ValidationKey } from '@parlour/contract/i18n/validation';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type enUS from '../locales/en-US.json';
import { feedback } from './feedback';

/**
 * The console's translations: its own catalogues (`translation`) plus the contract's validation
 * messages (`validation`) and error catalogue (`errors`), so a rule or an error reads the same in
 * the browser as in the API's answer.
 *
 * The console's catalogues grow with every screen, so each language's is a chunk of its own,
 * loaded the first time that language is shown: the root loader waits for it (app/router), so no
 * page renders before its texts are there, and the language switcher loads the other one on
 * demand. The contract's messages are small and in the bundle anyway: both languages are
 * registered up front, so an error can always be told.
 */

/** A console catalogue; every language has the keys of the English one (locales/locales.test.ts). */
export type Catalogue = typeof enUS;

/** The namespaces of one language, as the `t` typing sees them (i18next.d.ts). */
export interface LanguageResources {
  translation: Catalogue;
  validation: Record<ValidationKey, string>;
  errors: Record<ErrorKey, string>;
}

const catalogueLoaders: Record<Lang, () => Promise<{ default: Catalogue }>> = {
  'zh-CN': () => import('../locales/zh-CN.json'),
  'en-US': () => import('../locales/en-US.json'),
};

function pickLanguage<K extends string>(table: Record<K, Record<Lang, string>>, lang: Lang): Record<K, string> {
  return Object.fromEntries(Object.entries<Record<Lang, string>>(table).map(([key, text]) => [key, text[lang]])) as Record<K, string>;
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = toLang(lng);
});

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    languages.map((lang) => [
      lang,
      { validation: pickLanguage<ValidationKey>(validationMessages, lang), errors: pickLanguage<ErrorKey>(errorMessages, lang) },
    ]),
  ),
  lng: defaultLang,
  // Only consulted for a key missing from the shown catalogue, and only once English was loaded;
  // otherwise the key itself is shown. Both catalogues have every key (locales.test.ts).
  fallbackLng: 'en-US',
  supportedLngs: [...languages],
  ns: ['translation', 'validation', 'errors'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

function hasCatalogue(lang: Lang): boolean {
  return i18n.hasResourceBundle(lang, 'translation');
}

/** Registers a language's catalogue (tests register both up front, synchronously). */
export function addCatalogue(lang: Lang, catalogue: Catalogue): void {
  i18n.addResourceBundle(lang, 'translation', catalogue, true, true);
}

const loadingCatalogues = new Map<Lang, Promise<void>>();

/** Loads a language's catalogue once; a failed load is tried again the next time it is asked for. */
function loadCatalogue(lang: Lang): Promise<void> {
  let loading = loadingCatalogues.get(lang);
  if (!loading) {
    loading = catalogueLoaders[lang]().then(({ default: catalogue }) => addCatalogue(lang, catalogue));
    loading.catch(() => loadingCatalogues.delete(lang));
    loadingCatalogues.set(lang, loading);
  }
  return loading;
}

/** The language last asked for, and when it is on screen (rejected when its catalogue failed to load). */
let requestedLang: Lang | null = null;
let requestedShown: Promise<void> = Promise.resolve();

/**
 * Shows the interface in `lang`: at once when its catalogue is loaded, otherwise once it is (a
 * later request wins over one still loading).
 */
export function changeLanguage(lang: Lang): void {
  requestedLang = lang;
  if (hasCatalogue(lang)) {
    requestedShown = Promise.resolve();
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    return;
  }
  const isShowingAnother = hasCatalogue(toLang(i18n.language));
  requestedShown = loadCatalogue(lang).then(() => {
    if (requestedLang === lang) void i18n.changeLanguage(lang);
  });
  requestedShown.catch(() => {
    // A switch that could not load: say so in the language still shown. Before the first page
    // the root loader fails instead and the route error page offers a reload.
    if (isShowingAnother && requestedLang === lang) feedback.error(i18n.t('errors:LOAD_FAILED'));
  });
}

/** Resolves once the language last asked for is shown; rejects when its catalogue failed to load. */
export function languageShown(): Promise<void> {
  return requestedShown;
}

/** The language the interface currently shows: also the `lang_code` of every call. */
export function currentLang(): Lang {
  return toLang(i18n.language);
}
