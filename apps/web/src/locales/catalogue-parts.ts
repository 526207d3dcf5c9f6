/**
 * The console's catalogues are one JSON file per language (zh-CN.json, en-US.json), served in two
 * parts: the top-level keys below, which the public pages (site, login, registration, recovery,
 * not-found, test) show, load before the first page; the rest, the console's, loads with the first
 * page that is not one of those (`publicTextsOnly` in app/routes.ts). The login page's first load
 * stays small however many screens the console grows (scripts/check-budget.mjs).
 * vite.config.ts builds the parts as virtual modules `virtual:catalogue/<lang>/<part>`.
 */
export const PUBLIC_CATALOGUE_KEYS = [
  'app',
  'common',
  'lang',
  'loginType',
  'route',
  'shell',
  'site',
  'home',
  'pricing',
  'auth',
  'notFound',
  'notAvailable',
  'diagnostics',
  'request',
  'routeError',
  'messageForm',
  'publicSite',
] as const;

export type CataloguePart = 'public' | 'console';
