import { allCalls } from '@parlour/contract/calls/all';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { CAPTCHA_FIXED_TEXT_REFUSED, OUTBOUND_ALLOW_REFUSED, type Config } from './config';
import { createOutboundPolicy, type OutboundLookup } from './lib/outbound/outbound-policy';
import type { Database } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import type { JobDefinition } from './jobs/boss';
import { purgeStaleRecordsJob } from './jobs/purge-stale-records';
import { loggerOptions, registerPrettyRequestLog } from './lib/logger';
import { generateRequestId, REQUEST_ID_LOG_FIELD } from './lib/request-id';
import { createCallRegistrar } from './platform/register-call';
import { transactionAware } from './lib/unit-of-work';
import { createAuditRepository } from './platform/audit/audit.repository';
import { createAuditService } from './platform/audit/audit.service';
import { createOperationsRepository } from './modules/operations/operations/operations.repository';
import { createOperationsService } from './modules/operations/operations/operations.service';
import {
  createProviderStatusRecorder,
  watchMailProvider,
  watchProductDataProvider,
  watchProvider,
  watchSmsProvider,
} from './modules/operations/operations/provider-status';
import { registerOperationsRoutes } from './modules/operations/operations/operations.routes';
import { createPasswordHasher } from './lib/secrets';
import { createSecretBox, type SecretBox } from './lib/secret-box';
import { createAccountRepository } from './modules/accounts/account/account.repository';
import { registerAccountRoutes } from './modules/accounts/account/account.routes';
import { createAccountService } from './modules/accounts/account/account.service';
import { createTwoFactorRepository } from './modules/accounts/account/two-factor.repository';
import { createTwoFactorService } from './modules/accounts/account/two-factor.service';
import {
  createCaptchaService,
  drawSvgCaptcha,
  fixedCaptchaDrawer,
  type CaptchaDrawer,
} from './modules/accounts/account/captcha';
import { createCaptchaRepository } from './modules/accounts/account/captcha.repository';
import { createVerificationCodeRepository } from './modules/accounts/account/verification-code.repository';
import { createVerificationCodeService } from './modules/accounts/account/verification-code.service';
import { createSessionRepository } from './platform/session/session.repository';
import { registerSessionRoutes } from './platform/session/session.routes';
import { registerTwoFactorRoutes } from './modules/accounts/account/two-factor.routes';
import { createSessionService } from './platform/session/session.service';
import { createIpRateLimitRepository } from './platform/rate-limit/ip-rate-limit.repository';
import { createIpRateLimit, publicCallBucket } from './platform/rate-limit/ip-rate-limit.service';
import { createIdempotencyRepository } from './platform/idempotency/idempotency.repository';
import { createIdempotencyService } from './platform/idempotency/idempotency.service';
import { createJobQueue } from './lib/job-queue';
import { provisionStoreJob, storeSweepJob } from './jobs/store-jobs';
import { deliverCodeJob, passwordNoticeJob } from './jobs/code-jobs';
import { createPasswordNotices } from './modules/accounts/account/password-notice';
import { createBillRepository } from './modules/money/bill/bill.repository';
import { registerBillRoutes } from './modules/money/bill/bill.routes';
import { createBillService } from './modules/money/bill/bill.service';
import { registerPaymentRoutes, NOTIFY_PATH } from './modules/money/payment/payment.routes';
import { createPaymentService, createSandboxCashier } from './modules/money/payment/payment.service';
import { createPaymentRepository } from './modules/money/payment/payment.repository';
import { createSettingsRepository } from './platform/settings/settings.repository';
import { createSettingsService } from './platform/settings/settings.service';
import { createMerchantAdminRepository } from './modules/accounts/merchant-admin/merchant-admin.repository';
import { registerMerchantAdminRoutes } from './modules/accounts/merchant-admin/merchant-admin.routes';
import { createMerchantAdminService } from './modules/accounts/merchant-admin/merchant-admin.service';
import { registerDashboardRoutes } from './modules/operations/dashboard/dashboard.routes';
import { createDashboardService } from './modules/operations/dashboard/dashboard.service';
import { createShopRepository } from './modules/stores/shop/shop.repository';
import { registerShopRoutes } from './modules/stores/shop/shop.routes';
import { createShopService } from './modules/stores/shop/shop.service';
import { createShopAdminService } from './modules/stores/shop/shop-admin.service';
import { fixedReservedShopIds } from './modules/stores/shop/reserved-shop-ids';
import { createDomainRepository } from './modules/stores/domain/domain.repository';
import { registerDomainRoutes } from './modules/stores/domain/domain.routes';
import { createDomainService } from './modules/stores/domain/domain.service';
import { createDnsChecker, type DnsChecker } from './modules/stores/domain/dns-check';
import { domainBoundNotice } from './modules/stores/domain/domain-notice';
import { registerTlsAskRoute } from './modules/stores/domain/store-host.routes';
import { domainRecheckJob } from './jobs/domain-jobs';
import { createStoreVersionRepository } from './modules/stores/store-version/store-version.repository';
import { registerStoreVersionRoutes } from './modules/stores/store-version/store-version.routes';
import { createStoreVersionService } from './modules/stores/store-version/store-version.service';
import { createSandboxPaymentProvider, SANDBOX_PROVIDER } from './providers/payment/sandbox-payment-provider';
import {
  createPaymentProviderRegistry,
  type PaymentProviderFactories,
} from './providers/payment/payment-provider-registry';
import { PAYMENT_PROVIDER_FACTORIES } from './providers/payment/payment-provider-factories';
import { createCashierLinks } from './modules/money/payment/cashier-link';
import { createPaymentSettingsService } from './modules/money/payment/payment-settings.service';
import { registerPaymentSettingsRoutes } from './modules/money/payment/payment-settings.routes';
import { paymentReconcileJob } from './jobs/payment-jobs';
import { outboundRequest } from './lib/outbound/outbound-http';
import { registerCompression } from './plugins/compression';
import { registerEnvelope, sendApiNotFound } from './plugins/envelope';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWeb } from './plugins/web';
import { createLogMailProvider, createSmtpMailProvider, type MailProvider } from './providers/mail/mail-provider';
import { createLogSmsProvider, type SmsProvider } from './providers/sms/sms-provider';
import { createConfiguredMailProvider } from './providers/mail/configured-mail-provider';
import { createConfiguredSmsProvider } from './providers/sms/configured-sms-provider';
import { registerConfigRoutes } from './platform/settings/config.routes';
import { createConfigService } from './platform/settings/config.service';
import { createUploadRepository } from './modules/content/upload/upload.repository';
import { registerUploadRoutes } from './modules/content/upload/upload.routes';
import { createUploadService } from './modules/content/upload/upload.service';
import { PROSPECT_SUBMITS_PER_IP_PER_HOUR } from '@parlour/contract/calls/prospect';
import { registerApiInfoRoutes } from './modules/operations/api-info/api-info.routes';
import { createNoticeRepository } from './modules/content/notice/notice.repository';
import { registerNoticeRoutes } from './modules/content/notice/notice.routes';
import { createNoticeService } from './modules/content/notice/notice.service';
import { createProspectRepository } from './modules/content/prospect/prospect.repository';
import { registerProspectRoutes } from './modules/content/prospect/prospect.routes';
import { createProspectService } from './modules/content/prospect/prospect.service';
import { createCoreDataRepository } from './modules/traffic/core-data/core-data.repository';
import { registerCoreDataRoutes } from './modules/traffic/core-data/core-data.routes';
import {
  createCoreDataService,
  defaultProductDataProviderFactory,
} from './modules/traffic/core-data/core-data.service';
import { createOpenApiRepository } from './modules/traffic/open-api/open-api.repository';
import { registerOpenApiRoutes } from './modules/traffic/open-api/open-api.routes';
import { createOpenApiService } from './modules/traffic/open-api/open-api.service';
import { createShopKeyRepository } from './modules/traffic/open-api/shop-key.repository';
import { createShopKeyService } from './modules/traffic/open-api/shop-key.service';
import { openApiSweepJob } from './jobs/open-api-jobs';
import { pluginSweepJob } from './jobs/plugin-jobs';
import { createTrafficReportRepository } from './modules/traffic/traffic-report/traffic-report.repository';
import { registerTrafficReportRoutes } from './modules/traffic/traffic-report/traffic-report.routes';
import { createTrafficReportService } from './modules/traffic/traffic-report/traffic-report.service';
import { createUsageFold } from './modules/traffic/traffic-report/usage-fold';
import { createUsageFoldRepository } from './modules/traffic/traffic-report/usage-fold.repository';
import { usageFoldJob } from './jobs/usage-fold-job';
import { createTrafficPackageRepository } from './modules/traffic/traffic-package/traffic-package.repository';
import { registerTrafficPackageRoutes } from './modules/traffic/traffic-package/traffic-package.routes';
import { createTrafficPackageService } from './modules/traffic/traffic-package/traffic-package.service';
import { createStoreSiteConfigRepository } from './modules/stores/store-site-config/store-site-config.repository';
import { registerStoreSiteConfigRoutes } from './modules/stores/store-site-config/store-site-config.routes';
import { createStoreSiteConfigService } from './modules/stores/store-site-config/store-site-config.service';
import { createPluginRepository } from './modules/stores/plugin/plugin.repository';
import { registerPluginRoutes } from './modules/stores/plugin/plugin.routes';
import { createPluginService } from './modules/stores/plugin/plugin.service';
import { createStorefrontService } from './modules/storefront/storefront/storefront.service';
import { registerStorefrontRouting } from './modules/storefront/storefront/storefront.routes';

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

/** Assembles the API: plugins, providers, modules. Never listens; server.ts and tests do that. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
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
  // Before any route too: it hooks the routes registered after it (issue 22 §2.1).
  await registerCompression(app);
  const clock = options.clock ?? systemClock;
  // Inside an operator's writing call every query runs in the call's transaction (lib/unit-of-work).
  const db = transactionAware(database.db);
  // Settings (issue 4): platform rules, the operator's groups, uploads; mail and SMS follow the saved groups.
  const settings = createSettingsService({
    repository: createSettingsRepository(db),
    defaults: { captcha_failure_threshold: config.loginCaptchaThreshold },
  });
  const uploads = createUploadService({ repository: createUploadRepository(db), uploadDir: config.uploadDir });
  // Secrets at rest (settings secrets, provider keys) are sealed under SECRETS_KEY.
  const secretBox = createSecretBox(config.secretsKey);
  if (config.isDevelopmentSecretsKey) warnDevelopmentSecretsKey(app.log);
  // Every connection to a configured address goes through this one policy (lib/outbound, docs/SECURITY.md).
  if (config.outboundAllow.length && config.isProduction) throw new Error(OUTBOUND_ALLOW_REFUSED);
  const outbound = createOutboundPolicy({ allow: config.outboundAllow, lookup: options.outboundLookup });
  // The providers' last errors, for the operations page; written on the plain database, outside any call's transaction.
  const providerStatus = createProviderStatusRecorder({
    repository: createOperationsRepository(database.db),
    clock,
    log: app.log,
  });
  // Store IDs no store may take (issue 22 §2.3): the contract's list and the platform hosts' first labels; the operator adds more in settings.
  const reservedShopIds = fixedReservedShopIds([...config.siteHosts, ...config.consoleHosts]);
  const configs = createConfigService({
    outbound,
    fixedReservedShopIds: reservedShopIds,
    onDeliveryFailure: (channel, error) => providerStatus.failed(channel, error),
    settings,
    secrets: secretBox,
    uploadExists: (fileName) => uploads.exists(fileName),
    smsEndpoint: config.aliyunSmsEndpoint,
    wecomWebhookBase: config.wecomWebhookBase,
  });
  const fallbackMail = config.smtpUrl
    ? createSmtpMailProvider({ url: config.smtpUrl, from: config.mailFrom })
    : createLogMailProvider(app.log);
  const mail = watchMailProvider(
    options.mail ??
      createConfiguredMailProvider({
        getSettings: configs.getMailForDelivery,
        fallback: fallbackMail,
        policy: outbound,
      }),
    providerStatus,
  );
  const sms = watchSmsProvider(
    options.sms ??
      createConfiguredSmsProvider({
        getSettings: configs.getSmsForDelivery,
        fallback: createLogSmsProvider(app.log),
        endpoint: config.aliyunSmsEndpoint,
        policy: outbound,
      }),
    providerStatus,
  );
  const fixedCaptcha = config.captchaFixedText;
  // A configuration built by hand (not through loadConfig) is held to the same rule.
  if (fixedCaptcha && config.isProduction) throw new Error(CAPTCHA_FIXED_TEXT_REFUSED);
  const captchaDrawer = options.captchaDrawer ?? (fixedCaptcha ? fixedCaptchaDrawer(fixedCaptcha) : drawSvgCaptcha);

  registerEnvelope(app);

  const sessionRepository = createSessionRepository(db);
  const sessions = createSessionService({ repository: sessionRepository, clock });
  // Writing calls with an Idempotency-Key run once per key (issue 11); the answers live in the database.
  const idempotency = createIdempotencyService({
    repository: createIdempotencyRepository(db),
    secrets: secretBox,
    getHashKey: () => settings.getSigningKey('idempotency-request-hash'),
    clock,
  });
  const accountRepository = createAccountRepository(db);
  const passwords = createPasswordHasher(config.passwordMemoryCost);
  // Operators' two-factor sign-in (issue 13 §5); the platform rule may require it of every operator.
  const twoFactor = createTwoFactorService({
    repository: createTwoFactorRepository(db),
    accountRepository,
    sessions,
    secrets: secretBox,
    passwords,
    clock,
    isRequired: () => settings.isAdminTwoFactorRequired(),
    failureWindowMinutes: config.loginFailureWindowMinutes,
  });
  // Every operator change is recorded in the audit log in its own transaction (issue 13 §6).
  const audit = createAuditService({ repository: createAuditRepository(db), clock });
  // Per-IP budgets of the unauthenticated endpoints, counted in the database (issue 13 §2).
  const ipRateLimit = createIpRateLimit({
    repository: createIpRateLimitRepository(db),
    clock,
    scale: config.ipRateLimitScale,
  });
  const registrar = createCallRegistrar(app, {
    sessions,
    checkOutput: !config.isProduction,
    idempotency,
    authorize: twoFactor.assertAllowed,
    audit: { service: audit, db },
    publicLimits: { ipRateLimit, bucketOf: publicCallBucket },
  });
  // The spec's bare /api/v1 call (§7): reachability and clock skew.
  registerApiInfoRoutes(registrar, { clock });
  const captchas = createCaptchaService({
    repository: createCaptchaRepository(db),
    clock,
    draw: captchaDrawer,
    getKey: () => settings.getSigningKey('captcha'),
  });
  const jobQueue = createJobQueue();
  const consoleOrigin = config.consoleHosts[0] ? `https://${config.consoleHosts[0]}` : undefined;
  const codeRepository = createVerificationCodeRepository();
  // Codes go out from the deliver-code job, which decides what an address gets (issue 13 §5).
  const codes = createVerificationCodeService({
    db,
    repository: codeRepository,
    clock,
    mail,
    sms,
    sendsPerIpPerHour: config.codeSendsPerIpPerHour,
    jobs: jobQueue,
    secrets: secretBox,
    hasAccount: async ({ channel, value }) =>
      Boolean(
        await accountRepository.findMerchantByAccount(channel === 'email' ? { email: value } : { mobile: value }),
      ),
    consoleOrigin,
  });
  const passwordNotices = createPasswordNotices({
    jobs: jobQueue,
    mail,
    sms,
    clock,
    contactOf: async (merchantId) => {
      const merchant = await accountRepository.findMerchantById(merchantId);
      return merchant && { email: merchant.email, mobile: merchant.mobile };
    },
    consoleOrigin,
  });
  const accounts = createAccountService({
    db,
    passwordNotices,
    repository: accountRepository,
    sessions,
    codes,
    captchas,
    passwords,
    twoFactor,
    clock,
    captchaThreshold: async () => (await settings.getPlatformRules()).captcha_failure_threshold,
    ipCaptchaThreshold: config.loginIpCaptchaThreshold,
    failureWindowMinutes: config.loginFailureWindowMinutes,
  });
  registerAccountRoutes(registrar, { accounts, sessions, captchas });
  registerSessionRoutes(registrar, { sessions });
  registerTwoFactorRoutes(registrar, { twoFactor });
  registerConfigRoutes(registrar, { config: configs });
  await registerUploadRoutes(app, registrar, { uploads, ipRateLimit });

  // Payments (issue 16): one provider per pay method from the operator's settings, the sandbox outside production.
  const sandboxProvider =
    config.paymentProvider === 'sandbox'
      ? createSandboxPaymentProvider({ getKey: () => settings.getSigningKey('sandbox-payment') })
      : null;
  const paymentProviders = createPaymentProviderRegistry({
    sandbox: sandboxProvider,
    loadSettings: () => paymentSettings.getForProviders(),
    factories: options.paymentProviderFactories ?? PAYMENT_PROVIDER_FACTORIES,
    context: {
      clock,
      request: (url, request) =>
        watchProvider(providerStatus, 'payment', () => outboundRequest(outbound, url, request)),
    },
  });
  const cashierLinks = createCashierLinks({ getKey: () => settings.getSigningKey('cashier') });
  const publicOrigin = async () =>
    config.consoleHosts[0] ? `https://${config.consoleHosts[0]}` : `http://127.0.0.1:${config.port}`;
  const paymentSettings = createPaymentSettingsService({
    settings,
    secrets: secretBox,
    publicOrigin,
    providers: () => paymentProviders,
  });
  // Names follow the glossary in docs/ARCHITECTURE.md: `<thing>Service`, `<thing>Repository`.
  const storeVersionService = createStoreVersionService({ repository: createStoreVersionRepository(db), clock });
  registerStoreVersionRoutes(registrar, { storeVersionService });
  const billService = createBillService({ db, repository: createBillRepository(db), settings, clock });
  registerBillRoutes(registrar, { billService });
  // The whole conversation with the providers: their orders, notifications, queries, closes and refunds.
  const paymentService = createPaymentService({
    db,
    repository: createPaymentRepository(db),
    billService,
    providers: paymentProviders,
    cashierLinks,
    clock,
    publicOrigin,
  });
  billService.onCancelled((billNo) => paymentService.closeOrder(billNo));
  // Our cashier page for every provider; its pay / fail buttons only with the sandbox.
  const cashier = createSandboxCashier({
    provider: sandboxProvider,
    settleByQuery: paymentService.settleByQuery,
    links: cashierLinks,
    billService,
    clock,
    // Through HTTP routing like a provider's delivery, so the notify endpoint is the only way in.
    deliver: async (body) => {
      await app.inject({ method: 'POST', url: `${NOTIFY_PATH}/${SANDBOX_PROVIDER}`, payload: body });
    },
  });
  registerPaymentRoutes(app, registrar, { paymentService, cashier, ipRateLimit, billService });
  registerPaymentSettingsRoutes(registrar, { paymentSettings, providers: paymentProviders });

  const shopRepository = createShopRepository(db);
  const shopService = createShopService({
    db,
    repository: shopRepository,
    billService,
    paymentService,
    storeVersionService,
    settings,
    jobs: jobQueue,
    clock,
    shopBaseDomain: config.shopBaseDomain,
    reservedShopIds,
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
  // Each store's basic config (issue 15): its merchant's, and the operator's system-config group.
  const siteConfigs = createStoreSiteConfigService({
    repository: createStoreSiteConfigRepository(db),
    clock,
    isImageUsable: (fileName, merchantId) => uploads.isUsableByMerchant(fileName, merchantId),
  });
  registerStoreSiteConfigRoutes(registrar, { siteConfigs });
  // Domains (issue 15): the system domain and custom domains bound by DNS.
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
    onBoundByJob: (event) => notices.notifyMerchant({ merchantId: event.merchantId, ...domainBoundNotice(event) }),
  });
  registerDomainRoutes(registrar, { domainService });
  // Caddy's on-demand TLS ask (docs/deploy.md).
  registerTlsAskRoute(app, { domainService, ipRateLimit });
  // Traffic packages (issue 5): plans, orders through bills, activation on payment.
  const trafficPackageService = createTrafficPackageService({
    db,
    repository: createTrafficPackageRepository(db),
    billService,
    paymentService,
    clock,
  });
  billService.setEffects(['traffic_package'], trafficPackageService.packageBillEffects);
  registerTrafficPackageRoutes(registrar, { trafficPackageService });
  // Plugins (issue 14): the catalogue, the market, purchases through bills, installation on payment.
  // Store API keys (issue 5): the merchant's keys, and the one lookup of a key's owner the store system's calls use.
  const shopKeys = createShopKeyService({ repository: createShopKeyRepository(db), secrets: secretBox, clock });
  const pluginService = createPluginService({
    db,
    repository: createPluginRepository(db),
    billService,
    paymentService,
    clock,
    uploadExists: (fileName) => uploads.exists(fileName),
    ownerOfKey: shopKeys.ownerOfKey,
  });
  billService.setEffects(['plugin'], pluginService.pluginBillEffects);
  registerPluginRoutes(app, registrar, { pluginService });
  // Requests to a store's system or custom domain reach the store: its front page from its basic config and plugins.
  registerStorefrontRouting(app, {
    storefrontService: createStorefrontService({ domainService, siteConfigs, pluginService }),
    storeUrlScheme: config.storeUrlScheme,
  });

  // Notices and prospects (issue 4).
  const notices = createNoticeService({ repository: createNoticeRepository(db), clock });
  registerNoticeRoutes(registrar, { notices });
  const prospects = createProspectService({
    repository: createProspectRepository(db),
    clock,
    submitsPerIpPerHour: PROSPECT_SUBMITS_PER_IP_PER_HOUR,
    getTimeZone: settings.getBusinessTimeZone,
  });
  registerProspectRoutes(registrar, { prospects });

  // Operator: merchants and the dashboard totals (issue 4).
  const merchantAdminRepository = createMerchantAdminRepository(db);
  const merchantAdminService = createMerchantAdminService({
    repository: merchantAdminRepository,
    sessionService: sessions,
    passwords,
    clock,
    getTimeZone: settings.getBusinessTimeZone,
  });
  registerMerchantAdminRoutes(registrar, { merchantAdminService });
  const dashboardService = createDashboardService({
    shopService,
    billService,
    merchantAdminService,
    settings,
    clock,
  });
  registerDashboardRoutes(registrar, { dashboardService });

  // Core data and the metered Open API (issue 5): provider config, data sources, API catalogue, store keys.
  const coreData = createCoreDataService({
    repository: createCoreDataRepository(db),
    secrets: secretBox,
    clock,
    createProvider: (providerConfig) =>
      watchProductDataProvider(
        (options.productDataProviderFactory ?? defaultProductDataProviderFactory)(providerConfig),
        providerStatus,
      ),
    outbound,
  });
  registerCoreDataRoutes(registrar, { coreData });
  const openApi = createOpenApiService({
    repository: createOpenApiRepository(db),
    clock,
    getProductData: () => coreData.getActiveProductData(),
    ipRateLimit,
  });
  registerOpenApiRoutes(app, registrar, { openApi, shopKeys });

  // Traffic reports (issue 5): dashboards and statistics from the daily roll-up, the call log.
  registerTrafficReportRoutes(registrar, {
    reports: createTrafficReportService({
      repository: createTrafficReportRepository(db),
      clock,
      getTimeZone: settings.getBusinessTimeZone,
    }),
  });

  // The operations page (issue 13 §6): audit log, job queues, providers' last errors.
  const operations = createOperationsService({
    repository: createOperationsRepository(db),
    isQueueRunning: () => jobQueue.isAttached(),
    queueNames: () => jobs.map((job) => job.queue),
  });
  registerOperationsRoutes(registrar, { audit, operations });

  const missing = allCalls.filter((call) => !registrar.registered.has(call.path));
  if (missing.length) app.log.warn({ missing: missing.map((call) => call.path) }, 'declared calls without a handler');

  app.get('/healthz', async (_request, reply) => {
    const isReady = await database.isReady();
    return reply.code(isReady ? 200 : 503).send({ status: isReady ? 'ok' : 'unavailable', database: database.kind });
  });

  await registerOpenApi(app);
  const spaFallback = await registerWeb(app, config);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !spaFallback)
      return sendApiNotFound(request, reply);
    return spaFallback(request, reply);
  });

  const services = {
    secretBox,
    idempotency,
    audit,
    providerStatus,
    ipRateLimit,
    accounts,
    twoFactor,
    sessions,
    captchas,
    codes,
    settings,
    configs,
    uploads,
    versions: storeVersionService,
    shops: shopService,
    shopAdmin: shopAdminService,
    domains: domainService,
    bills: billService,
    payments: paymentService,
    cashier,
    paymentProviders,
    paymentSettings,
    cashierLinks,
    coreData,
    shopKeys,
    openApi,
    notices,
    prospects,
    trafficPackages: trafficPackageService,
    plugins: pluginService,
  };
  const jobs = [
    purgeStaleRecordsJob({
      clock,
      sessions,
      accounts,
      codes,
      captchas,
      idempotency,
      twoFactor,
      ipRateLimit,
      payments: paymentService,
    }),
    deliverCodeJob({ codes }),
    passwordNoticeJob({ notices: passwordNotices }),
    provisionStoreJob({ shopService }),
    domainRecheckJob({ domainService }),
    storeSweepJob({ shopService, billService }),
    paymentReconcileJob({
      payments: paymentService,
      clock,
      log: (error, billNo) => app.log.warn({ err: error, bill_no: billNo }, 'payment reconciliation failed for a bill'),
    }),
    openApiSweepJob({ openApi }),
    pluginSweepJob({ pluginService, notices, getTimeZone: settings.getBusinessTimeZone }),
    usageFoldJob({
      fold: createUsageFold({
        repository: createUsageFoldRepository(db),
        clock,
        getTimeZone: settings.getBusinessTimeZone,
      }),
    }),
  ];
  return Object.assign(app, { services, jobs, jobQueue, clock }) as App;
}

export interface AppServices {
  secretBox: SecretBox;
  idempotency: ReturnType<typeof createIdempotencyService>;
  audit: ReturnType<typeof createAuditService>;
  providerStatus: ReturnType<typeof createProviderStatusRecorder>;
  ipRateLimit: ReturnType<typeof createIpRateLimit>;
  accounts: ReturnType<typeof createAccountService>;
  twoFactor: ReturnType<typeof createTwoFactorService>;
  sessions: ReturnType<typeof createSessionService>;
  captchas: ReturnType<typeof createCaptchaService>;
  codes: ReturnType<typeof createVerificationCodeService>;
  settings: ReturnType<typeof createSettingsService>;
  configs: ReturnType<typeof createConfigService>;
  uploads: ReturnType<typeof createUploadService>;
  versions: ReturnType<typeof createStoreVersionService>;
  shops: ReturnType<typeof createShopService>;
  shopAdmin: ReturnType<typeof createShopAdminService>;
  domains: ReturnType<typeof createDomainService>;
  bills: ReturnType<typeof createBillService>;
  payments: ReturnType<typeof createPaymentService>;
  cashier: ReturnType<typeof createSandboxCashier>;
  paymentProviders: ReturnType<typeof createPaymentProviderRegistry>;
  cashierLinks: ReturnType<typeof createCashierLinks>;
  paymentSettings: ReturnType<typeof createPaymentSettingsService>;
  coreData: ReturnType<typeof createCoreDataService>;
  shopKeys: ReturnType<typeof createShopKeyService>;
  openApi: ReturnType<typeof createOpenApiService>;
  trafficPackages: ReturnType<typeof createTrafficPackageService>;
  plugins: ReturnType<typeof createPluginService>;
  notices: ReturnType<typeof createNoticeService>;
  prospects: ReturnType<typeof createProspectService>;
}
/** The Fastify instance with the services (and clock) seeds and tests reach for, and the background jobs server.ts starts. */
export type App = FastifyInstance & {
  services: AppServices;
  jobs: JobDefinition[];
  jobQueue: ReturnType<typeof createJobQueue>;
  clock: Clock;
};

let hasWarnedDevelopmentSecretsKey = false;
/** Once per process: tests and the dev server build many apps. */
function warnDevelopmentSecretsKey(log: FastifyInstance['log']) {
  if (hasWarnedDevelopmentSecretsKey) return;
  hasWarnedDevelopmentSecretsKey = true;
  log.warn(
    'SECRETS_KEY is not set: stored secrets are sealed with the fixed development key (set SECRETS_KEY before real use)',
  );
}
