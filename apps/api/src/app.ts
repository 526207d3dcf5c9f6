import { allCalls } from '@parlour/contract/calls/all';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { JobDefinition } from './jobs/boss';
import type { Clock } from './lib/clock';
import type { createJobQueue } from './lib/job-queue';
import { loggerOptions, registerPrettyRequestLog } from './lib/logger';
import type { OutboundLookup } from './lib/outbound/outbound-policy';
import { generateRequestId, REQUEST_ID_LOG_FIELD } from './lib/request-id';
import type { CaptchaDrawer } from './modules/accounts/account/captcha';
import type { DnsChecker } from './modules/stores/domain/dns-check';
import type { createCoreDataService } from './modules/traffic/core-data/core-data.service';
import { registerCompression } from './plugins/compression';
import { registerEnvelope, sendApiNotFound } from './plugins/envelope';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerApiReference } from './plugins/api-reference';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWeb } from './plugins/web';
import type { MailProvider } from './providers/mail/mail-provider';
import type { PaymentProviderFactories } from './providers/payment/payment-provider-registry';
import type { SmsProvider } from './providers/sms/sms-provider';
import { wireAccounts, type Accounts } from './wiring/accounts';
import { wireConfig, type ConfigArea } from './wiring/config';
import { wireContent, type Content } from './wiring/content';
import { wireMoney, type Money } from './wiring/money';
import { wireOperations } from './wiring/operations';
import { wirePlatform, type Platform } from './wiring/platform';
import { wireStores, type Stores } from './wiring/stores';
import { wireTraffic, type Traffic } from './wiring/traffic';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  mail?: MailProvider;
  sms?: SmsProvider;
  captchaDrawer?: CaptchaDrawer;
  logger?: FastifyServerOptions['logger'];
  /** Builds the product-data provider from the operator's configuration; tests pass a failing or slow one. */
  productDataProviderFactory?: Parameters<typeof createCoreDataService>[0]['createProvider'];
  /** How outbound connections resolve names (the system resolver by default); tests pass a table. */
  outboundLookup?: OutboundLookup;
  /** The pay methods' provider factories (PAYMENT_PROVIDER_FACTORIES by default). */
  paymentProviderFactories?: PaymentProviderFactories;
  /** How custom domains' DNS records are checked (a real resolver on DNS_SERVERS by default). */
  checkDns?: DnsChecker;
}

/**
 * Assembles the API: the Fastify instance and its plugins, then each area in the order of
 * modules/README.md (platform, content, config, accounts, money, traffic, stores, operations), each
 * built only on the ones before it (src/wiring/). Never listens; server.ts and tests do that.
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const app = await createServer(options);
  const platform = wirePlatform(app, options);
  const content = await wireContent(platform);
  const configArea = wireConfig(platform, content);
  const accounts = wireAccounts(platform, configArea);
  const money = wireMoney(platform);
  const traffic = wireTraffic(platform, money);
  const stores = wireStores(platform, { ...content, ...money, ...traffic });
  const { jobs } = wireOperations(platform, { content, accounts, money, traffic, stores });

  const missing = allCalls.filter((call) => !platform.registrar.registered.has(call.path));
  if (missing.length) app.log.warn({ missing: missing.map((call) => call.path) }, 'declared calls without a handler');
  app.get('/healthz', async (_request, reply) => {
    const isReady = await options.database.isReady();
    return reply
      .code(isReady ? 200 : 503)
      .send({ status: isReady ? 'ok' : 'unavailable', database: options.database.kind });
  });
  // Last: the API reference document, then the console and its fallback for every other GET.
  await registerApiReference(app);
  const spaFallback = await registerWeb(app, options.config);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !spaFallback)
      return sendApiNotFound(request, reply);
    return spaFallback(request, reply);
  });

  const services = appServices({ platform, content, configArea, accounts, money, traffic, stores });
  return Object.assign(app, { services, jobs, jobQueue: platform.jobQueue, clock: platform.clock }) as App;
}

/** Fastify with the logger and the plugins every answer goes through, registered before any route. */
async function createServer(options: BuildAppOptions) {
  const { config } = options;
  const isPrettyLog = options.logger === undefined && config.logFormat === 'pretty';
  const app = Fastify({
    logger: options.logger ?? loggerOptions({ level: config.logLevel, format: config.logFormat }),
    // Every log line of a request names its `req_…` id, the one a SERVER_ERROR answer quotes (lib/request-id).
    // Pretty mode writes its own one-line request log (registerPrettyRequestLog).
    logController: new LogController({ requestIdLogLabel: REQUEST_ID_LOG_FIELD, disableRequestLogging: isPrettyLog }),
    genReqId: generateRequestId,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  if (isPrettyLog) registerPrettyRequestLog(app);
  registerGracefulClose(app);
  // Before any route, so every answer (API, console, static files, uploads, 404s) carries them.
  await registerSecurityHeaders(app);
  // Before any route too: it hooks the routes registered after it (docs/decisions/0006-precompressed-console-build.md).
  await registerCompression(app);
  registerEnvelope(app);
  return app;
}

/** The services seeds and tests reach for, under the keys they have always used. */
function appServices(areas: {
  platform: Platform;
  content: Content;
  configArea: ConfigArea;
  accounts: Accounts;
  money: Money;
  traffic: Traffic;
  stores: Stores;
}) {
  const { platform, content, configArea, accounts, money, traffic, stores } = areas;
  return {
    secretBox: platform.secretBox,
    idempotency: platform.idempotencyService,
    audit: platform.auditService,
    providerStatus: platform.providerStatus,
    ipRateLimit: platform.ipRateLimit,
    sessions: platform.sessionService,
    settings: platform.settings,
    accounts: accounts.accountService,
    twoFactor: accounts.twoFactorService,
    captchas: accounts.captchaService,
    codes: accounts.verificationCodeService,
    configs: configArea.configService,
    uploads: content.uploadService,
    notices: content.noticeService,
    prospects: content.prospectService,
    versions: stores.storeVersionService,
    shops: stores.shopService,
    shopAdmin: stores.shopAdminService,
    domains: stores.domainService,
    plugins: stores.pluginService,
    storePricing: stores.storePricingService,
    storePicks: stores.storePicksService,
    pluginSettings: stores.pluginSettingsService,
    storeShipping: stores.storeShippingService,
    bills: money.billService,
    payments: money.paymentService,
    cashier: money.cashierService,
    paymentProviders: money.paymentProviders,
    paymentSettings: money.paymentSettingsService,
    cashierLinks: money.cashierLinks,
    coreData: traffic.coreDataService,
    shopKeys: traffic.shopKeyService,
    openApi: traffic.openApiService,
    trafficPackages: traffic.trafficPackageService,
  };
}
export type AppServices = ReturnType<typeof appServices>;

/** The Fastify instance with the services (and clock) seeds and tests reach for, and the background jobs server.ts starts. */
export type App = FastifyInstance & {
  services: AppServices;
  jobs: JobDefinition[];
  jobQueue: ReturnType<typeof createJobQueue>;
  clock: Clock;
};
