import type { UsageFilter, UsageKey, UsageRow, UsageSums } from './traffic-report.repository';
import { shiftDay, lastClosedDay } from './usage-days';

/** However closed, a cached answer is read again after this long, so a late correction shows within minutes. */
const CACHE_TTL_MS = 10 * 60 * 1000;
const CACHE_MAX_ENTRIES = 500;
const SUM_FIELDS: Array<keyof UsageSums> = [
  'calls',
  'success',
  'failed_upstream',
  'quota_exhausted',
  'rejected',
  'units',
  'total_response_ms',
];

type UsageRead = (filter: UsageFilter, sets: UsageKey[][]) => Promise<UsageRow[][]>;

const keyOf = (set: UsageKey[], row: UsageRow) => set.map((name) => String(row[name])).join('\u0000');

/** Where each group of a list is, built once per list: a cached closed part is merged with many open parts. */
const positions = new WeakMap<UsageRow[], Map<string, number>>();
function positionsOf(set: UsageKey[], list: UsageRow[]) {
  let found = positions.get(list);
  if (!found) {
    found = new Map(list.map((row, index) => [keyOf(set, row), index]));
    positions.set(list, found);
  }
  return found;
}

/** `base` with the groups of `extra` added: a new list and new rows where they meet; neither input is changed. */
function mergeLists(set: UsageKey[], base: UsageRow[], extra: UsageRow[]): UsageRow[] {
  if (!extra.length) return base;
  if (!base.length) return extra;
  const at = positionsOf(set, base);
  const merged = base.slice();
  for (const row of extra) {
    const index = at.get(keyOf(set, row));
    if (index === undefined) {
      merged.push(row);
      continue;
    }
    const sum: UsageRow = { ...merged[index] };
    for (const field of SUM_FIELDS) sum[field] += row[field];
    merged[index] = sum;
  }
  return merged;
}

/**
 * Adds up groups of answers to the same sets (closed days and the open ones): same key, summed
 * figures. The first part is the base (the larger, cached one); answers may share rows with it, so
 * callers treat report rows as read-only.
 */
export function mergeUsageSets(sets: UsageKey[][], parts: UsageRow[][][]): UsageRow[][] {
  return sets.map((set, setIndex) =>
    parts.slice(1).reduce((merged, part) => mergeLists(set, merged, part[setIndex]), parts[0][setIndex]),
  );
}

/**
 * Identical reads asked at the same time share one query, without answering from before they were
 * asked: a read asked while the same one runs waits for it to end and joins the next, which every
 * read asked meanwhile shares (group commit, for reads). Ten operators opening the dashboard at once
 * cost two reads of today's roll-up, not ten.
 */
export function createSharedReads(read: UsageRead): UsageRead {
  const running = new Map<string, Promise<unknown>>();
  const queued = new Map<string, Promise<UsageRow[][]>>();
  return (filter, sets) => {
    const key = JSON.stringify([filter, sets]);
    const waiting = queued.get(key);
    if (waiting) return waiting;
    const start = () => {
      queued.delete(key);
      const value = read(filter, sets);
      const ended = value.then(
        () => undefined,
        () => undefined,
      );
      running.set(key, ended);
      void ended.then(() => running.get(key) === ended && running.delete(key));
      return value;
    };
    const current = running.get(key);
    if (!current) return start();
    const next = current.then(start);
    queued.set(key, next);
    return next;
  };
}

/**
 * Roll-up sums over a range, with the closed days' part kept in memory. A report over the last 30
 * days then reads the roll-up of today (and of yesterday in the first hour) only, shared by the
 * identical requests running at the same time (createSharedReads); the closed days
 * cost one read per filter per ten minutes and API process, from the compact roll-ups once the fold
 * job has folded them (usage-reader.ts). Closed days hardly change (a call is rolled up on the day it
 * was made, and the last of them settle minutes after midnight), so every process answers the same;
 * the cache is a bounded map, not state anyone relies on.
 */
export function createClosedDayCache(deps: {
  readClosed: UsageRead;
  readOpen: UsageRead;
  now: () => Date;
  getTimeZone: () => Promise<string>;
}) {
  const entries = new Map<string, { value: Promise<UsageRow[][]>; expiresAt: number }>();

  function readClosed(filter: UsageFilter, sets: UsageKey[][], zone: string) {
    // The zone is part of the key: after the operator changes it, answers cached under the old one are not used.
    const key = JSON.stringify([zone, filter, sets]);
    const nowMs = deps.now().getTime();
    const found = entries.get(key);
    if (found && found.expiresAt > nowMs) return found.value;
    // The promise is kept, so requests arriving together share one read.
    const value = deps.readClosed(filter, sets);
    value.catch(() => entries.delete(key));
    entries.delete(key);
    entries.set(key, { value, expiresAt: nowMs + CACHE_TTL_MS });
    // A Map keeps insertion order: the first entries are the oldest.
    while (entries.size > CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    return value;
  }

  const readOpen = createSharedReads(deps.readOpen);
  // Requests that shared both parts share their sum too.
  const merged = new WeakMap<UsageRow[][], WeakMap<UsageRow[][], UsageRow[][]>>();
  function merge(sets: UsageKey[][], closed: UsageRow[][], open: UsageRow[][]) {
    const byClosed = merged.get(open) ?? new WeakMap<UsageRow[][], UsageRow[][]>();
    merged.set(open, byClosed);
    let sum = byClosed.get(closed);
    if (!sum) {
      sum = mergeUsageSets(sets, [closed, open]);
      byClosed.set(closed, sum);
    }
    return sum;
  }

  return {
    async sumUsageSets(filter: UsageFilter, sets: UsageKey[][]): Promise<UsageRow[][]> {
      const zone = await deps.getTimeZone();
      const closedEnd = lastClosedDay(deps.now(), zone);
      if (filter.startDay > closedEnd) return readOpen(filter, sets);
      const closedFilter = { ...filter, endDay: filter.endDay < closedEnd ? filter.endDay : closedEnd };
      if (filter.endDay <= closedEnd) return readClosed(closedFilter, sets, zone);
      const [closed, open] = await Promise.all([
        readClosed(closedFilter, sets, zone),
        readOpen({ ...filter, startDay: shiftDay(closedEnd, 1) }, sets),
      ]);
      return merge(sets, closed, open);
    },
  };
}
