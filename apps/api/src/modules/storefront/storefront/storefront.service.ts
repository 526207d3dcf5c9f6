import { SEARCH_SORTS, type SearchSort } from '@parlour/contract/calls/open-core';
import { UPLOADS_URL_PREFIX } from '@parlour/contract/calls/settings';
import { STORE_ADMIN_SSO_PATH } from '@parlour/contract/calls/store';
import { LOG_PLATFORMS } from '@parlour/contract/constants';
import { errorMessages, languages, type Lang } from '@parlour/contract/errors';
import { parseMarketplaceInput, type MarketplacePlatform } from '@parlour/contract/marketplace-link';
import { createElement } from 'react';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { systemScope } from '../../../lib/tenant-scope';
import type { IpRateLimit } from '../../../platform/rate-limit/ip-rate-limit.service';
import type { ProductItem, ProductSearchPage } from '../../../providers/product-data/product-data-provider';
import { SANDBOX_IMAGES_PREFIX } from '../../../providers/product-data/sandbox-images';
import type { DomainService } from '../../stores/domain/domain.service';
import type { PluginService } from '../../stores/plugin/plugin.service';
import type { StorePicksService } from '../../stores/store-picks/store-picks.service';
import type { StorePricingService } from '../../stores/store-pricing/store-pricing.service';
import type { StoreSiteConfigService } from '../../stores/store-site-config/store-site-config.service';
import type { CoreDataService } from '../../traffic/core-data/core-data.service';
import type { ItemLinkResolver } from '../../traffic/open-api/item-link-resolver';
import type { OpenApiService } from '../../traffic/open-api/open-api.service';
import { HomePage } from './pages/home-page';
import { itemPath } from './pages/item-card';
import { ItemPage } from './pages/item-page';
import { NoticePage, type StoreNotice } from './pages/notice-page';
import { SearchPage, SEARCH_PAGES_MAX, type SearchMessage } from './pages/search-page';
import { CURRENCY_PARAM, LANG_PARAM, renderDocument, type PageAddress, type StoreChrome } from './pages/store-document';
import { STOREFRONT_ASSETS_PREFIX } from './storefront-script';
import { createPricer } from './storefront-money';
import type { StorefrontPlugins } from './storefront-plugins';
import { PLATFORM_NAMES, STOREFRONT_TEXT } from './storefront-texts';

/** A store still being set up asks visitors to come back after this long (Retry-After, seconds). */
const COMING_SOON_RETRY_SECONDS = 60;
/** A store closed at the end of its term may reopen on renewal: come back after this long. */
const TERM_ENDED_RETRY_SECONDS = 3600;
/** A store that cannot serve product data now (no units, marketplace switched off): come back after this long. */
const UNAVAILABLE_RETRY_SECONDS = 600;
/** The marketplace did not answer: reload after this long. */
const UPSTREAM_RETRY_SECONDS = 30;

/** Where the icon of a store is asked for by browsers that do not read the page's `<link rel="icon">`. */
export const FAVICON_PATH = '/favicon.ico';

/**
 * The paths a store host serves its front page at: `/`, and the store admin's sign-in landing that
 * backend_redirect's ticket opens (the store runtime's own page; until that runs here, the front page).
 */
const FRONT_PAGE_PATHS: ReadonlySet<string> = new Set(['/', STORE_ADMIN_SSO_PATH]);
const SEARCH_PATH = '/search';
const ROBOTS_PATH = '/robots.txt';
const SITEMAP_PATH = '/sitemap.xml';
/** `/item/<platform>/<item_id>`. */
const ITEM_PATH = /^\/item\/([a-z0-9_]{1,20})\/([^/]{1,64})$/;
/** An item ID as the marketplaces write them. */
const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The language the buyer chose, kept for a year. */
export const LANG_COOKIE = 'parlour_lang';
/** The currency the buyer chose, kept for a year. */
export const CURRENCY_COOKIE = 'parlour_currency';
/** A currency code as the switch sends it (the store's list decides whether it is shown). */
export const CURRENCY_CODE = /^[A-Z]{3}$/;

/** What a store host answers. */
export type StorefrontAnswer =
  /** 301 to the same path on the store's primary domain. */
  | { kind: 'redirect'; to: string }
  /** 302 to another page of the store (a pasted link to its item page; the language switch, with its cookie). */
  | { kind: 'location'; to: string; lang?: Lang; currency?: string }
  /** A page of the store, or a short page: closed (403 disabled, 503 term ended), coming soon, no such page (404), … */
  | { kind: 'page'; statusCode: number; html: string; retryAfterSeconds?: number }
  /** `/favicon.ico`: the store's icon ('' when it has none). */
  | { kind: 'icon'; icon: string }
  /** `/robots.txt`, `/sitemap.xml`: for search engines. */
  | { kind: 'text'; contentType: string; body: string }
  /**
   * `/uploads/…`, `/sandbox-images/…`, `/_assets/…`: the platform's images and the storefront's script (the
   * config's logo and icon, the sandbox's item pictures), served by the platform's routes.
   */
  | { kind: 'upload' };

/** The request as the storefront reads it. */
export interface StorefrontRequest {
  /** Lower-case, no port. */
  host: string;
  path: string;
  search: URLSearchParams;
  method: string;
  /** The cookie's language, else Accept-Language's. */
  lang: Lang;
  /** The currency the buyer chose (its cookie), if any: the store's own list decides whether it is shown. */
  currency?: string;
  ip: string;
  /** `https://<host>` or `http://<host>:<port>`, as the request reached us (canonical links). */
  origin: string;
}

function isPlatform(value: string | null | undefined): value is MarketplacePlatform {
  return (LOG_PLATFORMS as readonly string[]).includes(value ?? '');
}

/**
 * The store's own site on its hosts (docs/domains.md): `<shop_id>.<SHOP_BASE_DOMAIN>` and its bound
 * custom domains. Its home (`/`, from the store's basic config and enabled plugins), `/search` (a
 * keyword's results per marketplace, or straight to the item a pasted link names) and
 * `/item/<platform>/<id>`; every product lookup is the store's metered Open API call (charged to its
 * traffic packages, logged as the storefront's) and limited per visitor address. A disabled store,
 * one whose term ended and one still being set up answer their own page; any other path "page not found".
 */
export function createStorefrontService(deps: {
  domainService: Pick<DomainService, 'resolveHost'>;
  storeSiteConfigService: Pick<StoreSiteConfigService, 'getConfig'>;
  pluginService: Pick<PluginService, 'listEnabledOnShop'>;
  storePricingService: Pick<StorePricingService, 'priceRule'>;
  storePicksService: Pick<StorePicksService, 'picksForStore'>;
  itemLinkResolver: Pick<ItemLinkResolver, 'resolve'>;
  coreDataService: Pick<CoreDataService, 'listDataSources'>;
  openApiService: Pick<OpenApiService, 'callForStore'>;
  /** What the seeded plugins add to the pages, and their own pages (/guide, /shipping, /convert). */
  storefrontPlugins: StorefrontPlugins;
  ipRateLimit?: IpRateLimit;
  clock: Clock;
}) {
  const page = (statusCode: number, html: string, retryAfterSeconds?: number): StorefrontAnswer => ({
    kind: 'page',
    statusCode,
    html,
    retryAfterSeconds,
  });
  const notice = (
    statusCode: number,
    options: { lang: Lang; notice: StoreNotice; storeName?: string; icon?: string; retryAfterSeconds?: number },
  ) => page(statusCode, renderDocument(createElement(NoticePage, options)), options.retryAfterSeconds);

  /** The marketplaces whose data source the operator has switched on, in the spec's order. */
  async function enabledPlatforms(): Promise<MarketplacePlatform[]> {
    const { list } = await deps.coreDataService.listDataSources();
    return LOG_PLATFORMS.filter((platform) => list.some((source) => source.platform === platform && source.is_enabled));
  }

  return {
    /** The answer for a request at `host`; null when the host is not a store's (the platform's own). */
    async answer(request: StorefrontRequest): Promise<StorefrontAnswer | null> {
      const { lang, path } = request;
      const target = await deps.domainService.resolveHost(request.host);
      if (!target) return null;
      if (target.kind === 'unknown') return notice(404, { lang, notice: 'unknown' });
      if (target.redirectTo) return { kind: 'redirect', to: target.redirectTo };
      const { shop } = target;
      if (shop.status === 'disabled' && shop.is_disabled_by_operator)
        return notice(403, { lang, notice: 'disabled', storeName: shop.shop_name });
      // Expired: in its grace period, or past it (disabled by time): renewal reopens it.
      if (shop.status === 'pending_renewal' || shop.status === 'disabled') {
        return notice(503, {
          lang,
          notice: 'term_ended',
          storeName: shop.shop_name,
          retryAfterSeconds: TERM_ENDED_RETRY_SECONDS,
        });
      }
      if (!shop.is_ready) {
        return notice(503, {
          lang,
          notice: 'coming_soon',
          storeName: shop.shop_name,
          retryAfterSeconds: COMING_SOON_RETRY_SECONDS,
        });
      }
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return notice(405, { lang, notice: 'method', storeName: shop.shop_name });
      if (
        path.startsWith(UPLOADS_URL_PREFIX) ||
        path.startsWith(SANDBOX_IMAGES_PREFIX) ||
        path.startsWith(STOREFRONT_ASSETS_PREFIX)
      )
        return { kind: 'upload' };

      // ?lang=en-US, ?currency=USD: the buyer's choice, kept in a cookie; the address without it.
      const askedLang = request.search.get(LANG_PARAM);
      const askedCurrency = request.search.get(CURRENCY_PARAM);
      if (askedLang !== null || askedCurrency !== null) {
        const search = new URLSearchParams(request.search);
        search.delete(LANG_PARAM);
        search.delete(CURRENCY_PARAM);
        const query = search.toString();
        return {
          kind: 'location',
          to: `${path}${query ? `?${query}` : ''}`,
          lang: languages.includes(askedLang as Lang) ? (askedLang as Lang) : undefined,
          currency: askedCurrency && CURRENCY_CODE.test(askedCurrency) ? askedCurrency : undefined,
        };
      }

      const config = await deps.storeSiteConfigService.getConfig({ scope: systemScope, shopId: shop.shop_id });
      if (path === FAVICON_PATH) return { kind: 'icon', icon: config.ico };
      // Crawlers may read the store's pages but not run searches (each costs the store units) or open the admin.
      if (path === ROBOTS_PATH)
        return {
          kind: 'text',
          contentType: 'text/plain; charset=utf-8',
          body: `User-agent: *\nDisallow: ${SEARCH_PATH}\nDisallow: /admin/\nSitemap: ${request.origin}${SITEMAP_PATH}\n`,
        };
      if (path === SITEMAP_PATH) {
        // The home page and the merchant's picks (item paths are digits and a platform code: nothing to escape).
        const picks = await deps.storePicksService.picksForStore(shop.id);
        const urls = ['/', ...picks.map((pick) => itemPath(pick.platform, pick.item_id))];
        return {
          kind: 'text',
          contentType: 'application/xml; charset=utf-8',
          body:
            '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
            urls.map((url) => `<url><loc>${request.origin}${url}</loc></url>\n`).join('') +
            '</urlset>\n',
        };
      }
      const siteName = config.site_name.trim() || shop.shop_name;
      const chrome: StoreChrome = {
        siteName,
        logo: config.logo,
        icon: config.ico,
        keywords: config.keywords.trim(),
        description: config.description.trim(),
        servicePhone: config.service_phone.trim(),
        recordNumber: config.record_number.trim(),
        copyright: config.copyright.trim(),
      };
      const address: PageAddress = { origin: request.origin, path, search: request.search };
      /** How this store shows prices to this buyer (its pricing, the rates in force, the buyer's currency). */
      const pricer = async () =>
        createPricer(await deps.storePricingService.priceRule(shop.id), request.currency, lang);
      // The enabled plugins, read for each page: switching one on or off shows at the next page.
      const plugins = await deps.pluginService.listEnabledOnShop(shop.id, lang);
      chrome.plugins = await deps.storefrontPlugins.featuresOf({
        codes: plugins.map((plugin) => plugin.code),
        shopRef: shop.id,
        pricer,
      });
      const text = STOREFRONT_TEXT[lang];

      /** The visitor's limit of uncached product views, taken before a vendor call (an answer from the cache costs the vendor nothing). */
      const limitVisitor = async () => {
        await deps.ipRateLimit?.hit('storefront-product', request.ip);
      };

      /** A product lookup: the store's metered call, uncached views limited per visitor; a failure becomes the page to show. */
      async function lookUp<T>(
        platform: MarketplacePlatform,
        apiCode: string,
        params: Record<string, string>,
      ): Promise<
        { isOk: true; data: T; fetchedAt: Date; isStale: boolean } | { isOk: false; failure: StorefrontAnswer }
      > {
        try {
          const answer = await deps.openApiService.callForStore({
            shopRef: shop.id,
            platform,
            apiCode,
            params: { ...params, lang: lang === 'zh-CN' ? 'zh-CN' : 'en' },
            beforeUpstream: limitVisitor,
          });
          return {
            isOk: true,
            data: answer.data as T,
            fetchedAt: answer.fetchedAt,
            isStale: answer.cacheState === 'stale',
          };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return { isOk: false, failure: failurePage(error) };
        }
      }

      /** The store's page with a message instead of results (and its search box), e.g. a failed lookup. */
      const messagePage = (statusCode: number, message: SearchMessage, retryAfterSeconds?: number) =>
        page(
          statusCode,
          renderDocument(
            createElement(SearchPage, {
              lang,
              chrome,
              address,
              query: request.search.get('q') ?? '',
              platform: undefined,
              platforms: [],
              message,
            }),
          ),
          retryAfterSeconds,
        );
      /** Every store page that cannot serve product data now says so (503): no units, the marketplace switched off. */
      const unavailable = () =>
        notice(503, {
          lang,
          notice: 'unavailable',
          storeName: siteName,
          icon: chrome.icon,
          retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS,
        });

      function failurePage(error: AppError): StorefrontAnswer {
        switch (error.key) {
          case 'TOO_MANY_REQUESTS': {
            const retry = Number((error.options.data as { retry_after?: number } | undefined)?.retry_after ?? 60);
            return notice(429, {
              lang,
              notice: 'too_many',
              storeName: siteName,
              icon: chrome.icon,
              retryAfterSeconds: retry,
            });
          }
          case 'OPEN_UPSTREAM_FAILED':
          case 'OPEN_UPSTREAM_TIMEOUT':
            return messagePage(
              502,
              { notice: 'upstream', title: text.upstreamTitle, message: text.upstream },
              UPSTREAM_RETRY_SECONDS,
            );
          case 'OPEN_ITEM_NOT_FOUND':
            return messagePage(404, {
              notice: 'item_not_found',
              title: text.itemNotFoundTitle,
              message: text.itemNotFound,
            });
          case 'OPEN_PARAMS_INVALID':
            return messagePage(400, {
              notice: 'params',
              title: text.paramsTitle,
              message: error.options.messages?.[lang] ?? errorMessages[error.key][lang],
            });
          default:
            // No units left, the marketplace or its API switched off, the store not running.
            return unavailable();
        }
      }

      if (FRONT_PAGE_PATHS.has(path)) {
        // The picks are the snapshot the merchant pinned: the home page makes no metered call.
        const [platforms, picks, homePricer] = await Promise.all([
          enabledPlatforms(),
          deps.storePicksService.picksForStore(shop.id),
          pricer(),
        ]);
        return page(
          200,
          renderDocument(
            createElement(HomePage, {
              lang,
              chrome,
              address: { ...address, path: '/' },
              platforms,
              plugins,
              picks,
              pricer: homePricer,
            }),
          ),
        );
      }

      if (path === SEARCH_PATH) {
        const platforms = await enabledPlatforms();
        const raw = request.search.get('q') ?? '';
        const input = parseMarketplaceInput(raw);
        const searchPage = async (
          statusCode: number,
          props: {
            query: string;
            message?: SearchMessage;
            results?: ProductSearchPage;
            platform?: MarketplacePlatform;
            sort?: SearchSort;
          },
        ) =>
          page(
            statusCode,
            renderDocument(
              createElement(SearchPage, {
                lang,
                chrome,
                address,
                platforms,
                platform: props.platform,
                pricer: props.results ? await pricer() : undefined,
                ...props,
              }),
            ),
          );
        if (input.kind === 'item') return { kind: 'location', to: `/item/${input.platform}/${input.itemId}` };
        if (input.kind === 'empty')
          return searchPage(200, {
            query: '',
            message: { notice: 'empty', title: text.searchEmptyTitle, message: text.searchEmpty },
          });
        if (input.kind === 'unknown_link')
          return searchPage(200, {
            query: raw.trim(),
            message: { notice: 'link_unknown', title: text.linkUnknownTitle, message: text.linkUnknown },
          });
        if (input.kind === 'needs_resolve') {
          // A short link or 淘口令: the catalogue's item_password resolves it (the store's metered call) where it has one.
          try {
            const resolved = await deps.itemLinkResolver.resolve({
              shopRef: shop.id,
              input,
              beforeUpstream: limitVisitor,
            });
            if (resolved.kind === 'item') return { kind: 'location', to: itemPath(resolved.platform, resolved.itemId) };
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            // A code the marketplace does not know names no item: said like the unsupported form, below.
            if (error.key !== 'OPEN_ITEM_NOT_FOUND') return failurePage(error);
          }
          return searchPage(200, {
            query: raw.trim(),
            message: {
              notice: 'link_short',
              title: text.linkShortTitle,
              message: text.linkShort(PLATFORM_NAMES[lang][input.platform]),
            },
          });
        }
        const askedPlatform = request.search.get('platform');
        const platform = isPlatform(askedPlatform) && platforms.includes(askedPlatform) ? askedPlatform : platforms[0];
        if (!platform) return unavailable();
        const pageNumber = Math.min(SEARCH_PAGES_MAX, Math.max(1, Math.floor(Number(request.search.get('page')) || 1)));
        const askedSort = request.search.get('sort');
        const sort = SEARCH_SORTS.find((value) => value === askedSort) ?? 'default';
        const found = await lookUp<ProductSearchPage>(platform, 'item_search', {
          q: input.keyword,
          page: String(pageNumber),
          // The default order is the marketplace's own: no parameter (and the same cache key as before sorting existed).
          ...(sort === 'default' ? {} : { sort }),
        });
        if (!found.isOk) return found.failure;
        return searchPage(200, { query: input.keyword, platform, results: found.data, sort });
      }

      const itemMatch = ITEM_PATH.exec(path);
      if (itemMatch) {
        const [, platform, encodedId] = itemMatch;
        let itemId = '';
        try {
          itemId = decodeURIComponent(encodedId);
        } catch {
          // A malformed escape: no such item.
        }
        if (isPlatform(platform) && ITEM_ID.test(itemId)) {
          if (!(await enabledPlatforms()).includes(platform)) return unavailable();
          const found = await lookUp<ProductItem>(platform, 'item_get', { num_iid: itemId });
          if (!found.isOk) return found.failure;
          return page(
            200,
            renderDocument(
              createElement(ItemPage, {
                lang,
                chrome,
                address,
                platform,
                item: found.data,
                fetchedAt: found.fetchedAt,
                isStale: found.isStale,
                pricer: await pricer(),
              }),
            ),
          );
        }
        return messagePage(404, {
          notice: 'item_not_found',
          title: text.itemNotFoundTitle,
          message: text.itemNotFound,
        });
      }

      const pluginPage = await deps.storefrontPlugins.answer(
        { path, search: request.search, lang, shopRef: shop.id, chrome, address, pricer },
        chrome.plugins,
      );
      if (pluginPage) return page(pluginPage.statusCode, pluginPage.html);

      return notice(404, { lang, notice: 'not_found', storeName: siteName, icon: chrome.icon });
    },
  };
}
export type StorefrontService = ReturnType<typeof createStorefrontService>;
