import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiUsageDaily, apiUsageDailyApi, apiUsageDailyShop, usageFoldState } from '../../db/schema/index';

/** The sums of a compact roll-up row, from api_usage_daily's rows of one status each (pending ones left out). */
const FOLD_SUMS = sql.raw(`sum(calls), coalesce(sum(calls) filter (where status = 'success'), 0), coalesce(sum(calls) filter (where status = 'failed_upstream'), 0),
  coalesce(sum(calls) filter (where status = 'quota_exhausted'), 0), coalesce(sum(calls) filter (where status = 'rejected'), 0), sum(units), sum(total_response_ms)`);
const SUM_COLUMNS = sql.raw('calls, success, failed_upstream, quota_exhausted, rejected, units, total_response_ms');

/**
 * The usage fold's SQL: it rewrites whole days of the compact roll-ups (api_usage_daily_shop and
 * api_usage_daily_api) from api_usage_daily. Only the fold job writes them; the Open API never does.
 */
export function createUsageFoldRepository(db: Db) {
  return {
    /** The first day api_usage_daily holds, or null when it is empty. */
    async findFirstDay(): Promise<string | null> {
      const result = await db.execute<{ day: string | null }>(sql`select to_char(min(${apiUsageDaily.day}), 'YYYY-MM-DD') as day from ${apiUsageDaily}`);
      return result.rows[0]?.day ?? null;
    },

    async findFoldedThrough(): Promise<string | null> {
      const result = await db.execute<{ folded_through: string }>(sql`select to_char(folded_through, 'YYYY-MM-DD') as folded_through from ${usageFoldState} where id = 1`);
      return result.rows[0]?.folded_through ?? null;
    },

    /**
     * Rewrites the days `from`..`to` of both compact roll-ups from api_usage_daily, and moves the
     * fold state up to `to` (never back), in one transaction. Folds of any number of processes take
     * one advisory lock, so each one's delete sees the rows the one before inserted: a day is never
     * counted twice, and folding it again gives the same rows.
     */
    async foldDays(from: string, to: string, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('parlour:usage-fold'))`);
        const range = sql`day >= ${from}::date and day <= ${to}::date`;
        await tx.execute(sql`delete from ${apiUsageDailyShop} where ${range}`);
        await tx.execute(sql`delete from ${apiUsageDailyApi} where ${range}`);
        // In key order, so a range of days reads as few pages as it can.
        await tx.execute(sql`
          insert into ${apiUsageDailyShop} (day, merchant_id, shop_ref, platform, ${SUM_COLUMNS})
          select day, merchant_id, shop_ref, platform, ${FOLD_SUMS} from ${apiUsageDaily}
          where ${range} and status <> 'pending'
          group by day, merchant_id, shop_ref, platform
          order by day, merchant_id, shop_ref, platform`);
        await tx.execute(sql`
          insert into ${apiUsageDailyApi} (day, merchant_id, platform, api_code, ${SUM_COLUMNS})
          select day, merchant_id, platform, api_code, ${FOLD_SUMS} from ${apiUsageDaily}
          where ${range} and status <> 'pending'
          group by day, merchant_id, platform, api_code
          order by day, merchant_id, platform, api_code`);
        await tx.execute(sql`
          insert into ${usageFoldState} (id, folded_through, folded_at) values (1, ${to}::date, ${now.toISOString()}::timestamptz)
          on conflict (id) do update set folded_through = greatest(${usageFoldState.folded_through}, excluded.folded_through), folded_at = excluded.folded_at`);
      });
    },
  };
}
export type UsageFoldRepository = ReturnType<typeof createUsageFoldRepository>;
