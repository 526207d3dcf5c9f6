import type { Lang } from '@parlour/contract/errors';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Pricer } from '../storefront-money';
import { isShownImage } from '../marketplace-images';
import { storefrontScript } from '../storefront-script';
import { ContactButton, GUIDE_PATH, type StorefrontFeatures } from './plugin-widgets';
import { PLUGIN_TEXT } from '../storefront-plugin-texts';
import { PLUGIN_STYLE } from '../storefront-plugin-style';
import { STOREFRONT_STYLE } from '../storefront-style';
import { STOREFRONT_TEXT } from '../storefront-texts';

/** Where an ICP record number links (the MIIT record site), as the console's preview does. */
export const RECORD_SITE = 'https://beian.miit.gov.cn/';

/** The query parameter that switches the buyer's language (kept in a cookie, then dropped from the address). */
export const LANG_PARAM = 'lang';
/** The query parameter that switches the currency prices show in (kept in a cookie, like the language). */
export const CURRENCY_PARAM = 'currency';

/** The page's address with one query parameter set (the language and currency switches). */
function withParam(address: PageAddress, name: string, value: string): string {
  const search = new URLSearchParams(address.search);
  search.set(name, value);
  return `${address.path}?${search.toString()}`;
}

/** What every page of a store shows around its content: from the store's basic config. */
export interface StoreChrome {
  siteName: string;
  logo: string;
  icon: string;
  keywords: string;
  description: string;
  servicePhone: string;
  recordNumber: string;
  copyright: string;
  /** What the store's enabled plugins add to every page (the contact button, the guide's link). */
  plugins?: StorefrontFeatures;
}

/** The page a buyer is on: its address (path and query), for the language switch and the canonical link. */
export interface PageAddress {
  /** `https://<primary domain>` (no trailing slash): canonical links point there. */
  origin: string;
  path: string;
  search: URLSearchParams;
}

/** A page as React renders it on the server: a full document (its script, if any, is a file: client/). */
export function renderDocument(page: ReactNode): string {
  return `<!doctype html>\n${renderToStaticMarkup(page)}\n`;
}

/** The address of `path` with `params` (empty values dropped). */
export function hrefOf(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(name, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The search box: a keyword, a pasted item link or share text (GET /search, so it works without script). */
export function SearchForm(props: { lang: Lang; query?: string; id: string }) {
  const text = STOREFRONT_TEXT[props.lang];
  return (
    <form className="store-search" action="/search" method="get" role="search">
      <input
        id={props.id}
        type="search"
        name="q"
        defaultValue={props.query ?? ''}
        placeholder={text.searchPlaceholder}
        aria-label={text.searchLabel}
        maxLength={2000}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit">{text.searchButton}</button>
    </form>
  );
}

/**
 * A store's page: the head from its basic config (title, keywords, description, icon, canonical
 * link), a header with the logo, name, search box, home link and language switch, the content, and a
 * footer with copyright, record number and service phone.
 */
export function StoreDocument(props: {
  lang: Lang;
  title: string;
  chrome: StoreChrome;
  address?: PageAddress;
  /** A page of its own description (an item) instead of the store's. */
  description?: string;
  /** Tags for sharing (Open Graph) and the like. */
  head?: ReactNode;
  /** The header's search box: hidden on the home page, which has a large one. */
  hasHeaderSearch?: boolean;
  query?: string;
  /** The store's home: its name is the page's heading (elsewhere the page's own title is). */
  isHome?: boolean;
  /** How the page's prices show: its currency switch lists the currencies the store offers. */
  pricer?: Pricer;
  /** Kept off search engines (search result pages). */
  isNoIndex?: boolean;
  children: ReactNode;
}) {
  const { lang, chrome, address } = props;
  const text = STOREFRONT_TEXT[lang];
  const description = props.description ?? chrome.description;
  const other: Lang = lang === 'zh-CN' ? 'en-US' : 'zh-CN';
  const switchHref = address ? withParam(address, LANG_PARAM, other) : undefined;
  const currencies = props.pricer && props.pricer.currencies.length > 1 ? props.pricer.currencies : [];
  const canonical = address ? `${address.origin}${address.path}${canonicalQuery(address.search)}` : undefined;
  const copyright = chrome.copyright || `© ${chrome.siteName}`;
  const phoneDigits = chrome.servicePhone.replace(/[^0-9+]/g, '');
  // The client script (its SKU picker, gallery and currency switch): the page works without it.
  const script = storefrontScript();
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
        {chrome.keywords ? <meta name="keywords" content={chrome.keywords} /> : null}
        {description ? <meta name="description" content={description} /> : null}
        {props.isNoIndex ? <meta name="robots" content="noindex, follow" /> : null}
        {chrome.icon ? <link rel="icon" href={chrome.icon} /> : null}
        {canonical ? <link rel="canonical" href={canonical} /> : null}
        {props.head}
        <style dangerouslySetInnerHTML={{ __html: STOREFRONT_STYLE + PLUGIN_STYLE }} />
        {script ? <script src={script.path} integrity={script.integrity} defer /> : null}
      </head>
      <body>
        <header className="store-header">
          <div className="store-header__inner">
            <a className="store-brand" href="/">
              {chrome.logo && isShownImage(chrome.logo) ? (
                <img className="store-logo" src={chrome.logo} alt={chrome.siteName} />
              ) : (
                <span className="store-logo store-logo--empty" aria-hidden="true">
                  {Array.from(chrome.siteName)[0] ?? ''}
                </span>
              )}
              {props.isHome ? (
                <h1 className="store-name">{chrome.siteName}</h1>
              ) : (
                <span className="store-name">{chrome.siteName}</span>
              )}
            </a>
            {props.hasHeaderSearch ? (
              <div className="store-header__search">
                <SearchForm lang={lang} query={props.query} id="header-search" />
              </div>
            ) : null}
            <nav className="store-nav" aria-label={chrome.siteName}>
              <a href="/" aria-current={address?.path === '/' ? 'page' : undefined}>
                {text.home}
              </a>
              {chrome.plugins?.hasGuide ? (
                <a href={GUIDE_PATH} aria-current={address?.path === GUIDE_PATH ? 'page' : undefined}>
                  {PLUGIN_TEXT[lang].guideLink}
                </a>
              ) : null}
              {address && currencies.length ? (
                <CurrencySwitch
                  lang={lang}
                  address={address}
                  currencies={currencies}
                  current={props.pricer?.currency}
                />
              ) : null}
              {switchHref ? (
                <a href={switchHref} lang={other} hrefLang={other} aria-label={text.languageSwitchLabel}>
                  {text.languageSwitch}
                </a>
              ) : null}
            </nav>
          </div>
        </header>
        <main className="store-main" id="main">
          {props.children}
        </main>
        <footer className="store-footer">
          <div className="store-footer__inner">
            <span className="store-copyright">{copyright}</span>
            {chrome.recordNumber ? (
              <a className="store-record" href={RECORD_SITE} target="_blank" rel="noopener noreferrer">
                {chrome.recordNumber}
              </a>
            ) : null}
            {chrome.servicePhone ? (
              <span className="store-phone">
                {text.servicePhone}
                <a href={`tel:${phoneDigits}`}>{chrome.servicePhone}</a>
              </span>
            ) : null}
            <span>{text.poweredBy}</span>
          </div>
        </footer>
        {chrome.plugins?.contact ? <ContactButton lang={lang} contact={chrome.plugins.contact} /> : null}
      </body>
    </html>
  );
}

/**
 * The currency switch: a GET form to the same page (its other parameters kept) with a button, so it
 * works without script; the client script goes on change, with what it changed in the address, and
 * hides the button (client/currency-switch.ts).
 */
function CurrencySwitch(props: {
  lang: Lang;
  address: PageAddress;
  currencies: readonly string[];
  current: string | undefined;
}) {
  const text = STOREFRONT_TEXT[props.lang];
  const kept = [...props.address.search].filter(([name]) => name !== CURRENCY_PARAM && name !== LANG_PARAM);
  return (
    <form className="store-currencies" action={props.address.path} method="get" data-currency-switch>
      {kept.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="currency-switch" className="visually-hidden">
        {text.currencySwitchLabel}
      </label>
      <select id="currency-switch" name={CURRENCY_PARAM} defaultValue={props.current}>
        {props.currencies.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </select>
      <button type="submit">{text.currencySwitchButton}</button>
    </form>
  );
}

/** The query a canonical link keeps: the page's own parameters, not the language switch. */
function canonicalQuery(search: URLSearchParams): string {
  const kept = new URLSearchParams(search);
  kept.delete(LANG_PARAM);
  kept.delete(CURRENCY_PARAM);
  const query = kept.toString();
  return query ? `?${query}` : '';
}
