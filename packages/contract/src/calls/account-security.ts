import { z } from 'zod';
import { defineCall, ZEmptyInput, ZNullOutput } from '../call';
import { withMatchingConfirmation, ZConfirmPassword, ZNewPassword } from '../schemas';
import { ZAdminLoginOutput } from './account';

/**
 * Account security of both roles (docs/SECURITY.md, Accounts): what a merchant is told about a
 * period its account was disabled, the sessions a user is signed in with, and the operators'
 * two-factor sign-in.
 */

/** A period an operator had the merchant's account disabled (its stores' Open API keys were suspended meanwhile). */
export const ZSuspensionNotice = z.object({
  id: z.number().int(),
  disabled_at: z.string(),
  enabled_at: z.string(),
});
export type TSuspensionNotice = z.infer<typeof ZSuspensionNotice>;

export const merchantSuspensionNotices = defineCall({
  path: 'merchant/member/user/suspension_notices',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary:
    'The periods the account was disabled that the merchant has not acknowledged yet (keys were suspended meanwhile).',
  input: ZEmptyInput,
  output: z.object({ list: z.array(ZSuspensionNotice) }),
});

export const merchantDismissSuspensionNotices = defineCall({
  path: 'merchant/member/user/dismiss_suspension_notices',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Marks every finished disabled period as seen, so the console stops showing its notice.',
  input: ZEmptyInput,
  output: ZNullOutput,
});

// ---------- sessions ----------

/** The device a session signed in from, read from its browser's user agent. */
export const ZSessionDevice = z.object({
  /** e.g. "Chrome 131"; empty when unknown. */
  browser: z.string(),
  /** e.g. "macOS", "Android 14"; empty when unknown. */
  os: z.string(),
  is_mobile: z.boolean(),
});

/** A session the user is signed in with: not signed out, not ended, not expired. */
export const ZAccountSession = z.object({
  id: z.number().int(),
  device: ZSessionDevice,
  user_agent: z.string(),
  ip: z.string(),
  /** When it signed in. */
  created_at: z.string(),
  /** Its last call, to the minute (a session is refreshed at most once a minute). */
  last_seen_at: z.string(),
  /** The session making this call. */
  is_current: z.boolean(),
});
export type TAccountSession = z.infer<typeof ZAccountSession>;

export const ZSessionListOutput = z.object({ list: z.array(ZAccountSession) });
export const ZSessionRef = z.object({
  id: z.coerce
    .number({ error: 'id_required' })
    .int({ error: 'id_required' })
    .positive({ error: 'id_required' })
    .max(2_147_483_647, { error: 'id_required' }),
});
export type TSessionRef = z.input<typeof ZSessionRef>;
/** How many sessions the call ended. */
export const ZEndedSessionsOutput = z.object({ ended: z.number().int() });

function sessionCalls<const R extends 'merchant' | 'admin'>(role: R, who: string) {
  return {
    list: defineCall({
      path: `${role}/member/user/sessions`,
      role,
      isAuthenticated: true,
      isWrite: false,
      summary: `The ${who}'s active sessions (device, IP, sign-in time, last use), the current one marked, the most recently used first.`,
      input: ZEmptyInput,
      output: ZSessionListOutput,
    }),
    end: defineCall({
      path: `${role}/member/user/end_session`,
      role,
      isAuthenticated: true,
      isWrite: true,
      summary: `Ends one of the ${who}'s sessions: its token is refused from the next call. Another user's session is not found.`,
      input: ZSessionRef,
      output: ZEndedSessionsOutput,
    }),
    endOthers: defineCall({
      path: `${role}/member/user/end_other_sessions`,
      role,
      isAuthenticated: true,
      isWrite: true,
      summary: `Ends every session of the ${who} but the one making the call.`,
      input: ZEmptyInput,
      output: ZEndedSessionsOutput,
    }),
  };
}

const merchantSessionCalls = sessionCalls('merchant', 'merchant');
const adminSessionCalls = sessionCalls('admin', 'operator');
export const merchantListSessions = merchantSessionCalls.list;
export const merchantEndSession = merchantSessionCalls.end;
export const merchantEndOtherSessions = merchantSessionCalls.endOthers;
export const adminListSessions = adminSessionCalls.list;
export const adminEndSession = adminSessionCalls.end;
export const adminEndOtherSessions = adminSessionCalls.endOthers;

// ---------- changing the password while signed in ----------

/** The password in use, as typed: only required (like at login), so a password set under older rules is still accepted. */
export const ZCurrentPassword = z
  .string({ error: 'current_password_required' })
  .min(1, { error: 'current_password_required' })
  .max(128, { error: 'current_password_required' });

/**
 * Current password, the new one (the register rules, spec §5) and its confirmation; the new one
 * must differ from the current one.
 */
export const ZChangePasswordInput = withMatchingConfirmation(
  z.object({ current_password: ZCurrentPassword, password: ZNewPassword, confirm_password: ZConfirmPassword }),
).refine((value) => value.password !== value.current_password, {
  error: 'password_same_as_current',
  path: ['password'],
});
export type TChangePasswordInput = z.input<typeof ZChangePasswordInput>;

/** How many other sessions the change signed out (the one making the call stays signed in). */
export const ZChangePasswordOutput = z.object({ ended_sessions: z.number().int() });

function changePasswordCall<const R extends 'merchant' | 'admin'>(role: R, summary: string) {
  return defineCall({
    path: `${role}/member/user/change_password`,
    role,
    isAuthenticated: true,
    isWrite: true,
    summary,
    input: ZChangePasswordInput,
    output: ZChangePasswordOutput,
  });
}

export const merchantChangePassword = changePasswordCall(
  'merchant',
  'Changes the password with the current one: signs out every other session and mails a notice. Wrong current passwords count as failed logins.',
);
export const adminChangePassword = changePasswordCall(
  'admin',
  'Changes the operator password with the current one: signs out every other session; audited. Wrong current passwords count as failed logins.',
);

// ---------- operator two-factor sign-in (TOTP) ----------

/** How many recovery codes an operator gets when turning two-factor sign-in on. */
export const RECOVERY_CODE_COUNT = 10;
/** Seconds the second sign-in step stays open after the password was accepted. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 300;
/** Wrong codes one second step accepts before it is void (the password must be entered again). */
export const TWO_FACTOR_CHALLENGE_ATTEMPTS = 5;
/** Wrong codes of one operator within the login failure window after which the second step answers TOO_MANY_REQUESTS. */
export const TWO_FACTOR_FAILURES_MAX = 10;

/** Six digits from the authenticator app. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code: two groups of five lower-case letters or digits (`abcde-12345`); the dash and case are optional. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;

/** A code from the authenticator app, digits only (spaces a user types between groups are removed). */
export const ZTotpCode = z
  .string({ error: 'two_factor_code_required' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z.string().min(1, { error: 'two_factor_code_required' }).regex(TOTP_CODE_PATTERN, { error: 'totp_code_invalid' }),
  );
/** An authenticator code or a recovery code. */
export const ZTwoFactorCode = z
  .string({ error: 'two_factor_code_required' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'two_factor_code_required' })
      .max(11, { error: 'two_factor_code_invalid' })
      .refine((value) => TOTP_CODE_PATTERN.test(value) || RECOVERY_CODE_PATTERN.test(value), {
        error: 'two_factor_code_invalid',
      }),
  );

export const ZTwoFactorStatus = z.object({
  is_enabled: z.boolean(),
  /** The platform rule requires every operator to have it on. */
  is_required: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

export const ZTwoFactorSetup = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  otpauth_uri: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

export const ZTwoFactorEnableInput = z.object({ code: ZTotpCode });
export type TTwoFactorEnableInput = z.input<typeof ZTwoFactorEnableInput>;
export const ZTwoFactorDisableInput = z.object({ code: ZTwoFactorCode });
export type TTwoFactorDisableInput = z.input<typeof ZTwoFactorDisableInput>;

export const ZLoginTwoFactorInput = z.object({
  challenge_id: z
    .string({ error: 'challenge_id_required' })
    .trim()
    .min(1, { error: 'challenge_id_required' })
    .max(64, { error: 'challenge_id_required' }),
  code: ZTwoFactorCode,
});
export type TLoginTwoFactorInput = z.input<typeof ZLoginTwoFactorInput>;
/** `data` of TWO_FACTOR_REQUIRED, the answer of a right password for an operator with two-factor sign-in on. */
export interface TTwoFactorChallenge {
  challenge_id: string;
  expires_in: number;
}

export const adminTwoFactorStatus = defineCall({
  path: 'admin/member/user/two_factor',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary:
    'Whether the operator has two-factor sign-in on, whether the platform requires it, and how many recovery codes are left.',
  input: ZEmptyInput,
  output: ZTwoFactorStatus,
});

export const adminTwoFactorSetup = defineCall({
  path: 'admin/member/user/two_factor_setup',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary:
    'Starts turning two-factor sign-in on: a new secret (sealed at rest) and its otpauth URI for the QR code; confirmed by two_factor_enable.',
  input: ZEmptyInput,
  output: ZTwoFactorSetup,
});

export const adminTwoFactorEnable = defineCall({
  path: 'admin/member/user/two_factor_enable',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary:
    'Turns two-factor sign-in on with a first code from the app; answers the recovery codes, shown this once (stored hashed, each usable once).',
  input: ZTwoFactorEnableInput,
  output: z.object({ recovery_codes: z.array(z.string()) }),
});

export const adminTwoFactorDisable = defineCall({
  path: 'admin/member/user/two_factor_disable',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Turns two-factor sign-in off, confirmed with an authenticator or recovery code.',
  input: ZTwoFactorDisableInput,
  output: ZNullOutput,
});

export const adminLoginTwoFactor = defineCall({
  path: 'admin/member/user/login_two_factor',
  role: 'admin',
  isAuthenticated: false,
  isWrite: true,
  summary:
    'Second step of an operator sign-in: the challenge of TWO_FACTOR_REQUIRED and an authenticator or recovery code; answers the session like login.',
  input: ZLoginTwoFactorInput,
  output: ZAdminLoginOutput,
});
