import { z } from 'zod';
import { defineCall, ZEmptyInput, ZNullOutput } from '../call';
import {
  withMatchingConfirmation,
  ZAccount,
  ZAgree,
  ZCode,
  ZConfirmPassword,
  ZEmail,
  ZLoginPassword,
  ZMobile,
  ZNewPassword,
} from '../schemas';

/** Accounts of both roles: sign up, sign in, sign out, verification codes, password recovery (spec §4, §5, §7). */

/** What a verification code may be used for; a code sent for one purpose is refused for the other. */
export const CODE_EVENTS = ['register', 'forgot'] as const;
export const ZCodeEvent = z.enum(CODE_EVENTS, { error: 'event_invalid' });
export type TCodeEvent = z.infer<typeof ZCodeEvent>;

export const ZCaptchaAnswer = z.object({
  captcha_id: z.string().max(64).optional(),
  captcha_code: z.string().trim().max(12).optional(),
});

export const ZLoginInput = z.object({ account: ZAccount, password: ZLoginPassword }).extend(ZCaptchaAnswer.shape);
export type TLoginInput = z.input<typeof ZLoginInput>;

export const ZMerchantProfile = z.object({
  id: z.number().int(),
  account: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  nickname: z.string(),
  type: z.enum(['individual', 'enterprise']),
  created_at: z.string(),
  /**
   * This session is the account's first (just registered, or an account an operator added signing
   * in for the first time): the console greets a newcomer rather than welcoming them back.
   */
  is_first_sign_in: z.boolean(),
});
export type TMerchantProfile = z.infer<typeof ZMerchantProfile>;

export const ZAdminProfile = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  created_at: z.string(),
});
export type TAdminProfile = z.infer<typeof ZAdminProfile>;

const ZSessionToken = z.object({ token: z.string(), expires_at: z.string() });

/** `data.userinfo`: the token plus the profile (spec §3). */
export const ZMerchantLoginOutput = z.object({ userinfo: ZSessionToken.extend(ZMerchantProfile.shape) });
export const ZAdminLoginOutput = z.object({ userinfo: ZSessionToken.extend(ZAdminProfile.shape) });
export type TMerchantUserinfo = z.infer<typeof ZMerchantLoginOutput>['userinfo'];
export type TAdminUserinfo = z.infer<typeof ZAdminLoginOutput>['userinfo'];

export const ZEmailRegisterInput = withMatchingConfirmation(
  z.object({ email: ZEmail, code: ZCode, password: ZNewPassword, confirm_password: ZConfirmPassword, agree: ZAgree }),
);
export type TEmailRegisterInput = z.input<typeof ZEmailRegisterInput>;
export const ZMobileRegisterInput = withMatchingConfirmation(
  z.object({ mobile: ZMobile, code: ZCode, password: ZNewPassword, confirm_password: ZConfirmPassword, agree: ZAgree }),
);
export type TMobileRegisterInput = z.input<typeof ZMobileRegisterInput>;

export const ZEmailForgotInput = withMatchingConfirmation(
  z.object({ email: ZEmail, code: ZCode, password: ZNewPassword, confirm_password: ZConfirmPassword }),
);
export type TEmailForgotInput = z.input<typeof ZEmailForgotInput>;
export const ZMobileForgotInput = withMatchingConfirmation(
  z.object({ mobile: ZMobile, code: ZCode, password: ZNewPassword, confirm_password: ZConfirmPassword }),
);
export type TMobileForgotInput = z.input<typeof ZMobileForgotInput>;

export const ZSendEmailCodeInput = z.object({ email: ZEmail, event: ZCodeEvent });
export const ZSendMobileCodeInput = z.object({ mobile: ZMobile, event: ZCodeEvent });
/** Seconds until the same target may be sent another code. */
export const ZSendCodeOutput = z.object({ resend_after: z.number().int() });
export const ZCheckEmailCodeInput = z.object({ email: ZEmail, code: ZCode, event: ZCodeEvent });
export const ZCheckMobileCodeInput = z.object({ mobile: ZMobile, code: ZCode, event: ZCodeEvent });
export const ZCheckCodeOutput = z.object({ valid: z.literal(true) });

export const ZCaptchaOutput = z.object({
  captcha_id: z.string(),
  /** An SVG image, drawn as paths so the answer is not in its text. */
  svg: z.string(),
  expires_in: z.number().int(),
});

export const merchantLogin = defineCall({
  path: 'merchant/member/user/login',
  role: 'merchant',
  isAuthenticated: false,
  isWrite: true,
  summary: 'Merchant login by email or phone and password; a captcha after repeated failures.',
  input: ZLoginInput,
  output: ZMerchantLoginOutput,
});
export const merchantLogout = defineCall({
  path: 'merchant/member/user/logout',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Revokes the merchant session of the bearer token.',
  input: ZEmptyInput,
  output: ZNullOutput,
});
export const merchantRegister = defineCall({
  path: 'merchant/member/user/register',
  role: 'merchant',
  isAuthenticated: false,
  isWrite: true,
  summary: 'Registers a merchant by email with a verification code; answers a signed-in session.',
  input: ZEmailRegisterInput,
  output: ZMerchantLoginOutput,
});
export const merchantMobileRegister = defineCall({
  path: 'merchant/member/user/mobile_register',
  role: 'merchant',
  isAuthenticated: false,
  isWrite: true,
  summary: 'Registers a merchant by phone with an SMS code; answers a signed-in session.',
  input: ZMobileRegisterInput,
  output: ZMerchantLoginOutput,
});
export const merchantForgotPassword = defineCall({
  path: 'merchant/member/user/forgot_password',
  role: 'merchant',
  isAuthenticated: false,
  isWrite: true,
  summary: 'Sets a new password with an email code; revokes every session of the merchant.',
  input: ZEmailForgotInput,
  output: ZNullOutput,
});
export const merchantMobileForgotPassword = defineCall({
  path: 'merchant/member/user/mobile_forgot_password',
  role: 'merchant',
  isAuthenticated: false,
  isWrite: true,
  summary: 'Sets a new password with an SMS code; revokes every session of the merchant.',
  input: ZMobileForgotInput,
  output: ZNullOutput,
});
export const sendEmailCode = defineCall({
  path: 'merchant/common/code/email',
  role: 'merchant',
  isAuthenticated: false,
  isWrite: true,
  summary: 'Sends a 6-character code by email for register or forgot; throttled per address and per IP.',
  input: ZSendEmailCodeInput,
  output: ZSendCodeOutput,
});
export const sendMobileCode = defineCall({
  path: 'merchant/common/code/mobile',
  role: 'merchant',
  isAuthenticated: false,
  isWrite: true,
  summary: 'Sends a 6-character code by SMS for register or forgot; throttled per number and per IP.',
  input: ZSendMobileCodeInput,
  output: ZSendCodeOutput,
});
export const checkEmailCode = defineCall({
  path: 'merchant/common/code/check_ems',
  role: 'merchant',
  isAuthenticated: false,
  isWrite: true,
  summary: 'Checks an email code without using it up (first step of forgot password).',
  input: ZCheckEmailCodeInput,
  output: ZCheckCodeOutput,
});
export const checkMobileCode = defineCall({
  path: 'merchant/common/code/check_sms',
  role: 'merchant',
  isAuthenticated: false,
  isWrite: true,
  summary: 'Checks an SMS code without using it up (first step of forgot password).',
  input: ZCheckMobileCodeInput,
  output: ZCheckCodeOutput,
});
export const merchantCaptcha = defineCall({
  path: 'merchant/common/captcha/image',
  role: 'merchant',
  isAuthenticated: false,
  isWrite: true,
  summary: 'A new image captcha for the merchant login form.',
  input: ZEmptyInput,
  output: ZCaptchaOutput,
});

export const ZAdminLoginInput = z
  .object({
    account: z.string({ error: 'account_required' }).trim().min(1, { error: 'account_required' }).max(64),
    password: ZLoginPassword,
  })
  .extend(ZCaptchaAnswer.shape);
export type TAdminLoginInput = z.input<typeof ZAdminLoginInput>;

export const adminLogin = defineCall({
  path: 'admin/member/user/login',
  role: 'admin',
  isAuthenticated: false,
  isWrite: true,
  summary: 'Operator login; a captcha after repeated failures.',
  input: ZAdminLoginInput,
  output: ZAdminLoginOutput,
});
export const adminLogout = defineCall({
  path: 'admin/member/user/logout',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Revokes the operator session of the bearer token.',
  input: ZEmptyInput,
  output: ZNullOutput,
});
export const adminCaptcha = defineCall({
  path: 'admin/common/captcha/image',
  role: 'admin',
  isAuthenticated: false,
  isWrite: true,
  summary: 'A new image captcha for the operator login form.',
  input: ZEmptyInput,
  output: ZCaptchaOutput,
});
