import { setTimeout as sleep } from 'node:timers/promises';
import { canonicalJson } from '@parlour/contract/canonical-json';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_TTL_HOURS } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import { AppError } from '../../lib/app-error';
import { addSeconds, type Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import { sign } from '../../lib/signing';
import type { Envelope } from '../../plugins/envelope';
import type { IdempotencyRepository } from './idempotency.repository';

/** Printable ASCII (space to tilde), 1 to 255 characters. */
const KEY_PATTERN = new RegExp(`^[\\x20-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

/**
 * Answers that are not kept, so a retry with the same key runs again: the request was turned away
 * before it could change anything (rate limits), or failed unexpectedly (its transaction rolled back).
 */
const UNSTORED_CODES: ReadonlySet<number> = new Set([
  ErrorCode.TOO_MANY_REQUESTS,
  ErrorCode.SERVER_ERROR,
  ErrorCode.IDEMPOTENCY_IN_PROGRESS,
  ErrorCode.IDEMPOTENCY_KEY_REUSED,
]);

export interface IdempotentRequest {
  key: string;
  /** `merchant:<id>`, `admin:<id>` or `anonymous`. */
  principal: string;
  callPath: string;
  /** The body's fields without lang_code (the language may change between retries). */
  fields: unknown;
}

export function isValidIdempotencyKey(key: unknown): key is string {
  return typeof key === 'string' && KEY_PATTERN.test(key);
}

/**
 * Idempotency-Keys for writing calls, after Stripe's: the first request with a key runs and its
 * answer is kept with the principal, the call and a hash of the body; a repeat within 24 hours
 * answers that answer without running again; a repeat arriving while the first runs waits for it
 * (at most `waitMs`, then IDEMPOTENCY_IN_PROGRESS); the key with another body, call or principal is
 * refused (IDEMPOTENCY_KEY_REUSED). Rows live in the database, so every API process agrees.
 *
 * The body hash is an HMAC under a platform key, because a body may carry a password; the kept
 * answer is sealed, because it may carry a session token.
 */
export function createIdempotencyService(deps: {
  repository: IdempotencyRepository;
  secrets: SecretBox;
  getHashKey: () => Promise<Buffer>;
  clock: Clock;
  /** How long a repeat waits for the first request's answer. */
  waitMs?: number;
  pollMs?: number;
  /** A running row older than this belongs to a request whose process died; a repeat takes it over. */
  staleSeconds?: number;
}) {
  const { repository, secrets, clock } = deps;
  const waitMs = deps.waitMs ?? 10_000;
  const pollMs = deps.pollMs ?? 50;
  const staleSeconds = deps.staleSeconds ?? 120;
  const ttlSeconds = IDEMPOTENCY_KEY_TTL_HOURS * 3600;

  async function hashRequest(request: IdempotentRequest): Promise<string> {
    return sign(await deps.getHashKey(), `${request.callPath}\n${canonicalJson(request.fields)}`);
  }

  /** Owns the key (answers its start time) or answers the stored envelope; waits while another request runs. */
  async function claim(
    request: IdempotentRequest,
    requestHash: string,
  ): Promise<{ startedAt: Date } | { replay: Envelope }> {
    const waitUntil = Date.now() + waitMs;
    for (;;) {
      const now = clock.now();
      if (
        await repository.insertRunning({
          key: request.key,
          principal: request.principal,
          callPath: request.callPath,
          requestHash,
          now,
        })
      ) {
        return { startedAt: now };
      }
      const row = await repository.findByKey(request.key);
      if (!row) continue; // released or purged in between: try to take it again
      if (row.created_at <= addSeconds(now, -ttlSeconds)) {
        await repository.deleteExpired(request.key, addSeconds(now, -ttlSeconds));
        continue;
      }
      if (
        row.principal !== request.principal ||
        row.call_path !== request.callPath ||
        row.request_hash !== requestHash
      ) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED');
      }
      if (row.response !== null) return { replay: JSON.parse(secrets.openSecret(row.response)) as Envelope };
      if (
        row.started_at <= addSeconds(now, -staleSeconds) &&
        (await repository.takeOverStale(request.key, row.started_at, now))
      ) {
        return { startedAt: now };
      }
      if (Date.now() >= waitUntil) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
      await sleep(pollMs);
    }
  }

  return {
    /**
     * Runs `execute` once per key: answers its envelope, or the stored envelope of an earlier
     * request with the same key (`isReplayed`). An exception from `execute` releases the key.
     */
    async run(
      request: IdempotentRequest,
      execute: () => Promise<Envelope>,
    ): Promise<{ envelope: Envelope; isReplayed: boolean }> {
      const requestHash = await hashRequest(request);
      const claimed = await claim(request, requestHash);
      if ('replay' in claimed) return { envelope: claimed.replay, isReplayed: true };

      let envelope: Envelope;
      try {
        envelope = await execute();
      } catch (error) {
        await repository.releaseRunning(request.key, claimed.startedAt);
        throw error;
      }
      if (UNSTORED_CODES.has(envelope.code)) {
        await repository.releaseRunning(request.key, claimed.startedAt);
      } else {
        await repository.complete(
          request.key,
          claimed.startedAt,
          secrets.sealSecret(JSON.stringify(envelope)),
          clock.now(),
        );
      }
      return { envelope, isReplayed: false };
    },

    /** Drops keys past their replay window (the hourly purge job). */
    purgeExpired(now: Date): Promise<number> {
      return repository.purgeCreatedBefore(addSeconds(now, -ttlSeconds));
    },
  };
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
