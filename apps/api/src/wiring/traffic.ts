import { createCoreDataRepository } from '../modules/traffic/core-data/core-data.repository';
import { registerCoreDataRoutes, registerSandboxImages } from '../modules/traffic/core-data/core-data.routes';
import {
  createCoreDataService,
  defaultProductDataProviderFactory,
} from '../modules/traffic/core-data/core-data.service';
import { createOpenApiRepository } from '../modules/traffic/open-api/open-api.repository';
import { registerOpenApiRoutes } from '../modules/traffic/open-api/open-api.routes';
import { createOpenApiService } from '../modules/traffic/open-api/open-api.service';
import { createProductCacheRepository } from '../modules/traffic/product-cache/product-cache.repository';
import { registerProductCacheRoutes } from '../modules/traffic/product-cache/product-cache.routes';
import { createProductCacheService } from '../modules/traffic/product-cache/product-cache.service';
import { createShopKeyRepository } from '../modules/traffic/open-api/shop-key.repository';
import { createShopKeyService } from '../modules/traffic/open-api/shop-key.service';
import { createTrafficPackageRepository } from '../modules/traffic/traffic-package/traffic-package.repository';
import { registerTrafficPackageRoutes } from '../modules/traffic/traffic-package/traffic-package.routes';
import { createTrafficPackageService } from '../modules/traffic/traffic-package/traffic-package.service';
import { createTrafficReportRepository } from '../modules/traffic/traffic-report/traffic-report.repository';
import { registerTrafficReportRoutes } from '../modules/traffic/traffic-report/traffic-report.routes';
import { createTrafficReportService } from '../modules/traffic/traffic-report/traffic-report.service';
import { watchProductDataProvider } from '../modules/operations/operations/provider-status';
import type { Money } from './money';
import type { Platform } from './platform';

/**
 * Traffic: traffic plans and packages (ordered through bills, activated on payment), the product-data
 * provider and sources, the metered Open API with its store API keys, and the usage reports
 * (docs/open-api.md, docs/traffic-packages.md).
 */
export function wireTraffic(
  platform: Platform,
  { billService, paymentService }: Pick<Money, 'billService' | 'paymentService'>,
) {
  const { app, options, db, clock, settings, secretBox, registrar } = platform;
  const trafficPackageService = createTrafficPackageService({
    db,
    repository: createTrafficPackageRepository(db),
    billService,
    paymentService,
    clock,
  });
  billService.setEffects(['traffic_package'], trafficPackageService.packageBillEffects);
  registerTrafficPackageRoutes(registrar, { trafficPackageService });
  // The merchant's store API keys, and the one lookup of a key's owner the store system's calls use.
  const shopKeyService = createShopKeyService({ repository: createShopKeyRepository(db), secrets: secretBox, clock });
  const coreDataService = createCoreDataService({
    repository: createCoreDataRepository(db),
    settings,
    secrets: secretBox,
    clock,
    createProvider: (providerConfig) =>
      watchProductDataProvider(
        (options.productDataProviderFactory ?? defaultProductDataProviderFactory)(providerConfig),
        platform.providerStatus,
      ),
    outbound: platform.outbound,
  });
  registerCoreDataRoutes(registrar, { coreDataService });
  registerSandboxImages(app);
  // The product-data cache the metered calls answer from (fresh copies, stale ones when the vendor fails).
  const productCacheService = createProductCacheService({ repository: createProductCacheRepository(db), clock });
  app.addHook('onClose', () => productCacheService.flushCounts());
  registerProductCacheRoutes(registrar, { productCacheService });
  const openApiService = createOpenApiService({
    repository: createOpenApiRepository(db),
    clock,
    getProductData: () => coreDataService.getActiveProductData(),
    productCache: productCacheService,
    ipRateLimit: platform.ipRateLimit,
  });
  registerOpenApiRoutes(app, registrar, { openApiService, shopKeyService });
  // Dashboards and statistics from the daily roll-up, and the call log.
  const trafficReportService = createTrafficReportService({
    repository: createTrafficReportRepository(db),
    clock,
    getTimeZone: settings.getBusinessTimeZone,
  });
  registerTrafficReportRoutes(registrar, { trafficReportService });
  return {
    trafficPackageService,
    shopKeyService,
    coreDataService,
    productCacheService,
    openApiService,
    trafficReportService,
  };
}
export type Traffic = ReturnType<typeof wireTraffic>;
