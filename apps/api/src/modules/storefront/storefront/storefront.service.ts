import { UPLOADS_URL_PREFIX } from '@parlour/contract/calls/settings';
import { STORE_ADMIN_SSO_PATH } from '@parlour/contract/calls/store';
import type { Lang } from '@parlour/contract/errors';
import { systemScope } from '../../../lib/tenant-scope';
import type { DomainService } from '../../stores/domain/domain.service';
import type { PluginService } from '../../stores/plugin/plugin.service';
import type { StoreSiteConfigService } from '../../stores/store-site-config/store-site-config.service';
import { renderStoreNotice, renderStorefront } from './storefront-page';

/** A store still being set up asks visitors to come back after this long (Retry-After, seconds). */
const COMING_SOON_RETRY_SECONDS = 60;
/** A store closed at the end of its term may reopen on renewal: come back after this long. */
const TERM_ENDED_RETRY_SECONDS = 3600;

/** Where the icon of a store is asked for by browsers that do not read the page's `<link rel="icon">`. */
export const FAVICON_PATH = '/favicon.ico';

/**
 * The paths a store host serves its front page at: `/`, and the store admin's sign-in landing that
 * backend_redirect's ticket opens (the store runtime's own page; until that runs here, the front page).
 */
const FRONT_PAGE_PATHS: ReadonlySet<string> = new Set(['/', STORE_ADMIN_SSO_PATH]);

/** What a store host answers. */
export type StorefrontAnswer =
  /** 301 to the same path on the store's primary domain. */
  | { kind: 'redirect'; to: string }
  /** The store's front page. */
  | { kind: 'front'; html: string }
  /** `/favicon.ico`: the store's icon ('' when it has none). */
  | { kind: 'icon'; icon: string }
  /** `/uploads/…`: the platform's images (the logo and icon the store's config shows), served by the platform's route. */
  | { kind: 'upload' }
  /** A short page: closed (403 disabled, 503 term ended), coming soon (503), no store or no such page in it (404), a method it does not take (405). */
  | { kind: 'notice'; statusCode: 403 | 404 | 405 | 503; html: string; retryAfterSeconds?: number };

/**
 * A store's front page at its hosts (docs/domains.md): `<shop_id>.<SHOP_BASE_DOMAIN>` and its bound
 * custom domains; any other path there answers "page not found" in the visitor's language. Built
 * from the store's basic config (site name, logo, icon, keywords, description, service phone,
 * record number, copyright; its defaults fall back to the store's name) and the plugins enabled on
 * it; a disabled store, one whose term ended and one still being set up answer their own page.
 */
export function createStorefrontService(deps: {
  domainService: Pick<DomainService, 'resolveHost'>;
  storeSiteConfigService: Pick<StoreSiteConfigService, 'getConfig'>;
  pluginService: Pick<PluginService, 'listEnabledOnShop'>;
}) {
  return {
    /**
     * The answer for a request to `path` (no query) at `host` (lower-case, no port) by `method`; null
     * when the host is not a store's (the platform's own). A store serving answers its front page at
     * `/`, its icon, the platform's images, and a "page not found" 404 linking back to `/` for any
     * other path.
     */
    async answer(options: {
      host: string;
      path: string;
      method: string;
      lang: Lang;
    }): Promise<StorefrontAnswer | null> {
      const { lang } = options;
      const target = await deps.domainService.resolveHost(options.host);
      if (!target) return null;
      if (target.kind === 'unknown')
        return { kind: 'notice', statusCode: 404, html: renderStoreNotice({ lang, notice: 'unknown' }) };
      if (target.redirectTo) return { kind: 'redirect', to: target.redirectTo };
      const { shop } = target;
      if (shop.status === 'disabled' && shop.is_disabled_by_operator) {
        return {
          kind: 'notice',
          statusCode: 403,
          html: renderStoreNotice({ lang, notice: 'disabled', storeName: shop.shop_name }),
        };
      }
      // Expired: in its grace period, or past it (disabled by time): renewal reopens it.
      if (shop.status === 'pending_renewal' || shop.status === 'disabled') {
        return {
          kind: 'notice',
          statusCode: 503,
          retryAfterSeconds: TERM_ENDED_RETRY_SECONDS,
          html: renderStoreNotice({ lang, notice: 'term_ended', storeName: shop.shop_name }),
        };
      }
      if (!shop.is_ready) {
        return {
          kind: 'notice',
          statusCode: 503,
          retryAfterSeconds: COMING_SOON_RETRY_SECONDS,
          html: renderStoreNotice({ lang, notice: 'coming_soon', storeName: shop.shop_name }),
        };
      }
      if (options.method !== 'GET' && options.method !== 'HEAD') {
        return {
          kind: 'notice',
          statusCode: 405,
          html: renderStoreNotice({ lang, notice: 'method', storeName: shop.shop_name }),
        };
      }
      if (options.path.startsWith(UPLOADS_URL_PREFIX)) return { kind: 'upload' };
      const config = await deps.storeSiteConfigService.getConfig({ scope: systemScope, shopId: shop.shop_id });
      if (options.path === FAVICON_PATH) return { kind: 'icon', icon: config.ico };
      if (!FRONT_PAGE_PATHS.has(options.path)) {
        const storeName = config.site_name.trim() || shop.shop_name;
        return {
          kind: 'notice',
          statusCode: 404,
          html: renderStoreNotice({ lang, notice: 'not_found', storeName, icon: config.ico }),
        };
      }
      const plugins = await deps.pluginService.listEnabledOnShop(shop.id, lang);
      return { kind: 'front', html: renderStorefront({ lang, shopName: shop.shop_name, config, plugins }) };
    },
  };
}
export type StorefrontService = ReturnType<typeof createStorefrontService>;
