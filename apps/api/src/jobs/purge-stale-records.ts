import { addSeconds, type Clock } from '../lib/clock';
import type { AccountService } from '../modules/accounts/account/account.service';
import type { CaptchaService } from '../modules/accounts/account/captcha';
import type { TwoFactorService } from '../modules/accounts/account/two-factor.service';
import type { VerificationCodeService } from '../modules/accounts/account/verification-code.service';
import type { IdempotencyService } from '../platform/idempotency/idempotency.service';
import type { PaymentService } from '../modules/money/payment/payment.service';
import type { IpRateLimit } from '../platform/rate-limit/ip-rate-limit.service';
import type { SessionService } from '../platform/session/session.service';
import type { JobDefinition } from './boss';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Hourly clean-up of records that have stopped mattering, so the tables stay small: sessions a day
 * after they ended, captchas an hour after expiry, codes and failed logins a day after creation
 * (past their validity and every throttle or captcha window), Idempotency-Keys past their 24 hours,
 * operators' second sign-in steps an hour after they expired, per-IP counters of windows an hour
 * gone, payment nonces whose notifications left the 5-minute window.
 */
export function purgeStaleRecordsJob(deps: {
  clock: Clock;
  sessionService: Pick<SessionService, 'purgeEnded'>;
  accountService: Pick<AccountService, 'purgeFailures'>;
  verificationCodeService: Pick<VerificationCodeService, 'purgeOld'>;
  captchaService: CaptchaService;
  idempotencyService: IdempotencyService;
  twoFactorService: Pick<TwoFactorService, 'purgeChallenges'>;
  ipRateLimit: IpRateLimit;
  paymentService: Pick<PaymentService, 'purgeNonces'>;
}): JobDefinition {
  return {
    queue: 'purge-stale-records',
    cron: '17 * * * *',
    async run() {
      const now = deps.clock.now();
      const dayAgo = addSeconds(now, -DAY_SECONDS);
      return {
        sessions: await deps.sessionService.purgeEnded(dayAgo),
        captchas: await deps.captchaService.purgeExpired(addSeconds(now, -3600)),
        codes: await deps.verificationCodeService.purgeOld(dayAgo),
        loginFailures: await deps.accountService.purgeFailures(dayAgo),
        idempotencyKeys: await deps.idempotencyService.purgeExpired(now),
        twoFactorChallenges: await deps.twoFactorService.purgeChallenges(addSeconds(now, -3600)),
        // Every budget window is at most an hour; a nonce past its notification's window guards nothing.
        ipRateLimits: await deps.ipRateLimit.purgeBefore(addSeconds(now, -3600)),
        paymentNonces: await deps.paymentService.purgeNonces(now),
      };
    },
  };
}
