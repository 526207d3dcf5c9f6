import * as calls from '@parlour/contract/calls/merchant-admin';
import type { CallRegistrar } from '../../lib/register-call';
import type { MerchantAdminService } from './merchant-admin.service';

/** Thin handlers of the operator's merchant calls. */
export function registerMerchantAdminRoutes(registrar: CallRegistrar, deps: { merchantAdminService: MerchantAdminService }) {
  const { register } = registrar;
  const { merchantAdminService } = deps;

  register(calls.adminListMerchants, ({ input }) => merchantAdminService.list(input));
  register(calls.adminAddMerchant, ({ input }) => merchantAdminService.add(input));
  register(calls.adminEditMerchant, ({ input: { id, ...fields } }) => merchantAdminService.edit(id, fields));
  register(calls.adminMerchantRegisterTrend, ({ input }) => merchantAdminService.registerTrend(input));
  register(calls.adminMerchantTypeDistribution, () => merchantAdminService.typeDistribution());
}
