import type { Role } from '@parlour/contract/constants';
import type { TAdminUserinfo, TCodeEvent, TMerchantUserinfo } from '@parlour/contract/calls/account';
import { isEmail } from '@parlour/contract/schemas';
import type { Lang } from '@parlour/contract/errors';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { AppError } from '../../../lib/app-error';
import { addSeconds, type Clock } from '../../../lib/clock';
import type { PasswordHasher } from '../../../lib/secrets';
import { fieldError } from '../../../lib/field-error';
import type { Principal, SessionService } from '../../../platform/session/session.service';
import type { AccountRepository, AdminRow, MerchantRow } from './account.repository';
import type { CaptchaService } from './captcha';
import type { PasswordNotices } from './password-notice';
import type { CodeChannel } from './verification-code.repository';
import type { VerificationCodeService } from './verification-code.service';

export interface LoginAttempt {
  account: string;
  password: string;
  captcha_id?: string;
  captcha_code?: string;
  ip: string;
  userAgent?: string;
}

/** Email or phone as the two ways of naming a merchant account. */
export type MerchantIdentity = { channel: CodeChannel; value: string };

export function identityOf(account: string): MerchantIdentity {
  return isEmail(account) ? { channel: 'email', value: account } : { channel: 'mobile', value: account };
}

function byIdentity(identity: MerchantIdentity) {
  return identity.channel === 'email' ? { email: identity.value } : { mobile: identity.value };
}

function merchantProfile(row: MerchantRow) {
  return {
    id: row.id,
    account: row.email ?? row.mobile ?? '',
    email: row.email,
    mobile: row.mobile,
    nickname: row.nickname,
    type: row.type,
    created_at: row.created_at.toISOString(),
  };
}

/** An operator's profile as sign-in answers it. */
export function adminProfile(row: AdminRow) {
  return { id: row.id, account: row.account, nickname: row.nickname, created_at: row.created_at.toISOString() };
}

/** A default display name: the part of an email before @, or a phone number with its middle hidden. */
export function defaultNickname(identity: MerchantIdentity) {
  return identity.channel === 'email'
    ? identity.value.split('@')[0]
    : `${identity.value.slice(0, 3)}****${identity.value.slice(-4)}`;
}

/**
 * Sign up, sign in, sign out and password recovery of merchants, and sign in of operators.
 * Failed logins are counted per account in the database; past the threshold the next try needs a
 * captcha (nobody is locked out, so a stranger's failures cost the owner only a captcha).
 */
export function createAccountService(deps: {
  db: Db;
  repository: AccountRepository;
  sessionService: SessionService;
  verificationCodeService: VerificationCodeService;
  captchaService: CaptchaService;
  passwords: PasswordHasher;
  clock: Clock;
  /** Failed logins of one account within the window after which a captcha is required: a platform rule the operator sets. */
  captchaThreshold: () => Promise<number>;
  /** Failed logins from one IP address (any accounts) within the window after which a captcha is required. */
  ipCaptchaThreshold: number;
  failureWindowMinutes: number;
  /** Operators' second sign-in step: throws TWO_FACTOR_REQUIRED (with the challenge) after a right password when it is on. */
  twoFactorService?: { challengeIfEnabled: (adminId: number) => Promise<void> };
  /** The "your password was changed" mail to a merchant (queued, sent by a job). */
  passwordNotices?: Pick<PasswordNotices, 'queue'>;
}) {
  const { db, repository, sessionService, verificationCodeService, captchaService, passwords, clock } = deps;
  // Verifying against a real hash when the account does not exist keeps the timing of both answers alike.
  const dummyHash = passwords.hash('Parlour-dummy-Password-1!');

  async function guardedLogin<Row extends { id: number; password_hash: string; status: 'active' | 'disabled' }>(
    role: Role,
    attempt: LoginAttempt,
    findUser: () => Promise<Row | undefined>,
  ): Promise<Row> {
    const now = clock.now();
    const windowStart = addSeconds(now, -deps.failureWindowMinutes * 60);
    // Every attempt is recorded as a failure before the password is checked, and the count it reads
    // includes the attempts still running: guesses sent all at once cannot skip the captcha.
    const recorded = await repository.recordAttempt(role, attempt.account, attempt.ip, now, windowStart);
    const captchaThreshold = await deps.captchaThreshold();
    // Many failures from one address across accounts (credential stuffing) call for the captcha too.
    const needsCaptchaAfter = (extra: number) =>
      recorded.failuresBefore + extra >= captchaThreshold ||
      recorded.ipFailuresBefore + extra >= deps.ipCaptchaThreshold;
    if (needsCaptchaAfter(0)) {
      const { captcha_id: captchaId, captcha_code: captchaCode } = attempt;
      const hasAnswer = Boolean(captchaId && captchaCode);
      if (!captchaId || !captchaCode || !(await captchaService.consumeCaptcha(captchaId, captchaCode))) {
        // An attempt stopped at the captcha never tried the password, so it is not a failure.
        await repository.deleteFailure(recorded.id);
        throw new AppError(hasAnswer ? 'CAPTCHA_WRONG' : 'CAPTCHA_REQUIRED', { data: { captcha_required: true } });
      }
    }
    const user = await findUser();
    const isMatch = await passwords.verify(user?.password_hash ?? (await dummyHash), attempt.password);
    if (!user || !isMatch) {
      throw new AppError('LOGIN_FAILED', { data: { captcha_required: needsCaptchaAfter(1) } });
    }
    if (user.status === 'disabled') {
      await repository.deleteFailure(recorded.id);
      throw new AppError('ACCOUNT_DISABLED');
    }
    await repository.clearFailures(role, attempt.account);
    return user;
  }

  async function openMerchantSession(row: MerchantRow, ip: string, userAgent?: string): Promise<TMerchantUserinfo> {
    const session = await sessionService.createSession({ role: 'merchant', userId: row.id, ip, userAgent });
    await repository.recordMerchantLogin(row.id, ip, clock.now());
    // The row was read before this sign-in was recorded: no last login means this is the first session.
    return {
      token: session.token,
      expires_at: session.expiresAt.toISOString(),
      ...merchantProfile(row),
      is_first_sign_in: row.last_login_at === null,
    };
  }

  /** The row of the signed-in principal and the account name its login failures are counted under. */
  async function principalAccount(principal: Principal) {
    if (principal.role === 'merchant') {
      const row = await repository.findMerchantById(principal.userId);
      return row ? { row, account: row.email ?? row.mobile ?? '' } : undefined;
    }
    const row = await repository.findAdminById(principal.userId);
    return row ? { row, account: row.account } : undefined;
  }

  return {
    /** Drops login failures older than `before` (the purge job); they count within a shorter window. */
    purgeFailures: (before: Date) => repository.purgeFailures(before),
    /**
     * Changes the password of the signed-in user with its current one. A wrong
     * current password counts as a failed login of the account (the same window and threshold), so
     * the form cannot be used to guess without limit: past the threshold it is refused until the
     * window has passed (and the login form asks for a captcha). On success every other session of
     * the user ends and a merchant is sent a notice (mail, or SMS when it has only a phone); the
     * session making the call stays signed in.
     */
    async changePassword(options: {
      principal: Principal;
      currentPassword: string;
      newPassword: string;
      ip: string;
      lang: Lang;
    }) {
      const { principal } = options;
      const found = await principalAccount(principal);
      if (!found) throw new AppError('TOKEN_EXPIRED');
      const now = clock.now();
      const recorded = await repository.recordAttempt(
        principal.role,
        found.account,
        options.ip,
        now,
        addSeconds(now, -deps.failureWindowMinutes * 60),
      );
      if (recorded.failuresBefore >= (await deps.captchaThreshold())) {
        await repository.deleteFailure(recorded.id);
        throw new AppError('TOO_MANY_REQUESTS', { data: { retry_after: deps.failureWindowMinutes * 60 } });
      }
      if (!(await passwords.verify(found.row.password_hash, options.currentPassword))) {
        throw fieldError('current_password_wrong', ['current_password'], options.lang);
      }
      const passwordHash = await passwords.hash(options.newPassword);
      if (principal.role === 'merchant') await repository.updateMerchantPassword(principal.userId, passwordHash, now);
      else await repository.updateAdminPassword(principal.userId, passwordHash, now);
      await repository.clearFailures(principal.role, found.account);
      const { ended } = await sessionService.endOtherSessions(principal);
      if (principal.role === 'merchant')
        await deps.passwordNotices?.queue({ merchantId: principal.userId, ip: options.ip, lang: options.lang });
      return { ended_sessions: ended };
    },

    async loginMerchant(attempt: LoginAttempt) {
      const identity = identityOf(attempt.account);
      const user = await guardedLogin('merchant', attempt, () =>
        repository.findMerchantByAccount(byIdentity(identity)),
      );
      return { userinfo: await openMerchantSession(user, attempt.ip, attempt.userAgent) };
    },

    async loginAdmin(attempt: LoginAttempt): Promise<{ userinfo: TAdminUserinfo }> {
      const user = await guardedLogin('admin', attempt, () => repository.findAdminByAccount(attempt.account));
      await deps.twoFactorService?.challengeIfEnabled(user.id);
      const session = await sessionService.createSession({
        role: 'admin',
        userId: user.id,
        ip: attempt.ip,
        userAgent: attempt.userAgent,
      });
      await repository.recordAdminLogin(user.id, attempt.ip, clock.now());
      return { userinfo: { token: session.token, expires_at: session.expiresAt.toISOString(), ...adminProfile(user) } };
    },

    /**
     * Sends a code. The answer (and its timing) never depends on whether the account exists: the
     * delivery job decides what the address gets (verification-code.service).
     */
    async sendCode(options: { identity: MerchantIdentity; event: TCodeEvent; ip: string; lang: Lang }) {
      return verificationCodeService.sendCode({
        channel: options.identity.channel,
        target: options.identity.value,
        purpose: options.event,
        ip: options.ip,
        lang: options.lang,
      });
    },

    async checkCode(options: { identity: MerchantIdentity; event: TCodeEvent; code: string }) {
      await verificationCodeService.verifyCode(
        { channel: options.identity.channel, target: options.identity.value, purpose: options.event },
        options.code,
      );
      return { valid: true as const };
    },

    async registerMerchant(options: {
      identity: MerchantIdentity;
      code: string;
      password: string;
      ip: string;
      userAgent?: string;
    }) {
      const { identity } = options;
      // The code first: only someone holding a valid code for the address learns that it has an account.
      const codeId = await verificationCodeService.verifyCode(
        { channel: identity.channel, target: identity.value, purpose: 'register' },
        options.code,
      );
      if (await repository.findMerchantByAccount(byIdentity(identity))) throw new AppError('ACCOUNT_EXISTS');
      const passwordHash = await passwords.hash(options.password);
      let row: MerchantRow | undefined;
      try {
        row = await db.transaction(async (tx) => {
          await verificationCodeService.consumeCode(tx as unknown as Db, codeId);
          return repository.insertMerchant(
            { ...byIdentity(identity), password_hash: passwordHash, nickname: defaultNickname(identity) },
            tx as unknown as Db,
          );
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('ACCOUNT_EXISTS');
        throw error;
      }
      if (!row) throw new AppError('REGISTER_FAILED');
      return { userinfo: await openMerchantSession(row, options.ip, options.userAgent) };
    },

    /** Second step of forgot password: sets the password and signs the merchant out everywhere. */
    async resetMerchantPassword(options: { identity: MerchantIdentity; code: string; password: string }) {
      const { identity } = options;
      const codeId = await verificationCodeService.verifyCode(
        { channel: identity.channel, target: identity.value, purpose: 'forgot' },
        options.code,
      );
      const merchant = await repository.findMerchantByAccount(byIdentity(identity));
      if (!merchant) throw new AppError('CODE_INVALID');
      const passwordHash = await passwords.hash(options.password);
      await db.transaction(async (tx) => {
        await verificationCodeService.consumeCode(tx as unknown as Db, codeId);
        await repository.updateMerchantPassword(merchant.id, passwordHash, clock.now(), tx as unknown as Db);
      });
      await sessionService.revokeAllSessions('merchant', merchant.id);
      await repository.clearFailures('merchant', identity.value);
      return null;
    },

    /** The disabled periods the merchant has not acknowledged (shown once it can sign in again). */
    async listSuspensionNotices(merchantId: number) {
      const rows = await repository.listUnseenSuspensions(merchantId);
      return {
        list: rows.map((row) => ({
          id: row.id,
          disabled_at: row.disabled_at.toISOString(),
          enabled_at: (row.enabled_at ?? row.disabled_at).toISOString(),
        })),
      };
    },

    async dismissSuspensionNotices(merchantId: number) {
      await repository.markSuspensionsSeen(merchantId, clock.now());
      return null;
    },

    /** Creates the operator account from configuration when it does not exist yet. */
    async ensureAdmin(account: string, password: string) {
      if (await repository.findAdminByAccount(account)) return false;
      await repository.insertAdmin({ account, password_hash: await passwords.hash(password), nickname: account });
      return true;
    },

    /** The id of an operator account, for seeding records an operator made; undefined when missing. */
    async findAdminId(account: string): Promise<number | undefined> {
      return (await repository.findAdminByAccount(account))?.id;
    },

    /** The id of the merchant with this email, for refreshing the demo merchant's data; undefined when missing. */
    async findMerchantIdByEmail(email: string): Promise<number | undefined> {
      return (await repository.findMerchantByAccount({ email }))?.id;
    },

    /** Creates the demo merchant on an empty platform; answers its id, or null when there were merchants already. */
    async ensureDemoMerchant(email: string, password: string): Promise<number | null> {
      if ((await repository.countMerchants()) > 0) return null;
      const merchant = await repository.insertMerchant({
        email,
        password_hash: await passwords.hash(password),
        nickname: 'Demo Merchant',
      });
      return merchant.id;
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
