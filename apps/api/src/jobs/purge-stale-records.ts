import type { Db } from '../db/client';
import { addSeconds, type Clock } from '../lib/clock';
import type { AccountRepository } from '../modules/account/account.repository';
import type { CaptchaService } from '../modules/account/captcha';
import type { VerificationCodeRepository } from '../modules/account/verification-code.repository';
import type { IdempotencyService } from '../modules/idempotency/idempotency.service';
import type { SessionRepository } from '../modules/session/session.repository';
import type { JobDefinition } from './boss';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Hourly clean-up of records that have stopped mattering, so the tables stay small: sessions a day
 * after they ended, captchas an hour after expiry, codes and failed logins a day after creation
 * (past their validity and every throttle or captcha window), Idempotency-Keys past their 24 hours.
 */
export function purgeStaleRecordsJob(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionRepository;
  accounts: AccountRepository;
  codes: VerificationCodeRepository;
  captchas: CaptchaService;
  idempotency: IdempotencyService;
}): JobDefinition {
  return {
    queue: 'purge-stale-records',
    cron: '17 * * * *',
    async run() {
      const now = deps.clock.now();
      const dayAgo = addSeconds(now, -DAY_SECONDS);
      return {
        sessions: await deps.sessions.purgeEnded(dayAgo),
        captchas: await deps.captchas.purgeExpired(addSeconds(now, -3600)),
        codes: await deps.codes.purgeOld(deps.db, dayAgo),
        loginFailures: await deps.accounts.purgeFailures(dayAgo),
        idempotencyKeys: await deps.idempotency.purgeExpired(now),
      };
    },
  };
}
