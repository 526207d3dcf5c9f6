import { createDnsChecker } from '../modules/stores/domain/dns-check';
import { domainBoundNotice } from '../modules/stores/domain/domain-notice';
import { createDomainRepository } from '../modules/stores/domain/domain.repository';
import { registerDomainRoutes } from '../modules/stores/domain/domain.routes';
import { createDomainService } from '../modules/stores/domain/domain.service';
import { registerTlsAskRoute } from '../modules/stores/domain/store-host.routes';
import { createPluginRepository } from '../modules/stores/plugin/plugin.repository';
import { registerPluginRoutes } from '../modules/stores/plugin/plugin.routes';
import { createPluginService } from '../modules/stores/plugin/plugin.service';
import { createShopAdminService } from '../modules/stores/shop/shop-admin.service';
import { createShopRepository } from '../modules/stores/shop/shop.repository';
import { registerShopRoutes } from '../modules/stores/shop/shop.routes';
import { createShopService } from '../modules/stores/shop/shop.service';
import { createStoreSiteConfigRepository } from '../modules/stores/store-site-config/store-site-config.repository';
import { registerStoreSiteConfigRoutes } from '../modules/stores/store-site-config/store-site-config.routes';
import { createStoreSiteConfigService } from '../modules/stores/store-site-config/store-site-config.service';
import { createStoreVersionRepository } from '../modules/stores/store-version/store-version.repository';
import { registerStoreVersionRoutes } from '../modules/stores/store-version/store-version.routes';
import { createStoreVersionService } from '../modules/stores/store-version/store-version.service';
import { createStorePricingRepository } from '../modules/stores/store-pricing/store-pricing.repository';
import { registerStorePricingRoutes } from '../modules/stores/store-pricing/store-pricing.routes';
import { createStorePricingService } from '../modules/stores/store-pricing/store-pricing.service';
import { registerStorefrontAssetRoutes } from '../modules/storefront/storefront/storefront-assets.routes';
import { createStorePicksRepository } from '../modules/stores/store-picks/store-picks.repository';
import { registerStorePicksRoutes } from '../modules/stores/store-picks/store-picks.routes';
import { createStorePicksService } from '../modules/stores/store-picks/store-picks.service';
import { createItemLinkResolver } from '../modules/traffic/open-api/item-link-resolver';
import { createPluginSettingsRepository } from '../modules/stores/plugin/plugin-settings.repository';
import { registerPluginSettingsRoutes } from '../modules/stores/plugin/plugin-settings.routes';
import { createPluginSettingsService } from '../modules/stores/plugin/plugin-settings.service';
import { createStoreShippingRepository } from '../modules/stores/store-shipping/store-shipping.repository';
import { registerStoreShippingRoutes } from '../modules/stores/store-shipping/store-shipping.routes';
import { createStoreShippingService } from '../modules/stores/store-shipping/store-shipping.service';
import { createStorefrontPlugins } from '../modules/storefront/storefront/storefront-plugins';
import { registerStorefrontRouting } from '../modules/storefront/storefront/storefront.routes';
import { createStorefrontService } from '../modules/storefront/storefront/storefront.service';
import type { Content } from './content';
import type { Money } from './money';
import type { Platform } from './platform';
import type { Traffic } from './traffic';

/**
 * Stores: store versions and prices, stores (create, pay, renew, provision, status), each store's
 * site config, its domains (the system domain and custom domains bound by DNS) and its plugins; then
 * the storefront, which answers requests on a store's own hosts.
 */
export function wireStores(
  platform: Platform,
  lower: Pick<Content, 'uploadService' | 'noticeService'> &
    Pick<Money, 'billService' | 'paymentService'> &
    Pick<Traffic, 'shopKeyService' | 'coreDataService' | 'openApiService'>,
) {
  const { app, config, options, db, clock, settings, registrar, ipRateLimit } = platform;
  const { uploadService, noticeService, billService, paymentService } = lower;
  const storeVersionService = createStoreVersionService({ repository: createStoreVersionRepository(db), clock });
  registerStoreVersionRoutes(registrar, { storeVersionService });
  const shopRepository = createShopRepository(db);
  const shopService = createShopService({
    db,
    repository: shopRepository,
    billService,
    paymentService,
    storeVersionService,
    settings,
    jobs: platform.jobQueue,
    clock,
    shopBaseDomain: config.shopBaseDomain,
    reservedShopIds: platform.reservedShopIds,
  });
  billService.setEffects(['new_store', 'renewal'], shopService.storeBillEffects);
  const shopAdminService = createShopAdminService({
    db,
    shopService,
    repository: shopRepository,
    billService,
    storeVersionService,
    settings,
    clock,
  });
  registerShopRoutes(app, registrar, {
    shopService,
    shopAdminService,
    ipRateLimit,
    storeUrlScheme: config.storeUrlScheme,
  });
  // Each store's basic config: its merchant's, and the operator's system-config group.
  const storeSiteConfigService = createStoreSiteConfigService({
    repository: createStoreSiteConfigRepository(db),
    clock,
    isImageUsable: (fileName, merchantId) => uploadService.isUsableByMerchant(fileName, merchantId),
  });
  registerStoreSiteConfigRoutes(registrar, { storeSiteConfigService });
  const domainService = createDomainService({
    db,
    repository: createDomainRepository(db),
    shopService,
    settings,
    clock,
    checkDns: options.checkDns ?? createDnsChecker({ servers: config.dnsServers, timeoutMs: config.dnsTimeoutMs }),
    shopBaseDomain: config.shopBaseDomain,
    platformHosts: [...config.siteHosts, ...config.consoleHosts, config.shopBaseDomain],
    platformIpv4: config.platformIpv4,
    platformIpv6: config.platformIpv6,
    // The re-check job tells the merchant by a notice of their own.
    onBoundByJob: (event) =>
      noticeService.notifyMerchant({ merchantId: event.merchantId, ...domainBoundNotice(event) }),
  });
  shopService.setSystemDomainWriter(domainService.writeSystemDomain);
  registerDomainRoutes(registrar, { domainService });
  // Caddy's on-demand TLS ask (docs/deploy.md).
  registerTlsAskRoute(app, { domainService, ipRateLimit });
  // The catalogue, the market, purchases through bills, installation on payment.
  const pluginService = createPluginService({
    db,
    repository: createPluginRepository(db),
    billService,
    paymentService,
    clock,
    uploadExists: (fileName) => uploadService.exists(fileName),
    ownerOfKey: lower.shopKeyService.ownerOfKey,
  });
  billService.setEffects(['plugin'], pluginService.pluginBillEffects);
  registerPluginRoutes(app, registrar, { pluginService });
  // Each store's prices in its buyers' currencies; the platform's exchange rates.
  const storePricingService = createStorePricingService({
    repository: createStorePricingRepository(db),
    shopService,
    settings,
    clock,
  });
  registerStorePricingRoutes(registrar, { storePricingService });
  const logScriptError = (error: unknown) =>
    app.log.error({ err: error }, 'the storefront script could not be bundled: pages go without it');
  // Short links and 淘口令 through the catalogue's item_password, as the store's metered call.
  const itemLinkResolver = createItemLinkResolver({
    coreDataService: lower.coreDataService,
    openApiService: lower.openApiService,
  });
  // Each store's picks for its home page: pinned by the merchant, each looked up once as the store's call.
  const storePicksService = createStorePicksService({
    repository: createStorePicksRepository(db),
    shopService,
    openApiService: lower.openApiService,
    itemLinkResolver,
    clock,
  });
  registerStorePicksRoutes(registrar, { storePicksService });
  // What the seeded plugins do on a store's pages: their per-store settings, and the store's shipping rate table.
  const pluginSettingsService = createPluginSettingsService({
    repository: createPluginSettingsRepository(db),
    shopService,
    clock,
  });
  registerPluginSettingsRoutes(registrar, { pluginSettingsService });
  const storeShippingService = createStoreShippingService({
    repository: createStoreShippingRepository(db),
    shopService,
    clock,
  });
  registerStoreShippingRoutes(registrar, { storeShippingService });
  // Requests to a store's system or custom domain reach the store: its pages from its config, plugins and pricing.
  registerStorefrontRouting(app, {
    storefrontService: createStorefrontService({
      domainService,
      storeSiteConfigService,
      pluginService,
      storePricingService,
      storePicksService,
      itemLinkResolver,
      coreDataService: lower.coreDataService,
      openApiService: lower.openApiService,
      storefrontPlugins: createStorefrontPlugins({ pluginSettingsService, storeShippingService }),
      ipRateLimit,
      clock,
    }),
    storeUrlScheme: config.storeUrlScheme,
    onScriptError: logScriptError,
  });
  registerStorefrontAssetRoutes(app, { onError: logScriptError });
  return {
    storeVersionService,
    shopService,
    shopAdminService,
    storeSiteConfigService,
    domainService,
    pluginService,
    storePricingService,
    storePicksService,
    pluginSettingsService,
    storeShippingService,
  };
}
export type Stores = ReturnType<typeof wireStores>;
