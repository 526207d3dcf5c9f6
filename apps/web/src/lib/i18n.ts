import { defaultLang, languages, toLang, type Lang } from '@parlour/contract/errors';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { CataloguePart } from '../locales/catalogue-parts';
import type { ContractTexts } from '../locales/contract-texts';
import type enUS from '../locales/en-US.json';
import { feedback } from './feedback';

/**
 * The console's translations: its own catalogues (`translation`) plus the contract's validation
 * messages (`validation`, with the words of a field's issue in `issue`) and error catalogue
 * (`errors`), so a rule or an error reads the same in the browser as in the API's answer.
 *
 * The console's catalogues grow with every screen, so each language's comes in chunks of its own,
 * loaded the first time that language is shown: the public part (locales/catalogue-parts.ts)
 * before the first page — the root loader waits for it (app/router) — and the console part once a
 * page that needs it is visited (`includeConsoleTexts`), from then on with every language shown.
 * No page renders before its texts are there; the language switcher loads the other language's
 * parts on demand. The contract's messages grow with every call, so they come the same way: the
 * public part of a language carries that language's (locales/contract-texts.ts, picked at build
 * time), registered with it.
 */

/** A console catalogue; every language has the keys of the English one (locales/locales.test.ts). */
export type Catalogue = typeof enUS;

/** The namespaces of one language, as the `t` typing sees them (i18next.d.ts). */
export interface LanguageResources extends ContractTexts {
  translation: Catalogue;
}

type PartLoader = () => Promise<{ default: Partial<Catalogue>; contract?: ContractTexts }>;
const catalogueLoaders: Record<Lang, Record<CataloguePart, PartLoader>> = {
  'zh-CN': {
    public: () => import('virtual:catalogue/zh-CN/public'),
    console: () => import('virtual:catalogue/zh-CN/console'),
  },
  'en-US': {
    public: () => import('virtual:catalogue/en-US/public'),
    console: () => import('virtual:catalogue/en-US/console'),
  },
};

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = toLang(lng);
});

void i18n.use(initReactI18next).init({
  resources: {},
  lng: defaultLang,
  // Only consulted for a key missing from the shown catalogue, and only once English was loaded;
  // otherwise the key itself is shown. Both catalogues have every key (locales.test.ts).
  fallbackLng: 'en-US',
  supportedLngs: [...languages],
  ns: ['translation', 'validation', 'errors', 'issue'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** Parts loaded per language; tests register whole catalogues (both parts) up front. */
const loadedParts = new Map<Lang, Set<CataloguePart>>();
/** Set once a page needing the console's texts was visited: every language shown then loads them too. */
let isConsoleNeeded = false;

function neededParts(): CataloguePart[] {
  return isConsoleNeeded ? ['public', 'console'] : ['public'];
}

function hasCatalogue(lang: Lang): boolean {
  const loaded = loadedParts.get(lang);
  return neededParts().every((part) => loaded?.has(part));
}

function addPart(lang: Lang, part: CataloguePart, texts: Partial<Catalogue>): void {
  i18n.addResourceBundle(lang, 'translation', texts, true, true);
  const loaded = loadedParts.get(lang) ?? new Set<CataloguePart>();
  loaded.add(part);
  loadedParts.set(lang, loaded);
}

/** Registers the contract's messages in a language (with the public part; tests register both languages up front). */
export function addContractTexts(lang: Lang, texts: ContractTexts): void {
  for (const [ns, bundle] of Object.entries(texts)) i18n.addResourceBundle(lang, ns, bundle, true, true);
}

/** Registers a language's whole catalogue (tests register both up front, synchronously). */
export function addCatalogue(lang: Lang, catalogue: Catalogue): void {
  addPart(lang, 'public', catalogue);
  addPart(lang, 'console', catalogue);
}

/** Drops a language's catalogue (and contract messages), as if never loaded (tests of loading on demand). */
export function forgetCatalogue(lang: Lang): void {
  for (const ns of ['translation', 'validation', 'errors', 'issue']) i18n.removeResourceBundle(lang, ns);
  loadedParts.delete(lang);
}

const loadingParts = new Map<string, Promise<void>>();

/** Loads one part of a language's catalogue once (concurrent requests share the load). */
function loadPart(lang: Lang, part: CataloguePart): Promise<void> {
  if (loadedParts.get(lang)?.has(part)) return Promise.resolve();
  const key = `${lang}:${part}`;
  let loading = loadingParts.get(key);
  if (!loading) {
    // Once settled the entry goes: loaded parts are in loadedParts, a failed one is tried again.
    loading = catalogueLoaders[lang][part]()
      .then(({ default: texts, contract }) => {
        if (contract) addContractTexts(lang, contract);
        addPart(lang, part, texts);
      })
      .finally(() => loadingParts.delete(key));
    loadingParts.set(key, loading);
  }
  return loading;
}

/** Loads the parts of a language's catalogue the pages visited so far need. */
function loadCatalogue(lang: Lang): Promise<void> {
  return Promise.all(neededParts().map((part) => loadPart(lang, part))).then(() => undefined);
}

/**
 * The console's texts in the language shown (and, from now on, in every language shown): route
 * loaders of pages beyond the public ones wait for this before the page renders.
 */
export function includeConsoleTexts(): Promise<void> {
  isConsoleNeeded = true;
  return loadPart(requestedLang ?? toLang(i18n.language), 'console');
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
