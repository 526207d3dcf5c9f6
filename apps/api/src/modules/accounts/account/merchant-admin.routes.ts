import * as calls from '@parlour/contract/calls/merchant-admin';
import type { CallRegistrar } from '../../../platform/register-call';
import type { MerchantAdminService } from './merchant-admin.service';

/** Thin handlers of the operator's merchant calls. */
export function registerMerchantAdminRoutes(
  registrar: CallRegistrar,
  deps: { merchantAdminService: MerchantAdminService },
) {
  const { register } = registrar;
  const { merchantAdminService } = deps;

  register(calls.adminListMerchants, ({ input }) => merchantAdminService.list(input));
  const merchantAudit = {
    targetType: 'merchant',
    load: (id: string | number) => merchantAdminService.get(Number(id)),
  } as const;
  register(calls.adminAddMerchant, ({ input }) => merchantAdminService.add(input), {
    audit: { ...merchantAudit, action: 'merchant.add', targetId: (_input, output) => output?.id },
  });
  register(calls.adminEditMerchant, ({ input: { id, ...fields } }) => merchantAdminService.edit(id, fields), {
    audit: { ...merchantAudit, action: 'merchant.edit', targetId: (input) => input.id },
  });
  register(calls.adminMerchantRegisterTrend, ({ input }) => merchantAdminService.registerTrend(input));
  register(calls.adminMerchantTypeDistribution, () => merchantAdminService.typeDistribution());
}
