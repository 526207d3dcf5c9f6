import type { Clock } from '../../../lib/clock';
import { shiftDay, lastClosedDay } from './usage-days';
import type { UsageFoldRepository } from './usage-fold.repository';

/**
 * Closed days folded again on every run after their first fold. A call is rolled up on the day it
 * was made and the last of a day's calls settle minutes after midnight (the sweep settles a dead
 * process's calls within minutes), long before a day closes; the re-folds are the margin for a
 * settle later than that. A day older than this only changes through `foldUsage({ from })`.
 */
export const REFOLD_CLOSED_DAYS = 3;
/** Days per transaction on a first fold of a long history, so no transaction holds months of rows. */
const FOLD_CHUNK_DAYS = 7;
const minDay = (a: string, b: string) => (a < b ? a : b);

/**
 * Folds api_usage_daily of closed days into the compact roll-ups the reports read
 * (usage-fold.repository.ts): every closed day not folded yet, and the last REFOLD_CLOSED_DAYS
 * closed days again. Safe to run in several processes at once and as often as wanted: a fold
 * rewrites whole days, under one lock.
 */
export function createUsageFold(deps: {
  repository: UsageFoldRepository;
  clock: Clock;
  getTimeZone: () => Promise<string>;
}) {
  const { repository, clock } = deps;
  return {
    /** Folds the closed days not folded yet and the re-fold margin (from `from` instead, when earlier) through the last closed day. */
    async foldUsage(options: { from?: string } = {}): Promise<{ from: string | null; to: string; days: number }> {
      const now = clock.now();
      // Days of the business time zone, as the roll-up rows are keyed. After the operator moves the
      // zone west, days folded under the old one may not be closed yet: the re-fold margin
      // (at least the shift, at most 26 hours) folds them again once they close.
      const to = lastClosedDay(now, await deps.getTimeZone());
      const foldedThrough = await repository.findFoldedThrough();
      // After the last fold, less the re-fold margin; before any fold, from the first day logged
      // (with nothing logged, the last closed day alone, empty, marks where folding starts).
      let from = foldedThrough
        ? minDay(shiftDay(foldedThrough, 1), shiftDay(to, 1 - REFOLD_CLOSED_DAYS))
        : ((await repository.findFirstDay()) ?? to);
      // An earlier start may be asked for; a later one would leave days unfolded below the new mark.
      if (options.from) from = minDay(from, options.from);
      if (from > to) return { from: null, to, days: 0 };
      let days = 0;
      for (let start = from; start <= to; start = shiftDay(start, FOLD_CHUNK_DAYS)) {
        const end = minDay(shiftDay(start, FOLD_CHUNK_DAYS - 1), to);
        await repository.foldDays(start, end, now);
        days += Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
      }
      return { from, to, days };
    },
  };
}
export type UsageFold = ReturnType<typeof createUsageFold>;
