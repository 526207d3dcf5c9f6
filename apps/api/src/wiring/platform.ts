import type { FastifyInstance } from 'fastify';
import { CAPTCHA_FIXED_TEXT_REFUSED, OUTBOUND_ALLOW_REFUSED } from '../config';
import { systemClock } from '../lib/clock';
import { createJobQueue } from '../lib/job-queue';
import { createOutboundPolicy } from '../lib/outbound/outbound-policy';
import { createSecretBox } from '../lib/secret-box';
import { createPasswordHasher } from '../lib/secrets';
import { transactionAware } from '../lib/unit-of-work';
import { createProviderStatusRecorder } from '../modules/operations/operations/provider-status';
import { createOperationsRepository } from '../modules/operations/operations/operations.repository';
import { drawSvgCaptcha, fixedCaptchaDrawer } from '../modules/accounts/account/captcha';
import { fixedReservedShopIds } from '../modules/stores/shop/reserved-shop-ids';
import { createAuditRepository } from '../platform/audit/audit.repository';
import { createAuditService } from '../platform/audit/audit.service';
import { createIdempotencyRepository } from '../platform/idempotency/idempotency.repository';
import { createIdempotencyService } from '../platform/idempotency/idempotency.service';
import { createIpRateLimitRepository } from '../platform/rate-limit/ip-rate-limit.repository';
import { createIpRateLimit, publicCallBucket } from '../platform/rate-limit/ip-rate-limit.service';
import { createCallRegistrar } from '../platform/register-call';
import { createSessionRepository } from '../platform/session/session.repository';
import { createSessionService } from '../platform/session/session.service';
import { registerSessionRoutes } from '../platform/session/session.routes';
import { createSettingsRepository } from '../platform/settings/settings.repository';
import { createSettingsService } from '../platform/settings/settings.service';
import type { BuildAppOptions } from '../app';

/**
 * What every area builds on: the clock, the (transaction-aware) database, platform settings, sealed
 * secrets, the outbound policy, the providers' status, sessions, idempotency, the audit log, per-IP
 * budgets, the job queue and the call registrar (docs/ARCHITECTURE.md, "The map").
 */
export function wirePlatform(app: FastifyInstance, options: BuildAppOptions) {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  // Inside an operator's writing call every query runs in the call's transaction (lib/unit-of-work).
  const db = transactionAware(database.db);
  // Platform rules, the operator's groups, signing keys.
  const settings = createSettingsService({
    repository: createSettingsRepository(db),
    defaults: { captcha_failure_threshold: config.loginCaptchaThreshold },
  });
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
  // Store IDs no store may take: the contract's list and the platform hosts' first labels; the operator adds more in settings.
  const reservedShopIds = fixedReservedShopIds([...config.siteHosts, ...config.consoleHosts]);
  const fixedCaptcha = config.captchaFixedText;
  // A configuration built by hand (not through loadConfig) is held to the same rule.
  if (fixedCaptcha && config.isProduction) throw new Error(CAPTCHA_FIXED_TEXT_REFUSED);
  const captchaDrawer = options.captchaDrawer ?? (fixedCaptcha ? fixedCaptchaDrawer(fixedCaptcha) : drawSvgCaptcha);

  const sessionService = createSessionService({ repository: createSessionRepository(db), clock });
  // Writing calls with an Idempotency-Key run once per key (docs/idempotency.md); the answers live in the database.
  const idempotencyService = createIdempotencyService({
    repository: createIdempotencyRepository(db),
    secrets: secretBox,
    getHashKey: () => settings.getSigningKey('idempotency-request-hash'),
    clock,
  });
  // Every operator change is recorded in the audit log in its own transaction (docs/SECURITY.md, "Audit log").
  const auditService = createAuditService({ repository: createAuditRepository(db), clock });
  // Per-IP budgets of the unauthenticated endpoints, counted in the database (docs/SECURITY.md).
  const ipRateLimit = createIpRateLimit({
    repository: createIpRateLimitRepository(db),
    clock,
    scale: config.ipRateLimitScale,
  });
  // The accounts area gives the registrar its rule on operators' two-factor enrolment (authorizeWith).
  const registrar = createCallRegistrar(app, {
    sessionService,
    checkOutput: !config.isProduction,
    idempotencyService,
    audit: { service: auditService, db },
    publicLimits: { ipRateLimit, bucketOf: publicCallBucket },
  });
  registerSessionRoutes(registrar, { sessionService });
  const consoleOrigin = config.consoleHosts[0] ? `https://${config.consoleHosts[0]}` : undefined;
  /** The origin the providers and the cashier's links are given: the console's host, or this server. */
  const publicOrigin = async () => consoleOrigin ?? `http://127.0.0.1:${config.port}`;
  return {
    app,
    config,
    options,
    database,
    db,
    clock,
    settings,
    secretBox,
    outbound,
    providerStatus,
    reservedShopIds,
    captchaDrawer,
    passwords: createPasswordHasher(config.passwordMemoryCost),
    sessionService,
    idempotencyService,
    auditService,
    ipRateLimit,
    registrar,
    jobQueue: createJobQueue(),
    consoleOrigin,
    publicOrigin,
  };
}
export type Platform = ReturnType<typeof wirePlatform>;

let hasWarnedDevelopmentSecretsKey = false;
/** Once per process: tests and the dev server build many apps. */
function warnDevelopmentSecretsKey(log: FastifyInstance['log']) {
  if (hasWarnedDevelopmentSecretsKey) return;
  hasWarnedDevelopmentSecretsKey = true;
  log.warn(
    'SECRETS_KEY is not set: stored secrets are sealed with the fixed development key (set SECRETS_KEY before real use)',
  );
}
