import { AppError } from '../../../lib/app-error';
import type { IpRateLimit } from '../../../platform/rate-limit/ip-rate-limit.service';

/** Refusals of a caller no store is known for: they are counted per IP (a store's own refusals are logged and metered). */
export const ANONYMOUS_REFUSALS: ReadonlySet<string> = new Set(['OPEN_KEY_INVALID', 'MALFORMED_REQUEST']);

/**
 * The per-IP budget of anonymous refusals (docs/SECURITY.md, Unauthenticated endpoints), counted in
 * the database like every public budget. A process that saw an address go over it refuses that
 * address at once until the window ends, without looking its key up; good keys are never counted,
 * so metered traffic pays nothing.
 */
export function createRefusalBudget(ipRateLimit: IpRateLimit) {
  const blockedUntil = new Map<string, number>();
  return {
    refuseIfOverBudget(ip: string) {
      const until = blockedUntil.get(ip);
      if (until === undefined) return;
      const left = until - Date.now();
      if (left <= 0) {
        blockedUntil.delete(ip);
        return;
      }
      throw new AppError('TOO_MANY_REQUESTS', { data: { retry_after: Math.max(1, Math.ceil(left / 1000)) } });
    },
    async count(ip: string) {
      try {
        await ipRateLimit.hit('open-api-refusal', ip);
      } catch (error) {
        if (blockedUntil.size > 10_000) blockedUntil.clear();
        const retryAfter =
          ((error as AppError).options?.data as { retry_after?: number } | undefined)?.retry_after ?? 60;
        blockedUntil.set(ip, Date.now() + retryAfter * 1000);
        throw error;
      }
    },
  };
}
