import type { UsageFilter, UsageKey, UsageRow, UsageSums } from './traffic-report.repository';

const DAY_MS = 86_400_000;
/** A day is closed an hour after it ends: by then the sweep has settled the calls still pending at midnight. */
const CLOSED_GRACE_MS = 60 * 60 * 1000;
/** However closed, a cached answer is read again after this long, so a late correction shows within minutes. */
const CACHE_TTL_MS = 10 * 60 * 1000;
const CACHE_MAX_ENTRIES = 500;

const day = (date: Date) => date.toISOString().slice(0, 10);
const nextDay = (value: string) => day(new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS));

/** The last UTC day that ended more than the grace period before `now`. */
export function lastClosedDay(now: Date): string {
  return day(new Date(now.getTime() - DAY_MS - CLOSED_GRACE_MS));
}

/** Adds up groups of two answers to the same sets (closed days and the open ones): same key, summed figures. */
export function mergeUsageSets(sets: UsageKey[][], parts: UsageRow[][][]): UsageRow[][] {
  return sets.map((set, setIndex) => {
    const merged = new Map<string, UsageRow>();
    for (const part of parts) {
      for (const row of part[setIndex]) {
        const key = set.map((name) => String(row[name])).join('\u0000');
        const found = merged.get(key);
        if (!found) {
          merged.set(key, { ...row });
          continue;
        }
        for (const field of ['calls', 'success', 'failed_upstream', 'quota_exhausted', 'rejected', 'units', 'total_response_ms'] as Array<keyof UsageSums>) found[field] += row[field];
      }
    }
    return [...merged.values()];
  });
}

/**
 * Roll-up sums over a range, with the closed days' part kept in memory. A report over the last 30
 * days then reads the roll-up of today (and of yesterday in the first hour) only; the closed days
 * cost one read per filter per ten minutes and API process. Closed days hardly change (a call is
 * rolled up on the day it was made, and the last of them settle minutes after midnight), so every
 * process answers the same; the cache is a bounded map, not state anyone relies on.
 */
export function createClosedDayCache(deps: { read: (filter: UsageFilter, sets: UsageKey[][]) => Promise<UsageRow[][]>; now: () => Date }) {
  const entries = new Map<string, { value: Promise<UsageRow[][]>; expiresAt: number }>();

  function readClosed(filter: UsageFilter, sets: UsageKey[][]) {
    const key = JSON.stringify([filter, sets]);
    const nowMs = deps.now().getTime();
    const found = entries.get(key);
    if (found && found.expiresAt > nowMs) return found.value;
    // The promise is kept, so requests arriving together share one read.
    const value = deps.read(filter, sets);
    value.catch(() => entries.delete(key));
    entries.delete(key);
    entries.set(key, { value, expiresAt: nowMs + CACHE_TTL_MS });
    // A Map keeps insertion order: the first entries are the oldest.
    while (entries.size > CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    return value;
  }

  return {
    async sumUsageSets(filter: UsageFilter, sets: UsageKey[][]): Promise<UsageRow[][]> {
      const closedEnd = lastClosedDay(deps.now());
      if (filter.startDay > closedEnd) return deps.read(filter, sets);
      const closedFilter = { ...filter, endDay: filter.endDay < closedEnd ? filter.endDay : closedEnd };
      if (filter.endDay <= closedEnd) return readClosed(closedFilter, sets);
      const [closed, open] = await Promise.all([readClosed(closedFilter, sets), deps.read({ ...filter, startDay: nextDay(closedEnd) }, sets)]);
      return mergeUsageSets(sets, [closed, open]);
    },
  };
}
