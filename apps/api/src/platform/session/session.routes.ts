import * as calls from '@parlour/contract/calls/account-security';
import type { CallRegistrar } from '../register-call';
import type { SessionService } from './session.service';

/** Thin handlers of the sessions screens of both roles: the caller's own sessions only. */
export function registerSessionRoutes(registrar: CallRegistrar, deps: { sessionService: SessionService }) {
  const { register } = registrar;
  const { sessionService } = deps;
  for (const role of [
    { list: calls.merchantListSessions, end: calls.merchantEndSession, endOthers: calls.merchantEndOtherSessions },
    { list: calls.adminListSessions, end: calls.adminEndSession, endOthers: calls.adminEndOtherSessions },
  ]) {
    register(role.list, ({ principal }) => sessionService.listSessions(principal));
    // Audited when an operator ends sessions (register-call audits operator calls only).
    register(role.end, ({ principal, input }) => sessionService.endSession(principal, input.id), {
      audit: {
        action: 'admin.end_session',
        targetType: 'admin',
        targetId: (_input, _output, principal) => principal.userId,
      },
    });
    register(role.endOthers, ({ principal }) => sessionService.endOtherSessions(principal), {
      audit: {
        action: 'admin.end_other_sessions',
        targetType: 'admin',
        targetId: (_input, _output, principal) => principal.userId,
      },
    });
  }
}
