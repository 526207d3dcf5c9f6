import * as calls from '@parlour/contract/calls/traffic-report';
import { merchantScope, operatorScope } from '../../../lib/tenant-scope';
import type { CallRegistrar } from '../../../platform/register-call';
import type { TrafficReportService } from './traffic-report.service';

/** Thin handlers of the traffic reports; a merchant's calls take the tenant from the session. */
export function registerTrafficReportRoutes(registrar: CallRegistrar, deps: { reports: TrafficReportService }) {
  const { register } = registrar;
  const { reports } = deps;

  register(calls.merchantTrafficDashboard, ({ input, principal }) =>
    reports.merchantDashboard(principal.userId, input),
  );
  register(calls.merchantApiLogStats, ({ input, principal }) => reports.merchantApiStats(principal.userId, input));
  register(calls.merchantStoreUsage, ({ input, principal }) => reports.merchantStoreUsage(principal.userId, input));
  register(calls.merchantApiEnum, ({ principal }) => reports.apiEnum(merchantScope(principal.userId)));
  register(calls.merchantListApiLogs, ({ input, principal, lang }) =>
    reports.merchantListLogs(principal.userId, input, lang),
  );
  register(calls.merchantApiLogDetail, ({ input, principal, lang }) =>
    reports.merchantLogDetail(principal.userId, input.id, lang),
  );

  register(calls.adminTrafficDashboard, ({ input }) => reports.adminDashboard(input));
  register(calls.adminPlatformStats, ({ input }) => reports.adminPlatformStats(input));
  register(calls.adminMerchantStats, ({ input }) => reports.adminMerchantStats(input));
  register(calls.adminApiLogStats, ({ input }) => reports.adminApiStats(input));
  register(calls.adminListApiLogs, ({ input, lang }) => reports.adminListLogs(input, lang));
  register(calls.adminApiLogDetail, ({ input, lang }) => reports.adminLogDetail(input.id, lang));
  register(calls.adminApiEnum, () => reports.apiEnum(operatorScope));
}
