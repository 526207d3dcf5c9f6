import type { JobDefinition } from '../jobs/boss';
import { deliverCodeJob, passwordNoticeJob } from '../jobs/code-jobs';
import { domainRecheckJob } from '../jobs/domain-jobs';
import { openApiSweepJob, productCacheSweepJob } from '../jobs/open-api-jobs';
import { paymentReconcileJob } from '../jobs/payment-jobs';
import { pluginSweepJob } from '../jobs/plugin-jobs';
import { purgeStaleRecordsJob } from '../jobs/purge-stale-records';
import { provisionStoreJob, storeSweepJob } from '../jobs/store-jobs';
import { usageFoldJob } from '../jobs/usage-fold-job';
import { registerApiInfoRoutes } from '../modules/operations/api-info/api-info.routes';
import { registerDashboardRoutes } from '../modules/operations/dashboard/dashboard.routes';
import { createDashboardService } from '../modules/operations/dashboard/dashboard.service';
import { createOperationsRepository } from '../modules/operations/operations/operations.repository';
import { registerOperationsRoutes } from '../modules/operations/operations/operations.routes';
import { createOperationsService } from '../modules/operations/operations/operations.service';
import { createUsageFold } from '../modules/traffic/traffic-report/usage-fold';
import { createUsageFoldRepository } from '../modules/traffic/traffic-report/usage-fold.repository';
import type { Accounts } from './accounts';
import type { Content } from './content';
import type { Money } from './money';
import type { Platform } from './platform';
import type { Stores } from './stores';
import type { Traffic } from './traffic';

/** The background jobs: what they do is the services'; server.ts starts them on the job queue. */
function wireJobs(
  platform: Platform,
  areas: { content: Content; accounts: Accounts; money: Money; traffic: Traffic; stores: Stores },
): JobDefinition[] {
  const { app, db, clock, settings } = platform;
  const { accounts, money, traffic, stores } = areas;
  return [
    purgeStaleRecordsJob({
      clock,
      sessionService: platform.sessionService,
      accountService: accounts.accountService,
      verificationCodeService: accounts.verificationCodeService,
      captchaService: accounts.captchaService,
      idempotencyService: platform.idempotencyService,
      twoFactorService: accounts.twoFactorService,
      ipRateLimit: platform.ipRateLimit,
      paymentService: money.paymentService,
    }),
    deliverCodeJob({ verificationCodeService: accounts.verificationCodeService }),
    passwordNoticeJob({ notices: accounts.passwordNotices }),
    provisionStoreJob({ shopService: stores.shopService }),
    domainRecheckJob({ domainService: stores.domainService }),
    storeSweepJob({ shopService: stores.shopService, billService: money.billService }),
    paymentReconcileJob({
      paymentService: money.paymentService,
      clock,
      log: (error, billNo) => app.log.warn({ err: error, bill_no: billNo }, 'payment reconciliation failed for a bill'),
    }),
    openApiSweepJob({ openApiService: traffic.openApiService }),
    productCacheSweepJob({ productCacheService: traffic.productCacheService }),
    pluginSweepJob({
      pluginService: stores.pluginService,
      noticeService: areas.content.noticeService,
      getTimeZone: settings.getBusinessTimeZone,
    }),
    usageFoldJob({
      fold: createUsageFold({
        repository: createUsageFoldRepository(db),
        clock,
        getTimeZone: settings.getBusinessTimeZone,
      }),
    }),
  ];
}

/**
 * Operations: the spec's bare /api/v1 call (§7: reachability and clock skew), the operator
 * dashboard's totals, the background jobs, and the operations page (audit log, job queues, the
 * providers' last errors).
 */
export function wireOperations(
  platform: Platform,
  areas: { content: Content; accounts: Accounts; money: Money; traffic: Traffic; stores: Stores },
) {
  const { db, clock, settings, registrar } = platform;
  registerApiInfoRoutes(registrar, { clock });
  const dashboardService = createDashboardService({
    shopService: areas.stores.shopService,
    billService: areas.money.billService,
    merchantAdminService: areas.accounts.merchantAdminService,
    settings,
    clock,
  });
  registerDashboardRoutes(registrar, { dashboardService });
  const jobs = wireJobs(platform, areas);
  const operationsService = createOperationsService({
    repository: createOperationsRepository(db),
    isQueueRunning: () => platform.jobQueue.isAttached(),
    queueNames: () => jobs.map((job) => job.queue),
  });
  registerOperationsRoutes(registrar, { auditService: platform.auditService, operationsService });
  return { jobs };
}
