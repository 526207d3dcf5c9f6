import { createHash } from 'node:crypto';
import type { TProductCacheStats } from '@parlour/contract/calls/open-core';
import { LOG_PLATFORMS } from '@parlour/contract/constants';
import type { Clock } from '../../../lib/clock';
import type { CacheCounts, CachedAnswer, ProductCacheRepository } from './product-cache.repository';

const DAY_MS = 86_400_000;
/** How many days each report range covers, today included. */
const RANGE_DAYS = { today: 1, last_7_days: 7, last_30_days: 30 } as const;

/** How often a process adds its hit / stale / miss counts to the daily rows. */
const COUNTS_FLUSH_MS = 5_000;

/** What names one cached answer: the data source, the platform, the API and the call's checked parameters (the language among them). */
export interface CacheKeyInput {
  source: string;
  platform: string;
  apiCode: string;
  params: Record<string, string>;
}

export interface CacheKey {
  keyHash: string;
  itemId: string;
  input: CacheKeyInput;
}

/** How a key's call in flight ended, for the calls that waited for it. */
export type FlightOutcome =
  /** The vendor answered (the copy now in the cache). */
  | { kind: 'answer'; answer: CachedAnswer }
  /** The vendor failed or timed out. */
  | { kind: 'vendor_failed' }
  /** The call never reached the vendor (its own limit or units): a waiting call goes on its own. */
  | { kind: 'refused' };

/** How a call was answered, for the counts. */
export type CacheOutcome = 'hit' | 'stale' | 'miss';

/**
 * The parameters as one canonical text: names sorted, values trimmed, empty values left out, so that
 * `{q: 'dress ', page: '1'}` and `{page: '1', q: 'dress'}` are one key.
 */
export function canonicalParams(params: Record<string, string>): string {
  const entries = Object.entries(params)
    .map(([name, value]) => [name, String(value).trim()] as const)
    .filter(([, value]) => value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/**
 * The product-data cache (issue 24 §4; docs/open-api.md "Product-data cache"): the vendor's answers kept
 * per data source, platform, API and normalised parameters, so that a store's pages and Open API callers
 * are answered without a vendor call while an answer is fresh, and with a stale copy when the vendor
 * fails. The windows and the units of a cached answer are the catalogue's (open_apis); this module keeps
 * the copies, makes concurrent misses of a key one vendor call in this process (single flight), counts
 * hits, stale serves and misses per day, and lets the operator purge an item. Charging stays the Open
 * API's (open-api.service.ts), which decides when to use it.
 */
export function createProductCacheService(deps: { repository: ProductCacheRepository; clock: Clock }) {
  const { repository, clock } = deps;
  const flights = new Map<string, Promise<FlightOutcome>>();
  let pending = new Map<string, CacheCounts>();
  let flushTimer: NodeJS.Timeout | undefined;

  async function flushCounts() {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = undefined;
    if (!pending.size) return;
    const counts = [...pending.values()];
    pending = new Map();
    try {
      await repository.addCounts(counts);
    } catch {
      // Statistics, not money: counts that could not be written are put back for the next flush.
      for (const count of counts) addCount(count);
    }
  }

  function addCount(count: CacheCounts) {
    const id = `${count.day}|${count.platform}|${count.apiCode}`;
    const current = pending.get(id);
    if (current) {
      current.hits += count.hits;
      current.stale += count.stale;
      current.misses += count.misses;
    } else pending.set(id, { ...count });
    if (!flushTimer) {
      flushTimer = setTimeout(() => void flushCounts(), COUNTS_FLUSH_MS);
      flushTimer.unref();
    }
  }

  return {
    keyOf(input: CacheKeyInput): CacheKey {
      const canonical = canonicalParams(input.params);
      const keyHash = createHash('sha256')
        .update(`${input.source}\n${input.platform}\n${input.apiCode}\n${canonical}`)
        .digest('base64url');
      return {
        keyHash,
        itemId: String(input.params.num_iid ?? '')
          .trim()
          .slice(0, 64),
        input,
      };
    },

    find(key: CacheKey) {
      return deps.repository.find(key.keyHash);
    },

    /** The vendor call of a key already in flight in this process, if any: how it ended, once it has. */
    inFlight(key: CacheKey): Promise<FlightOutcome> | undefined {
      return flights.get(key.keyHash);
    },

    /**
     * Runs `call` as the key's call in flight: callers arriving meanwhile wait for its outcome
     * ({@link inFlight}) instead of calling the vendor themselves. The flight is taken before anything
     * is awaited, so of concurrent misses exactly one flies. `call` reports what the vendor did
     * (`report`): a successful answer is kept in the cache before it is handed on; a call that never
     * reached the vendor (refused by its own limit or units) hands on `refused`.
     */
    async fly<T>(key: CacheKey, call: (report: (outcome: FlightOutcome) => void) => Promise<T>): Promise<T> {
      let settle: (outcome: FlightOutcome) => void = () => {};
      flights.set(key.keyHash, new Promise<FlightOutcome>((resolve) => (settle = resolve)));
      const state: { outcome: FlightOutcome } = { outcome: { kind: 'refused' } };
      try {
        return await call((reported) => (state.outcome = reported));
      } finally {
        const { outcome } = state;
        if (outcome.kind === 'answer')
          await repository
            .store({
              keyHash: key.keyHash,
              source: key.input.source,
              platform: key.input.platform,
              apiCode: key.input.apiCode,
              itemId: key.itemId,
              params: key.input.params,
              payload: outcome.answer.payload,
              fetchedAt: outcome.answer.fetchedAt,
            })
            // The caller has its answer either way; the next call will fetch again.
            .catch(() => undefined);
        flights.delete(key.keyHash);
        settle(outcome);
      }
    },

    /** Counts one answer (added to the day's row within a few seconds). */
    count(platform: string, apiCode: string, outcome: CacheOutcome) {
      addCount({
        day: clock.now().toISOString().slice(0, 10),
        platform,
        apiCode,
        hits: outcome === 'hit' ? 1 : 0,
        stale: outcome === 'stale' ? 1 : 0,
        misses: outcome === 'miss' ? 1 : 0,
      });
    },

    /** Writes this process's counts now (before a report reads them, and at shutdown). */
    flushCounts,

    purgeItem(platform: string, itemId: string) {
      return repository.purgeItem(platform, itemId);
    },

    sweepExpired() {
      return repository.sweepExpired(clock.now());
    },

    /**
     * The operator's report: hits, stale serves and misses per platform and API over the range (UTC days,
     * this process's latest counts included), the hit rate, and the answers kept now; busiest first.
     */
    async report(input: { time_range: keyof typeof RANGE_DAYS }): Promise<TProductCacheStats> {
      await flushCounts();
      const today = clock.now().getTime();
      const from = new Date(today - (RANGE_DAYS[input.time_range] - 1) * DAY_MS).toISOString().slice(0, 10);
      const to = new Date(today).toISOString().slice(0, 10);
      const { counts, entries } = await repository.stats({ from, to });
      const rows = new Map<string, TProductCacheStats['list'][number]>();
      const rowOf = (platform: string, apiCode: string) => {
        const id = `${platform} ${apiCode}`;
        let row = rows.get(id);
        if (!row) {
          row = {
            platform: platform as TProductCacheStats['list'][number]['platform'],
            api_code: apiCode,
            hits: 0,
            stale: 0,
            misses: 0,
            hit_rate: 0,
            entries: 0,
          };
          rows.set(id, row);
        }
        return row;
      };
      const isPlatform = (platform: string) => (LOG_PLATFORMS as readonly string[]).includes(platform);
      for (const count of counts.filter((count) => isPlatform(count.platform)))
        Object.assign(rowOf(count.platform, count.apiCode), {
          hits: count.hits,
          stale: count.stale,
          misses: count.misses,
        });
      for (const entry of entries.filter((entry) => isPlatform(entry.platform)))
        rowOf(entry.platform, entry.apiCode).entries = entry.entries;
      const rateOf = (row: { hits: number; stale: number; misses: number }) => {
        const answers = row.hits + row.stale + row.misses;
        return answers ? Math.round(((row.hits + row.stale) / answers) * 10_000) / 10_000 : 0;
      };
      const list = [...rows.values()]
        .map((row) => ({ ...row, hit_rate: rateOf(row) }))
        .sort(
          (a, b) =>
            b.hits + b.stale + b.misses - (a.hits + a.stale + a.misses) ||
            LOG_PLATFORMS.indexOf(a.platform) - LOG_PLATFORMS.indexOf(b.platform) ||
            a.api_code.localeCompare(b.api_code),
        );
      const sum = (field: 'hits' | 'stale' | 'misses' | 'entries') =>
        list.reduce((total, row) => total + row[field], 0);
      const total = {
        hits: sum('hits'),
        stale: sum('stale'),
        misses: sum('misses'),
        hit_rate: 0,
        entries: sum('entries'),
      };
      total.hit_rate = rateOf(total);
      return { start_date: from, end_date: to, list, total };
    },
  };
}
export type ProductCacheService = ReturnType<typeof createProductCacheService>;
