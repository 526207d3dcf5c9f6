import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  adminEndOtherSessions,
  adminEndSession,
  adminListSessions,
  adminTwoFactorEnable,
  adminTwoFactorSetup,
  adminTwoFactorStatus,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  TWO_FACTOR_CHALLENGE_ATTEMPTS,
  TWO_FACTOR_CHALLENGE_SECONDS,
  TWO_FACTOR_FAILURES_MAX,
  TOTP_CODE_PATTERN,
  type TTwoFactorChallenge,
} from '@parlour/contract/calls/account-security';
import { adminLogout } from '@parlour/contract/calls/account';
import type { TAdminUserinfo } from '@parlour/contract/calls/account';
import { AppError } from '../../../lib/app-error';
import { addSeconds, type Clock } from '../../../lib/clock';
import type { SecretBox } from '../../../lib/secret-box';
import { newToken, sha256, type PasswordHasher } from '../../../lib/secrets';
import type { Principal, SessionService } from '../../../platform/session/session.service';
import type { AccountRepository } from './account.repository';
import { adminProfile } from './account.service';
import type { TwoFactorRepository } from './two-factor.repository';

/** What an authenticator app shows as the account's issuer. */
const ISSUER = 'Parlour';
/** Codes of the previous and next 30-second step are accepted too (clock drift between phone and server). */
const EPOCH_TOLERANCE_SECONDS = 30;
/** The authenticator apps' default step. */
const TOTP_PERIOD_SECONDS = 30;
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/**
 * The calls an operator may make while the platform requires two-factor sign-in and it has not
 * turned it on: see where it stands, set it up, sign out (and its sessions, to end a stolen one).
 */
const ENROLMENT_PATHS: ReadonlySet<string> = new Set(
  [
    adminTwoFactorStatus,
    adminTwoFactorSetup,
    adminTwoFactorEnable,
    adminLogout,
    adminListSessions,
    adminEndSession,
    adminEndOtherSessions,
  ].map((call) => call.path),
);

function newRecoveryCode() {
  let code = '';
  for (let index = 0; index < 10; index += 1) code += RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as hashed: lower case, without the dash. */
function normaliseRecoveryCode(code: string) {
  return code.toLowerCase().replace('-', '');
}

/**
 * Operators' two-factor sign-in with a TOTP authenticator app (otplib, RFC 6238, SHA-1, 6 digits,
 * 30 s): setup (a secret sealed with SECRETS_KEY, shown once as a QR code and as text), confirmation
 * with a first code (answering 10 recovery codes, shown once, stored as Argon2id hashes, each usable
 * once), turning it off with a code, and the second sign-in step. A code is accepted once (the last
 * accepted time step is kept). Wrong codes are counted like failed logins (login_failures, per
 * operator over the login failure window): past {@link TWO_FACTOR_FAILURES_MAX} the second step
 * answers TOO_MANY_REQUESTS; a challenge is void after {@link TWO_FACTOR_CHALLENGE_ATTEMPTS} wrong codes.
 */
export function createTwoFactorService(deps: {
  repository: TwoFactorRepository;
  accountRepository: AccountRepository;
  sessionService: SessionService;
  secrets: SecretBox;
  passwords: PasswordHasher;
  clock: Clock;
  isRequired: () => Promise<boolean>;
  failureWindowMinutes: number;
}) {
  const { repository, accountRepository, sessionService, secrets, passwords, clock } = deps;

  /** Checks an authenticator code against the operator's secret and takes its time step (once). */
  async function acceptTotp(
    adminId: number,
    secretSealed: string,
    lastTimeStep: number | null,
    code: string,
  ): Promise<boolean> {
    if (!TOTP_CODE_PATTERN.test(code)) return false;
    const epoch = Math.floor(clock.now().getTime() / 1000);
    const result = await verify({
      secret: secrets.openSecret(secretSealed),
      token: code,
      epoch,
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(lastTimeStep === null ? {} : { afterTimeStep: lastTimeStep }),
    });
    if (!result.valid) return false;
    // The matched step: the current one moved by the drift (`delta`, in steps) the tolerance allowed.
    return repository.takeTimeStep(adminId, Math.floor(epoch / TOTP_PERIOD_SECONDS) + result.delta);
  }

  /** Uses one of the operator's unused recovery codes. */
  async function acceptRecoveryCode(adminId: number, code: string): Promise<boolean> {
    if (!RECOVERY_CODE_PATTERN.test(code)) return false;
    const normalised = normaliseRecoveryCode(code);
    for (const stored of await repository.listUnusedRecoveryCodes(adminId)) {
      if (await passwords.verify(stored.codeHash, normalised))
        return repository.useRecoveryCode(stored.id, clock.now());
    }
    return false;
  }

  /** An authenticator code or a recovery code of an operator with two-factor sign-in on. */
  async function acceptCode(adminId: number, code: string): Promise<boolean> {
    const row = await repository.find(adminId);
    if (!row?.enabled_at) return false;
    if (TOTP_CODE_PATTERN.test(code)) return acceptTotp(adminId, row.secret_sealed, row.last_time_step, code);
    return acceptRecoveryCode(adminId, code);
  }

  /**
   * Counts a code attempt of the operator like a login attempt, refusing it past the limit; answers
   * the failure's id (deleted again when the code is right).
   */
  async function recordCodeAttempt(adminId: number, ip: string) {
    const now = clock.now();
    const account = `two-factor:${adminId}`;
    const recorded = await accountRepository.recordAttempt(
      'admin',
      account,
      ip,
      now,
      addSeconds(now, -deps.failureWindowMinutes * 60),
    );
    if (recorded.failuresBefore >= TWO_FACTOR_FAILURES_MAX) {
      await accountRepository.deleteFailure(recorded.id);
      throw new AppError('TOO_MANY_REQUESTS', { data: { retry_after: deps.failureWindowMinutes * 60 } });
    }
    return { clear: () => accountRepository.clearFailures('admin', account) };
  }

  return {
    async status(adminId: number) {
      const [row, isRequired, codes] = await Promise.all([
        repository.find(adminId),
        deps.isRequired(),
        repository.listUnusedRecoveryCodes(adminId),
      ]);
      const isEnabled = Boolean(row?.enabled_at);
      return {
        is_enabled: isEnabled,
        is_required: isRequired,
        enabled_at: row?.enabled_at ? row.enabled_at.toISOString() : null,
        recovery_codes_left: isEnabled ? codes.length : 0,
      };
    },

    /** A new secret for the operator to add to its app; refused while two-factor sign-in is on. */
    async setup(adminId: number) {
      const admin = await accountRepository.findAdminById(adminId);
      if (!admin) throw new AppError('NOT_FOUND');
      const secret = generateSecret();
      if (!(await repository.savePendingSecret(adminId, secrets.sealSecret(secret), clock.now())))
        throw new AppError('TWO_FACTOR_STATE_INVALID');
      return { secret, otpauth_uri: generateURI({ issuer: ISSUER, label: admin.account, secret }) };
    },

    /** Confirms the setup with a first code from the app; answers the recovery codes, this once. */
    async enable(adminId: number, code: string, ip: string) {
      const row = await repository.find(adminId);
      if (!row || row.enabled_at) throw new AppError('TWO_FACTOR_STATE_INVALID');
      const attempt = await recordCodeAttempt(adminId, ip);
      if (!(await acceptTotp(adminId, row.secret_sealed, row.last_time_step, code)))
        throw new AppError('TWO_FACTOR_CODE_INVALID');
      await attempt.clear();
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const hashes = await Promise.all(codes.map((value) => passwords.hash(normaliseRecoveryCode(value))));
      if (!(await repository.enable(adminId, hashes, clock.now()))) throw new AppError('TWO_FACTOR_STATE_INVALID');
      return { recovery_codes: codes };
    },

    /** Turns two-factor sign-in off, confirmed with an authenticator or recovery code. */
    async disable(adminId: number, code: string, ip: string) {
      if (!(await repository.isEnabled(adminId))) throw new AppError('TWO_FACTOR_STATE_INVALID');
      const attempt = await recordCodeAttempt(adminId, ip);
      if (!(await acceptCode(adminId, code))) throw new AppError('TWO_FACTOR_CODE_INVALID');
      await attempt.clear();
      await repository.disable(adminId);
      return null;
    },

    /**
     * After a right password: when the operator has two-factor sign-in on, answers TWO_FACTOR_REQUIRED
     * with a challenge for the second step instead of a session.
     */
    async challengeIfEnabled(adminId: number): Promise<void> {
      if (!(await repository.isEnabled(adminId))) return;
      const token = newToken();
      const now = clock.now();
      await repository.insertChallenge({
        token_hash: sha256(token),
        admin_id: adminId,
        expires_at: addSeconds(now, TWO_FACTOR_CHALLENGE_SECONDS),
        created_at: now,
      });
      const data: TTwoFactorChallenge = { challenge_id: token, expires_in: TWO_FACTOR_CHALLENGE_SECONDS };
      throw new AppError('TWO_FACTOR_REQUIRED', { data });
    },

    /** The second sign-in step: a right code opens the session the password asked for. */
    async completeLogin(options: {
      challengeId: string;
      code: string;
      ip: string;
      userAgent?: string;
    }): Promise<{ userinfo: TAdminUserinfo }> {
      const now = clock.now();
      const challenge = await repository.findOpenChallenge(
        sha256(options.challengeId),
        now,
        TWO_FACTOR_CHALLENGE_ATTEMPTS,
      );
      if (!challenge) throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
      const attempt = await recordCodeAttempt(challenge.admin_id, options.ip);
      if (!(await acceptCode(challenge.admin_id, options.code))) {
        await repository.countWrongCode(challenge.id);
        throw new AppError('TWO_FACTOR_CODE_INVALID');
      }
      await attempt.clear();
      if (!(await repository.consumeChallenge(challenge.id, clock.now())))
        throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
      const admin = await accountRepository.findAdminById(challenge.admin_id);
      if (!admin) throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
      if (admin.status === 'disabled') throw new AppError('ACCOUNT_DISABLED');
      const session = await sessionService.createSession({
        role: 'admin',
        userId: admin.id,
        ip: options.ip,
        userAgent: options.userAgent,
      });
      await accountRepository.recordAdminLogin(admin.id, options.ip, clock.now());
      return {
        userinfo: { token: session.token, expires_at: session.expiresAt.toISOString(), ...adminProfile(admin) },
      };
    },

    /**
     * The platform rule: while it requires two-factor sign-in, an operator without it may make only
     * the enrolment calls (TWO_FACTOR_ENROLMENT_REQUIRED otherwise). The rule is read at most once a
     * second per process; the operator's state on every call while the rule is on.
     */
    async assertAllowed(principal: Principal, path: string): Promise<void> {
      if (principal.role !== 'admin' || ENROLMENT_PATHS.has(path)) return;
      if (!(await deps.isRequired())) return;
      if (await repository.isEnabled(principal.userId)) return;
      throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED');
    },

    purgeChallenges: (before: Date) => repository.purgeChallenges(before),
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
