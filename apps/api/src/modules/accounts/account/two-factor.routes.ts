import * as calls from '@parlour/contract/calls/account-security';
import type { CallRegistrar } from '../../../platform/register-call';
import type { TwoFactorService } from './two-factor.service';

/** Thin handlers of operators' two-factor sign-in: the operator's own, from its session. */
export function registerTwoFactorRoutes(registrar: CallRegistrar, deps: { twoFactorService: TwoFactorService }) {
  const { register } = registrar;
  const { twoFactorService } = deps;
  register(calls.adminTwoFactorStatus, ({ principal }) => twoFactorService.status(principal.userId));
  // Audited with the operator's two-factor state before and after (never the secret, the codes or the recovery codes).
  const twoFactorAudit = {
    targetType: 'admin',
    targetId: (_input: unknown, _output: unknown, principal: { userId: number }) => principal.userId,
    load: (id: string | number) => twoFactorService.status(Number(id)),
  } as const;
  register(calls.adminTwoFactorSetup, ({ principal }) => twoFactorService.setup(principal.userId), {
    audit: { ...twoFactorAudit, action: 'admin.two_factor_setup' },
  });
  register(
    calls.adminTwoFactorEnable,
    ({ principal, input, ip }) => twoFactorService.enable(principal.userId, input.code, ip),
    { audit: { ...twoFactorAudit, action: 'admin.two_factor_enable' } },
  );
  register(
    calls.adminTwoFactorDisable,
    ({ principal, input, ip }) => twoFactorService.disable(principal.userId, input.code, ip),
    { audit: { ...twoFactorAudit, action: 'admin.two_factor_disable' } },
  );
  register(calls.adminLoginTwoFactor, ({ input, ip, userAgent }) =>
    twoFactorService.completeLogin({ challengeId: input.challenge_id, code: input.code, ip, userAgent }),
  );
}
