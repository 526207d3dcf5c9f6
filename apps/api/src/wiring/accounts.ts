import { createAccountRepository } from '../modules/accounts/account/account.repository';
import { registerAccountRoutes } from '../modules/accounts/account/account.routes';
import { createAccountService } from '../modules/accounts/account/account.service';
import { createCaptchaService } from '../modules/accounts/account/captcha';
import { createCaptchaRepository } from '../modules/accounts/account/captcha.repository';
import { createPasswordNotices } from '../modules/accounts/account/password-notice';
import { createTwoFactorRepository } from '../modules/accounts/account/two-factor.repository';
import { registerTwoFactorRoutes } from '../modules/accounts/account/two-factor.routes';
import { createTwoFactorService } from '../modules/accounts/account/two-factor.service';
import { createVerificationCodeRepository } from '../modules/accounts/account/verification-code.repository';
import { createVerificationCodeService } from '../modules/accounts/account/verification-code.service';
import { createMerchantAdminRepository } from '../modules/accounts/account/merchant-admin.repository';
import { registerMerchantAdminRoutes } from '../modules/accounts/account/merchant-admin.routes';
import { createMerchantAdminService } from '../modules/accounts/account/merchant-admin.service';
import type { ConfigArea } from './config';
import type { Platform } from './platform';

/**
 * Accounts: merchants' and operators' sign-in, registration, codes, captchas and two-factor, and the
 * operator's merchant list. Gives the call registrar its rule: while the platform requires it, an
 * operator without two-factor may make only the enrolment calls.
 */
export function wireAccounts(platform: Platform, { mail, sms }: Pick<ConfigArea, 'mail' | 'sms'>) {
  const { config, db, clock, settings, secretBox, passwords, sessionService, registrar, jobQueue } = platform;
  const accountRepository = createAccountRepository(db);
  // Operators' two-factor sign-in (docs/SECURITY.md, "Accounts"); the platform rule may require it of every operator.
  const twoFactorService = createTwoFactorService({
    repository: createTwoFactorRepository(db),
    accountRepository,
    sessionService,
    secrets: secretBox,
    passwords,
    clock,
    isRequired: () => settings.isAdminTwoFactorRequired(),
    failureWindowMinutes: config.loginFailureWindowMinutes,
  });
  registrar.authorizeWith(twoFactorService.assertAllowed);
  const captchaService = createCaptchaService({
    repository: createCaptchaRepository(db),
    clock,
    draw: platform.captchaDrawer,
    getKey: () => settings.getSigningKey('captcha'),
  });
  // Codes go out from the deliver-code job, which decides what an address gets (docs/SECURITY.md, "Account enumeration").
  const verificationCodeService = createVerificationCodeService({
    db,
    repository: createVerificationCodeRepository(),
    clock,
    mail,
    sms,
    sendsPerIpPerHour: config.codeSendsPerIpPerHour,
    jobs: jobQueue,
    secrets: secretBox,
    hasAccount: async ({ channel, value }) =>
      Boolean(
        await accountRepository.findMerchantByAccount(channel === 'email' ? { email: value } : { mobile: value }),
      ),
    consoleOrigin: platform.consoleOrigin,
  });
  const passwordNotices = createPasswordNotices({
    jobs: jobQueue,
    mail,
    sms,
    clock,
    contactOf: async (merchantId) => {
      const merchant = await accountRepository.findMerchantById(merchantId);
      return merchant && { email: merchant.email, mobile: merchant.mobile };
    },
    consoleOrigin: platform.consoleOrigin,
  });
  const accountService = createAccountService({
    db,
    passwordNotices,
    repository: accountRepository,
    sessionService,
    verificationCodeService,
    captchaService,
    passwords,
    twoFactorService,
    clock,
    captchaThreshold: async () => (await settings.getPlatformRules()).captcha_failure_threshold,
    ipCaptchaThreshold: config.loginIpCaptchaThreshold,
    failureWindowMinutes: config.loginFailureWindowMinutes,
  });
  registerAccountRoutes(registrar, { accountService, sessionService, captchaService });
  registerTwoFactorRoutes(registrar, { twoFactorService });
  // The operator's merchants.
  const merchantAdminService = createMerchantAdminService({
    repository: createMerchantAdminRepository(db),
    sessionService,
    passwords,
    clock,
    getTimeZone: settings.getBusinessTimeZone,
  });
  registerMerchantAdminRoutes(registrar, { merchantAdminService });
  return {
    accountService,
    twoFactorService,
    captchaService,
    verificationCodeService,
    passwordNotices,
    merchantAdminService,
  };
}
export type Accounts = ReturnType<typeof wireAccounts>;
