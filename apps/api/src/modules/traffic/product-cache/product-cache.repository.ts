import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { createGroupCommit } from '../../../db/group-commit';
import { executeNamed } from '../../../db/named-statement';

/** A cached vendor answer. */
export interface CachedAnswer {
  payload: unknown;
  fetchedAt: Date;
}

/** What is written for one vendor answer. */
export interface CacheEntry {
  keyHash: string;
  source: string;
  platform: string;
  apiCode: string;
  itemId: string;
  params: Record<string, string>;
  payload: unknown;
  fetchedAt: Date;
}

/** How the cache answered on a day, per platform and API. */
export interface CacheCounts {
  day: string;
  platform: string;
  apiCode: string;
  hits: number;
  stale: number;
  misses: number;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * The product-data cache's SQL (tables product_cache and product_cache_daily, migration 0043). Reads of
 * keys arriving together share one query (group commit), as the Open API's lookups do.
 */
export function createProductCacheRepository(db: Db) {
  const finding = createGroupCommit(async (keys: string[]) => {
    const rows = rowsOf<{ key_hash: string; payload: unknown; fetched_at: Date | string }>(
      await executeNamed(
        db,
        'product_cache_find',
        sql`select key_hash, payload, fetched_at from product_cache
            where key_hash in (select jsonb_array_elements_text(${JSON.stringify([...new Set(keys)])}::jsonb))`,
      ),
    );
    const found = new Map(
      rows.map((row) => [row.key_hash, { payload: row.payload, fetchedAt: new Date(row.fetched_at) } as CachedAnswer]),
    );
    return keys.map((key) => found.get(key));
  });

  return {
    /** The cached answer of a key, if any (whatever its age: the caller decides whether it is fresh or stale). */
    find(keyHash: string): Promise<CachedAnswer | undefined> {
      return finding(keyHash);
    },

    /** Keeps a vendor answer; an older answer never replaces a newer one. */
    async store(entry: CacheEntry): Promise<void> {
      await db.execute(sql`
        insert into product_cache (key_hash, source, platform, api_code, item_id, params, payload, fetched_at)
        values (${entry.keyHash}, ${entry.source}, ${entry.platform}, ${entry.apiCode}, ${entry.itemId},
                ${JSON.stringify(entry.params)}::jsonb, ${JSON.stringify(entry.payload)}::jsonb, ${entry.fetchedAt})
        on conflict (key_hash) do update set payload = excluded.payload, fetched_at = excluded.fetched_at
        where product_cache.fetched_at <= excluded.fetched_at`);
    },

    /** Deletes every cached answer about one item (its lookups in every language); answers how many. */
    async purgeItem(platform: string, itemId: string): Promise<number> {
      const result = await db.execute(
        sql`delete from product_cache where platform = ${platform} and item_id = ${itemId} returning 1`,
      );
      return rowsOf(result).length;
    },

    /**
     * Deletes answers past their API's freshness and stale windows (an API no longer in the catalogue:
     * past the longest windows of any), a batch at a time; answers how many.
     */
    async sweepExpired(now: Date, batch = 1000): Promise<number> {
      let total = 0;
      for (;;) {
        const result = await db.execute(sql`
          delete from product_cache where key_hash in (
            select c.key_hash from product_cache c
            left join open_apis a on a.platform = c.platform and a.code = c.api_code
            where c.fetched_at < ${now}::timestamptz - make_interval(secs => coalesce(a.fresh_seconds + a.stale_seconds,
                    (select coalesce(max(fresh_seconds + stale_seconds), 0) from open_apis)))
            limit ${batch})
          returning 1`);
        const deleted = rowsOf(result).length;
        total += deleted;
        if (deleted < batch) return total;
      }
    },

    /** Adds counts to the day's rows. */
    async addCounts(counts: CacheCounts[]): Promise<void> {
      if (!counts.length) return;
      const input = JSON.stringify(
        counts.map((count) => ({
          day: count.day,
          platform: count.platform,
          api_code: count.apiCode,
          hits: count.hits,
          stale: count.stale,
          misses: count.misses,
        })),
      );
      await db.execute(sql`
        insert into product_cache_daily as d (day, platform, api_code, hits, stale, misses)
        select day, platform, api_code, hits, stale, misses
        from jsonb_to_recordset(${input}::jsonb) as i(day date, platform text, api_code text, hits bigint, stale bigint, misses bigint)
        order by day, platform, api_code
        on conflict (day, platform, api_code) do update
          set hits = d.hits + excluded.hits, stale = d.stale + excluded.stale, misses = d.misses + excluded.misses`);
    },

    /** The counts of the days from..to (UTC, both included) per platform and API, and the answers cached now per platform and API. */
    async stats(range: { from: string; to: string }) {
      const [counts, entries] = await Promise.all([
        db.execute(sql`
          select platform, api_code, sum(hits)::bigint as hits, sum(stale)::bigint as stale, sum(misses)::bigint as misses
          from product_cache_daily where day between ${range.from}::date and ${range.to}::date
          group by platform, api_code`),
        db.execute(
          sql`select platform, api_code, count(*)::bigint as entries from product_cache group by platform, api_code`,
        ),
      ]);
      return {
        counts: rowsOf<{ platform: string; api_code: string; hits: string; stale: string; misses: string }>(counts).map(
          (row) => ({
            platform: row.platform,
            apiCode: row.api_code,
            hits: Number(row.hits),
            stale: Number(row.stale),
            misses: Number(row.misses),
          }),
        ),
        entries: rowsOf<{ platform: string; api_code: string; entries: string }>(entries).map((row) => ({
          platform: row.platform,
          apiCode: row.api_code,
          entries: Number(row.entries),
        })),
      };
    },
  };
}
export type ProductCacheRepository = ReturnType<typeof createProductCacheRepository>;
