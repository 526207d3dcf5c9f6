import type { TermType } from '@parlour/contract/constants';

/**
 * Adds a term to a time in calendar months (a year is 12 months), in UTC. A day that does not exist
 * in the target month falls back to the month's last day: Jan 31 + 1 month = Feb 28 (29 in leap years).
 */
export function addTerm(from: Date, termType: TermType, term: number): Date {
  const months = termType === 'year' ? term * 12 : term;
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}

/** A renewal extends from the later of now and the current expiry. */
export function renewalBase(now: Date, expiresAt: Date | null): Date {
  return expiresAt && expiresAt > now ? expiresAt : now;
}

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * 86_400_000);
}
