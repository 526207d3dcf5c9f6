import { SEARCH_SORTS, type SearchSort } from '@parlour/contract/calls/open-core';
import type { Lang } from '@parlour/contract/errors';
import type { MarketplacePlatform } from '@parlour/contract/marketplace-link';
import type { ProductSearchPage } from '../../../../providers/product-data/product-data-provider';
import { formatCount, type Pricer } from '../storefront-money';
import { PLATFORM_NAMES, STOREFRONT_TEXT } from '../storefront-texts';
import { ItemCard, itemPath } from './item-card';
import { MessageCard } from './notice-page';
import { hrefOf, SearchForm, StoreDocument, type PageAddress, type StoreChrome } from './store-document';

/** Result pages offered at most (the marketplaces' search APIs stop around there). */
export const SEARCH_PAGES_MAX = 50;

/** A message instead of results: an empty search, a link that is not an item, a failed lookup. */
export interface SearchMessage {
  notice: string;
  title: string;
  message: string;
}

/** `/search`: a tab per marketplace, the sort orders, the results grid and its pages, or a message saying what to do. */
export function SearchPage(props: {
  lang: Lang;
  chrome: StoreChrome;
  address: PageAddress;
  query: string;
  platform: MarketplacePlatform | undefined;
  platforms: readonly MarketplacePlatform[];
  results?: ProductSearchPage;
  /** The order of the results (a platform tab starts over in the default order). */
  sort?: SearchSort;
  message?: SearchMessage;
  /** How prices show (absent on a page without results). */
  pricer?: Pricer;
}) {
  const { lang, chrome, query, results } = props;
  const text = STOREFRONT_TEXT[lang];
  const title = query ? text.resultsTitle(query) : text.searchEmptyTitle;
  const sortLabels: Record<SearchSort, string> = {
    default: text.sortDefault,
    price_asc: text.sortPriceAsc,
    price_desc: text.sortPriceDesc,
    sales: text.sortSales,
  };
  const pages = results ? Math.min(SEARCH_PAGES_MAX, Math.max(1, Math.ceil(results.total / results.page_size))) : 0;
  const sort = props.sort ?? 'default';
  const sortParam = (value: SearchSort) => (value === 'default' ? undefined : value);
  const pageHref = (page: number) =>
    hrefOf('/search', { q: query, platform: props.platform, sort: sortParam(sort), page: page > 1 ? page : undefined });
  return (
    <StoreDocument
      lang={lang}
      title={`${title} · ${chrome.siteName}`}
      chrome={chrome}
      address={props.address}
      hasHeaderSearch
      query={query}
      isNoIndex
      pricer={props.pricer}
    >
      {props.message ? (
        <div className="store-notice">
          <MessageCard notice={props.message.notice} title={props.message.title} message={props.message.message}>
            <SearchForm lang={lang} query={query} id="message-search" />
          </MessageCard>
        </div>
      ) : null}
      {results && props.platform ? (
        <section aria-labelledby="results-title">
          <h1 className="store-page-title" id="results-title">
            {title}
          </h1>
          <p className="store-muted">{text.resultsCount(formatCount(results.total, lang))}</p>
          {props.platforms.length > 1 ? (
            <nav className="store-tabs" aria-label={text.platformTabs}>
              {props.platforms.map((platform) => (
                <a
                  key={platform}
                  href={hrefOf('/search', { q: query, platform })}
                  aria-current={platform === props.platform ? 'page' : undefined}
                >
                  {PLATFORM_NAMES[lang][platform]}
                </a>
              ))}
            </nav>
          ) : null}
          <nav className="store-tabs store-sorts" aria-label={text.sortLabel}>
            <span className="store-sorts__label" aria-hidden="true">
              {text.sortLabel}
            </span>
            {SEARCH_SORTS.map((value) => (
              <a
                key={value}
                href={hrefOf('/search', { q: query, platform: props.platform, sort: sortParam(value) })}
                aria-current={value === sort ? 'page' : undefined}
                rel="nofollow"
                data-sort={value}
              >
                {sortLabels[value]}
              </a>
            ))}
          </nav>
          {results.items.length ? (
            <ul className="store-grid">
              {results.items.map((item) => (
                <li key={item.item_id}>
                  <ItemCard
                    href={itemPath(results.platform, item.item_id)}
                    image={item.image}
                    title={item.title}
                    price={props.pricer?.show(item.price)}
                    meta={
                      <>
                        <span>{text.sales(formatCount(item.sales, lang))}</span>
                        <span>{item.seller_nick}</span>
                      </>
                    }
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="store-section">{text.resultsEmpty}</p>
          )}
          {pages > 1 ? (
            <nav className="store-pager" aria-label={text.pagination}>
              {results.page > 1 ? (
                <a href={pageHref(results.page - 1)} rel="prev">
                  {text.pagePrevious}
                </a>
              ) : (
                <span aria-disabled="true">{text.pagePrevious}</span>
              )}
              <span>{text.pageOf(results.page, pages)}</span>
              {results.page < pages ? (
                <a href={pageHref(results.page + 1)} rel="next">
                  {text.pageNext}
                </a>
              ) : (
                <span aria-disabled="true">{text.pageNext}</span>
              )}
            </nav>
          ) : null}
        </section>
      ) : null}
    </StoreDocument>
  );
}
