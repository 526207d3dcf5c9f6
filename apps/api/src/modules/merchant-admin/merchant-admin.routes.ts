import * as calls from '@parlour/contract/calls/merchant-admin';
import type { CallRegistrar } from '../../lib/register-call';
import type { MerchantAdminService } from './merchant-admin.service';

/** Thin handlers of the operator's merchant calls. */
export function registerMerchantAdminRoutes(registrar: CallRegistrar, deps: { merchants: MerchantAdminService }) {
  const { register } = registrar;
  const { merchants } = deps;

  register(calls.adminListMerchants, ({ input }) => merchants.list(input));
  register(calls.adminAddMerchant, ({ input }) => merchants.add(input));
  register(calls.adminEditMerchant, ({ input: { id, ...fields } }) => merchants.edit(id, fields));
  register(calls.adminMerchantRegisterTrend, ({ input }) => merchants.registerTrend(input));
  register(calls.adminMerchantTypeDistribution, () => merchants.typeDistribution());
}
