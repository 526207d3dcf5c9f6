import * as calls from '@parlour/contract/calls/account';
import {
  adminChangePassword,
  merchantChangePassword,
  merchantDismissSuspensionNotices,
  merchantSuspensionNotices,
} from '@parlour/contract/calls/account-security';
import type { CallRegistrar } from '../../../platform/register-call';
import type { SessionService } from '../../../platform/session/session.service';
import type { AccountService } from './account.service';
import type { CaptchaService } from './captcha';

/** Thin handlers of the account calls: input and principal in, service out. */
export function registerAccountRoutes(
  registrar: CallRegistrar,
  deps: { accountService: AccountService; sessionService: SessionService; captchaService: CaptchaService },
) {
  const { register } = registrar;
  const { accountService, sessionService, captchaService } = deps;

  register(calls.merchantLogin, ({ input, ip, userAgent }) =>
    accountService.loginMerchant({ ...input, ip, userAgent }),
  );
  register(calls.adminLogin, ({ input, ip, userAgent }) => accountService.loginAdmin({ ...input, ip, userAgent }));
  register(calls.merchantLogout, async ({ principal }) => {
    await sessionService.revokeSession(principal);
    return null;
  });
  register(
    calls.adminLogout,
    async ({ principal }) => {
      await sessionService.revokeSession(principal);
      return null;
    },
    {
      audit: {
        action: 'admin.sign_out',
        targetType: 'admin',
        targetId: (_input, _output, principal) => principal.userId,
      },
    },
  );
  register(merchantChangePassword, ({ input, principal, ip, lang }) =>
    accountService.changePassword({
      principal,
      currentPassword: input.current_password,
      newPassword: input.password,
      ip,
      lang,
    }),
  );
  // Audited with the input as `after`: the audit log masks every password field.
  register(
    adminChangePassword,
    ({ input, principal, ip, lang }) =>
      accountService.changePassword({
        principal,
        currentPassword: input.current_password,
        newPassword: input.password,
        ip,
        lang,
      }),
    {
      audit: {
        action: 'admin.change_password',
        targetType: 'admin',
        targetId: (_input, _output, principal) => principal.userId,
      },
    },
  );
  register(merchantSuspensionNotices, ({ principal }) => accountService.listSuspensionNotices(principal.userId));
  register(merchantDismissSuspensionNotices, ({ principal }) =>
    accountService.dismissSuspensionNotices(principal.userId),
  );
  register(calls.merchantCaptcha, () => captchaService.issueCaptcha());
  register(calls.adminCaptcha, () => captchaService.issueCaptcha());

  register(calls.merchantRegister, ({ input, ip, userAgent }) =>
    accountService.registerMerchant({
      identity: { channel: 'email', value: input.email },
      code: input.code,
      password: input.password,
      ip,
      userAgent,
    }),
  );
  register(calls.merchantMobileRegister, ({ input, ip, userAgent }) =>
    accountService.registerMerchant({
      identity: { channel: 'mobile', value: input.mobile },
      code: input.code,
      password: input.password,
      ip,
      userAgent,
    }),
  );
  register(calls.merchantForgotPassword, ({ input }) =>
    accountService.resetMerchantPassword({
      identity: { channel: 'email', value: input.email },
      code: input.code,
      password: input.password,
    }),
  );
  register(calls.merchantMobileForgotPassword, ({ input }) =>
    accountService.resetMerchantPassword({
      identity: { channel: 'mobile', value: input.mobile },
      code: input.code,
      password: input.password,
    }),
  );

  register(calls.sendEmailCode, ({ input, ip, lang }) =>
    accountService.sendCode({ identity: { channel: 'email', value: input.email }, event: input.event, ip, lang }),
  );
  register(calls.sendMobileCode, ({ input, ip, lang }) =>
    accountService.sendCode({ identity: { channel: 'mobile', value: input.mobile }, event: input.event, ip, lang }),
  );
  register(calls.checkEmailCode, ({ input }) =>
    accountService.checkCode({
      identity: { channel: 'email', value: input.email },
      event: input.event,
      code: input.code,
    }),
  );
  register(calls.checkMobileCode, ({ input }) =>
    accountService.checkCode({
      identity: { channel: 'mobile', value: input.mobile },
      event: input.event,
      code: input.code,
    }),
  );
}
