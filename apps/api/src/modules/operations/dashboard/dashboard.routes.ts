import * as calls from '@parlour/contract/calls/dashboard';
import type { CallRegistrar } from '../../../platform/register-call';
import type { DashboardService } from './dashboard.service';

/** Thin handler of the operator dashboard's totals. */
export function registerDashboardRoutes(registrar: CallRegistrar, deps: { dashboardService: DashboardService }) {
  registrar.register(calls.adminOverview, () => deps.dashboardService.overview());
}
