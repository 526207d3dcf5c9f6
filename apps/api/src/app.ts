import { allCalls } from '@parlour/contract/calls/all';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { CAPTCHA_FIXED_TEXT_REFUSED, type Config } from './config';
import type { Database } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import type { JobDefinition } from './jobs/boss';
import { purgeStaleRecordsJob } from './jobs/purge-stale-records';
import { loggerOptions, registerPrettyRequestLog } from './lib/logger';
import { generateRequestId, REQUEST_ID_LOG_FIELD } from './lib/request-id';
import { createCallRegistrar } from './lib/register-call';
import { createPasswordHasher } from './lib/secrets';
import { createSecretBox, type SecretBox } from './lib/secret-box';
import { createAccountRepository } from './modules/account/account.repository';
import { registerAccountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { createCaptchaService, drawSvgCaptcha, fixedCaptchaDrawer, type CaptchaDrawer } from './modules/account/captcha';
import { createCaptchaRepository } from './modules/account/captcha.repository';
import { createVerificationCodeRepository } from './modules/account/verification-code.repository';
import { createVerificationCodeService } from './modules/account/verification-code.service';
import { createSessionRepository } from './modules/session/session.repository';
import { createSessionService } from './modules/session/session.service';
import { createIdempotencyRepository } from './modules/idempotency/idempotency.repository';
import { createIdempotencyService } from './modules/idempotency/idempotency.service';
import { createJobQueue } from './lib/job-queue';
import { provisionStoreJob, storeSweepJob } from './jobs/store-jobs';
import { createBillRepository } from './modules/bill/bill.repository';
import { registerBillRoutes } from './modules/bill/bill.routes';
import { createBillService } from './modules/bill/bill.service';
import { registerPaymentRoutes, NOTIFY_PATH } from './modules/payment/payment.routes';
import { createPaymentService, createSandboxCashier } from './modules/payment/payment.service';
import { createSettingsRepository } from './modules/settings/settings.repository';
import { createSettingsService } from './modules/settings/settings.service';
import { createMerchantAdminRepository } from './modules/merchant-admin/merchant-admin.repository';
import { registerMerchantAdminRoutes } from './modules/merchant-admin/merchant-admin.routes';
import { createMerchantAdminService } from './modules/merchant-admin/merchant-admin.service';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createShopRepository } from './modules/shop/shop.repository';
import { registerShopRoutes } from './modules/shop/shop.routes';
import { createShopService } from './modules/shop/shop.service';
import { createShopAdminService } from './modules/shop/shop-admin.service';
import { createStoreVersionRepository } from './modules/store-version/store-version.repository';
import { registerStoreVersionRoutes } from './modules/store-version/store-version.routes';
import { createStoreVersionService } from './modules/store-version/store-version.service';
import { createSandboxPaymentProvider, SANDBOX_PROVIDER } from './providers/payment/sandbox-payment-provider';
import { registerEnvelope, sendApiNotFound } from './plugins/envelope';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerOpenApi } from './plugins/openapi';
import { registerWeb } from './plugins/web';
import { createLogMailProvider, createSmtpMailProvider, type MailProvider } from './providers/mail/mail-provider';
import { createLogSmsProvider, type SmsProvider } from './providers/sms/sms-provider';
import { createConfiguredMailProvider } from './providers/mail/configured-mail-provider';
import { createConfiguredSmsProvider } from './providers/sms/configured-sms-provider';
import { registerConfigRoutes } from './modules/settings/config.routes';
import { createConfigService } from './modules/settings/config.service';
import { createUploadRepository } from './modules/upload/upload.repository';
import { registerUploadRoutes } from './modules/upload/upload.routes';
import { createUploadService } from './modules/upload/upload.service';
import { PROSPECT_SUBMITS_PER_IP_PER_HOUR } from '@parlour/contract/calls/prospect';
import { registerApiInfoRoutes } from './modules/api-info/api-info.routes';
import { createNoticeRepository } from './modules/notice/notice.repository';
import { registerNoticeRoutes } from './modules/notice/notice.routes';
import { createNoticeService } from './modules/notice/notice.service';
import { createProspectRepository } from './modules/prospect/prospect.repository';
import { registerProspectRoutes } from './modules/prospect/prospect.routes';
import { createProspectService } from './modules/prospect/prospect.service';
import { createCoreDataRepository } from './modules/core-data/core-data.repository';
import { registerCoreDataRoutes } from './modules/core-data/core-data.routes';
import { createCoreDataService } from './modules/core-data/core-data.service';
import { createOpenApiRepository } from './modules/open-api/open-api.repository';
import { registerOpenApiRoutes } from './modules/open-api/open-api.routes';
import { createOpenApiService } from './modules/open-api/open-api.service';
import { createShopKeyRepository } from './modules/open-api/shop-key.repository';
import { createShopKeyService } from './modules/open-api/shop-key.service';
import { openApiSweepJob } from './jobs/open-api-jobs';
import { createTrafficReportRepository } from './modules/traffic-report/traffic-report.repository';
import { registerTrafficReportRoutes } from './modules/traffic-report/traffic-report.routes';
import { createTrafficReportService } from './modules/traffic-report/traffic-report.service';
import { createUsageFold } from './modules/traffic-report/usage-fold';
import { createUsageFoldRepository } from './modules/traffic-report/usage-fold.repository';
import { usageFoldJob } from './jobs/usage-fold-job';
import { createTrafficPackageRepository } from './modules/traffic-package/traffic-package.repository';
import { registerTrafficPackageRoutes } from './modules/traffic-package/traffic-package.routes';
import { createTrafficPackageService } from './modules/traffic-package/traffic-package.service';

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
  const clock = options.clock ?? systemClock;
  const db = database.db;
  // Settings (issue 4): platform rules, the operator's groups, uploads; mail and SMS follow the saved groups.
  const settings = createSettingsService({ repository: createSettingsRepository(db), defaults: { captcha_failure_threshold: config.loginCaptchaThreshold } });
  const uploads = createUploadService({ repository: createUploadRepository(db), uploadDir: config.uploadDir });
  // Secrets at rest (settings secrets, provider keys) are sealed under SECRETS_KEY.
  const secretBox = createSecretBox(config.secretsKey);
  if (config.isDevelopmentSecretsKey) warnDevelopmentSecretsKey(app.log);
  const configs = createConfigService({
    settings,
    secrets: secretBox,
    uploadExists: (fileName) => uploads.exists(fileName),
    smsEndpoint: config.aliyunSmsEndpoint,
    wecomWebhookBase: config.wecomWebhookBase,
  });
  const fallbackMail = config.smtpUrl ? createSmtpMailProvider({ url: config.smtpUrl, from: config.mailFrom }) : createLogMailProvider(app.log);
  const mail = options.mail ?? createConfiguredMailProvider({ getSettings: configs.getMailForDelivery, fallback: fallbackMail });
  const sms = options.sms ?? createConfiguredSmsProvider({ getSettings: configs.getSmsForDelivery, fallback: createLogSmsProvider(app.log), endpoint: config.aliyunSmsEndpoint });
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
  const registrar = createCallRegistrar(app, { sessions, checkOutput: !config.isProduction, idempotency });
  // The spec's bare /api/v1 call (§7): reachability and clock skew.
  registerApiInfoRoutes(registrar, { clock });
  const captchas = createCaptchaService({ repository: createCaptchaRepository(db), clock, draw: captchaDrawer });
  const codeRepository = createVerificationCodeRepository();
  const codes = createVerificationCodeService({
    db,
    repository: codeRepository,
    clock,
    mail,
    sms,
    sendsPerIpPerHour: config.codeSendsPerIpPerHour,
  });
  const accountRepository = createAccountRepository(db);
  const accounts = createAccountService({
    db,
    repository: accountRepository,
    sessions,
    codes,
    captchas,
    passwords: createPasswordHasher(config.passwordMemoryCost),
    clock,
    captchaThreshold: async () => (await settings.getPlatformRules()).captcha_failure_threshold,
    ipCaptchaThreshold: config.loginIpCaptchaThreshold,
    failureWindowMinutes: config.loginFailureWindowMinutes,
  });
  registerAccountRoutes(registrar, { accounts, sessions, captchas });
  registerConfigRoutes(registrar, { config: configs });
  await registerUploadRoutes(app, registrar, { uploads });

  const jobQueue = createJobQueue();
  const sandboxProvider = config.paymentProvider === 'sandbox' ? createSandboxPaymentProvider({ getKey: () => settings.getSigningKey('sandbox-payment') }) : null;
  const paymentProvider = sandboxProvider;
  // Names follow the glossary in docs/ARCHITECTURE.md: `<thing>Service`, `<thing>Repository`.
  const storeVersionService = createStoreVersionService({ repository: createStoreVersionRepository(db), clock });
  registerStoreVersionRoutes(registrar, { storeVersionService });
  const billRepository = createBillRepository(db);
  const billService = createBillService({ db, repository: billRepository, settings, clock, provider: paymentProvider });
  registerBillRoutes(registrar, { billService });
  const shopRepository = createShopRepository(db);
  const shopService = createShopService({
    db,
    repository: shopRepository,
    billRepository,
    billService,
    storeVersionService,
    settings,
    jobs: jobQueue,
    clock,
    shopBaseDomain: config.shopBaseDomain,
  });
  const shopAdminService = createShopAdminService({ db, shopService, repository: shopRepository, billService, storeVersionService, settings, clock });
  registerShopRoutes(app, registrar, { shopService, shopAdminService });
  // Traffic packages (issue 5): plans, orders through bills, activation on payment.
  const trafficPackageService = createTrafficPackageService({ db, repository: createTrafficPackageRepository(db), billService, clock });
  registerTrafficPackageRoutes(registrar, { trafficPackageService });
  const paymentService = createPaymentService({ db, billRepository, shopService, trafficPackageService, provider: paymentProvider, clock });
  const cashier = sandboxProvider
    ? createSandboxCashier({
        provider: sandboxProvider,
        billRepository,
        clock,
        // Through HTTP routing like a provider's delivery, so the notify endpoint is the only way in.
        deliver: async (body) => {
          await app.inject({ method: 'POST', url: `${NOTIFY_PATH}/${SANDBOX_PROVIDER}`, payload: body });
        },
      })
    : null;
  registerPaymentRoutes(app, registrar, { paymentService, cashier });

  // Notices and prospects (issue 4).
  const notices = createNoticeService({ repository: createNoticeRepository(db), clock });
  registerNoticeRoutes(registrar, { notices });
  const prospects = createProspectService({ repository: createProspectRepository(db), clock, submitsPerIpPerHour: PROSPECT_SUBMITS_PER_IP_PER_HOUR, getTimeZone: settings.getBusinessTimeZone });
  registerProspectRoutes(registrar, { prospects });

  // Operator: merchants and the dashboard totals (issue 4).
  const merchantAdminRepository = createMerchantAdminRepository(db);
  const merchantAdminService = createMerchantAdminService({
    repository: merchantAdminRepository,
    sessionService: sessions,
    passwords: createPasswordHasher(config.passwordMemoryCost),
    clock,
    getTimeZone: settings.getBusinessTimeZone,
  });
  registerMerchantAdminRoutes(registrar, { merchantAdminService });
  const dashboardService = createDashboardService({ shopRepository, billRepository, merchantAdminRepository, settings, clock });
  registerDashboardRoutes(registrar, { dashboardService });

  // Core data and the metered Open API (issue 5): provider config, data sources, API catalogue, store keys.
  const coreData = createCoreDataService({ repository: createCoreDataRepository(db), secrets: secretBox, clock, createProvider: options.productDataProviderFactory });
  registerCoreDataRoutes(registrar, { coreData });
  const shopKeys = createShopKeyService({ repository: createShopKeyRepository(db), secrets: secretBox, clock });
  const openApi = createOpenApiService({ repository: createOpenApiRepository(db), clock, getProductData: () => coreData.getActiveProductData() });
  registerOpenApiRoutes(app, registrar, { openApi, shopKeys });

  // Traffic reports (issue 5): dashboards and statistics from the daily roll-up, the call log.
  registerTrafficReportRoutes(registrar, { reports: createTrafficReportService({ repository: createTrafficReportRepository(db), clock, getTimeZone: settings.getBusinessTimeZone }) });

  const missing = allCalls.filter((call) => !registrar.registered.has(call.path));
  if (missing.length) app.log.warn({ missing: missing.map((call) => call.path) }, 'declared calls without a handler');

  app.get('/healthz', async (_request, reply) => {
    const isReady = await database.isReady();
    return reply.code(isReady ? 200 : 503).send({ status: isReady ? 'ok' : 'unavailable', database: database.kind });
  });

  await registerOpenApi(app);
  const spaFallback = await registerWeb(app, config);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !spaFallback) return sendApiNotFound(request, reply);
    return spaFallback(request, reply);
  });

  const services = { secretBox, idempotency, accounts, sessions, captchas, codes, settings, configs, uploads,
    versions: storeVersionService,
    shops: shopService,
    shopAdmin: shopAdminService,
    bills: billService,
    payments: paymentService,
    cashier, coreData, shopKeys, openApi, notices, prospects, trafficPackages: trafficPackageService };
  const jobs = [
    purgeStaleRecordsJob({ db, clock, sessions: sessionRepository, accounts: accountRepository, codes: codeRepository, captchas, idempotency }),
    provisionStoreJob({ shopService }),
    storeSweepJob({ shopService, billRepository, clock }),
    openApiSweepJob({ openApi }),
    usageFoldJob({ fold: createUsageFold({ repository: createUsageFoldRepository(db), clock, getTimeZone: settings.getBusinessTimeZone }) }),
  ];
  return Object.assign(app, { services, jobs, jobQueue, clock }) as App;
}

export interface AppServices {
  secretBox: SecretBox;
  idempotency: ReturnType<typeof createIdempotencyService>;
  accounts: ReturnType<typeof createAccountService>;
  sessions: ReturnType<typeof createSessionService>;
  captchas: ReturnType<typeof createCaptchaService>;
  codes: ReturnType<typeof createVerificationCodeService>;
  settings: ReturnType<typeof createSettingsService>;
  configs: ReturnType<typeof createConfigService>;
  uploads: ReturnType<typeof createUploadService>;
  versions: ReturnType<typeof createStoreVersionService>;
  shops: ReturnType<typeof createShopService>;
  shopAdmin: ReturnType<typeof createShopAdminService>;
  bills: ReturnType<typeof createBillService>;
  payments: ReturnType<typeof createPaymentService>;
  cashier: ReturnType<typeof createSandboxCashier> | null;
  coreData: ReturnType<typeof createCoreDataService>;
  shopKeys: ReturnType<typeof createShopKeyService>;
  openApi: ReturnType<typeof createOpenApiService>;
  trafficPackages: ReturnType<typeof createTrafficPackageService>;
  notices: ReturnType<typeof createNoticeService>;
  prospects: ReturnType<typeof createProspectService>;
}
/** The Fastify instance with the services (and clock) seeds and tests reach for, and the background jobs server.ts starts. */
export type App = FastifyInstance & { services: AppServices; jobs: JobDefinition[]; jobQueue: ReturnType<typeof createJobQueue>; clock: Clock };

let hasWarnedDevelopmentSecretsKey = false;
/** Once per process: tests and the dev server build many apps. */
function warnDevelopmentSecretsKey(log: FastifyInstance['log']) {
  if (hasWarnedDevelopmentSecretsKey) return;
  hasWarnedDevelopmentSecretsKey = true;
  log.warn('SECRETS_KEY is not set: stored secrets are sealed with the fixed development key (set SECRETS_KEY before real use)');
}
