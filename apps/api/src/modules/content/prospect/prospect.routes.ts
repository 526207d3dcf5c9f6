import * as calls from '@parlour/contract/calls/prospect';
import type { CallRegistrar } from '../../../platform/register-call';
import type { ProspectService } from './prospect.service';

/** Thin handlers of the message form (public, throttled per address) and the operator's prospect list. */
export function registerProspectRoutes(registrar: CallRegistrar, deps: { prospectService: ProspectService }) {
  const { register } = registrar;
  const { prospectService } = deps;

  register(calls.addMessage, ({ input, ip }) => prospectService.addMessage({ fields: input, ip }));
  register(calls.adminListProspects, ({ input }) => prospectService.list(input));
  register(
    calls.adminEditProspect,
    ({ input, principal }) =>
      prospectService.followUp({ id: input.id, adminId: principal.userId, status: input.status, remark: input.remark }),
    {
      audit: {
        action: 'prospect.edit',
        targetType: 'prospect',
        targetId: (input) => input.id,
        load: (id) => prospectService.get(Number(id)),
      },
    },
  );
}
