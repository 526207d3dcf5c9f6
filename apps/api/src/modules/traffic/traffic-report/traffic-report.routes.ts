import * as calls from '@parlour/contract/calls/traffic-report';
import { merchantScope, operatorScope } from '../../../lib/tenant-scope';
import type { CallRegistrar } from '../../../platform/register-call';
import type { TrafficReportService } from './traffic-report.service';

/** Thin handlers of the traffic reports; a merchant's calls take the tenant from the session. */
export function registerTrafficReportRoutes(
  registrar: CallRegistrar,
  deps: { trafficReportService: TrafficReportService },
) {
  const { register } = registrar;
  const { trafficReportService } = deps;

  register(calls.merchantTrafficDashboard, ({ input, principal }) =>
    trafficReportService.merchantDashboard(principal.userId, input),
  );
  register(calls.merchantApiLogStats, ({ input, principal }) =>
    trafficReportService.merchantApiStats(principal.userId, input),
  );
  register(calls.merchantStoreUsage, ({ input, principal }) =>
    trafficReportService.merchantStoreUsage(principal.userId, input),
  );
  register(calls.merchantApiEnum, ({ principal }) => trafficReportService.apiEnum(merchantScope(principal.userId)));
  register(calls.merchantListApiLogs, ({ input, principal, lang }) =>
    trafficReportService.merchantListLogs(principal.userId, input, lang),
  );
  register(calls.merchantApiLogDetail, ({ input, principal, lang }) =>
    trafficReportService.merchantLogDetail(principal.userId, input.id, lang),
  );

  register(calls.adminTrafficDashboard, ({ input }) => trafficReportService.adminDashboard(input));
  register(calls.adminPlatformStats, ({ input }) => trafficReportService.adminPlatformStats(input));
  register(calls.adminMerchantStats, ({ input }) => trafficReportService.adminMerchantStats(input));
  register(calls.adminApiLogStats, ({ input }) => trafficReportService.adminApiStats(input));
  register(calls.adminListApiLogs, ({ input, lang }) => trafficReportService.adminListLogs(input, lang));
  register(calls.adminApiLogDetail, ({ input, lang }) => trafficReportService.adminLogDetail(input.id, lang));
  register(calls.adminApiEnum, () => trafficReportService.apiEnum(operatorScope));
}
