import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ipRateLimits } from '../../db/schema/index';

/** The per-IP fixed-window counters (table ip_rate_limits). */
export function createIpRateLimitRepository(db: Db) {
  return {
    /** Counts one request of `ip` in `bucket`'s window starting at `windowStart`; answers the window's count so far. */
    async hit(bucket: string, ip: string, windowStart: Date): Promise<number> {
      const [row] = await db
        .insert(ipRateLimits)
        .values({ bucket, ip, window_start: windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: [ipRateLimits.bucket, ipRateLimits.ip, ipRateLimits.window_start],
          set: { hits: sql`${ipRateLimits.hits} + 1` },
        })
        .returning({ hits: ipRateLimits.hits });
      return row.hits;
    },

    /** Drops counters of windows that started before `before`; answers how many. */
    async purgeBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(ipRateLimits)
        .where(lt(ipRateLimits.window_start, before))
        .returning({ ip: ipRateLimits.ip });
      return rows.length;
    },
  };
}
export type IpRateLimitRepository = ReturnType<typeof createIpRateLimitRepository>;
