import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  apiUsageDaily,
  apiUsageDailyApi,
  apiUsageDailyShop,
  apiUsageDailyTotal,
  platformSumColumn,
  USAGE_PLATFORMS,
  USAGE_SUM_FIELDS,
  usageFoldState,
} from '../../../db/schema/index';
import { ADVISORY_LOCKS, lockForTransaction } from '../../../db/advisory-locks';

/** api_usage_daily's rows (one status each) summed into a compact row's column; of one platform's rows when given. */
function foldSum(field: (typeof USAGE_SUM_FIELDS)[number], platform?: (typeof USAGE_PLATFORMS)[number]) {
  const source = field === 'units' || field === 'total_response_ms' ? field : 'calls';
  // The platforms and statuses are the schema's own names, never input.
  const conditions = [
    field !== 'calls' && source === 'calls' ? `status = '${field}'` : '',
    platform ? `platform = '${platform}'` : '',
  ].filter(Boolean);
  return conditions.length
    ? `coalesce(sum(${source}) filter (where ${conditions.join(' and ')}), 0)`
    : `sum(${source})`;
}
const SUMS = sql.raw(USAGE_SUM_FIELDS.map((field) => foldSum(field)).join(', '));
const SUM_COLUMNS = sql.raw(USAGE_SUM_FIELDS.join(', '));
const PLATFORM_PARTS = USAGE_PLATFORMS.flatMap((platform) => USAGE_SUM_FIELDS.map((field) => ({ field, platform })));
const PLATFORM_SUMS = sql.raw(PLATFORM_PARTS.map(({ field, platform }) => foldSum(field, platform)).join(', '));
const PLATFORM_SUM_COLUMNS = sql.raw(
  PLATFORM_PARTS.map(({ field, platform }) => platformSumColumn(field, platform)).join(', '),
);

/**
 * The usage fold's SQL: it rewrites whole days of the compact roll-ups (api_usage_daily_shop,
 * _api and _total) from api_usage_daily. Only the fold job writes them; the Open API never does.
 */
export function createUsageFoldRepository(db: Db) {
  return {
    /** The first day api_usage_daily holds, or null when it is empty. */
    async findFirstDay(): Promise<string | null> {
      const result = await db.execute<{ day: string | null }>(
        sql`select to_char(min(${apiUsageDaily.day}), 'YYYY-MM-DD') as day from ${apiUsageDaily}`,
      );
      return result.rows[0]?.day ?? null;
    },

    async findFoldedThrough(): Promise<string | null> {
      const result = await db.execute<{ folded_through: string }>(
        sql`select to_char(folded_through, 'YYYY-MM-DD') as folded_through from ${usageFoldState} where id = 1`,
      );
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
        await lockForTransaction(tx, ADVISORY_LOCKS.usageFold());
        const range = sql`day >= ${from}::date and day <= ${to}::date`;
        await tx.execute(sql`delete from ${apiUsageDailyShop} where ${range}`);
        await tx.execute(sql`delete from ${apiUsageDailyApi} where ${range}`);
        await tx.execute(sql`delete from ${apiUsageDailyTotal} where ${range}`);
        // In key order, so a range of days reads as few pages as it can.
        await tx.execute(sql`
          insert into ${apiUsageDailyShop} (day, merchant_id, shop_ref, ${SUM_COLUMNS}, ${PLATFORM_SUM_COLUMNS})
          select day, merchant_id, shop_ref, ${SUMS}, ${PLATFORM_SUMS} from ${apiUsageDaily}
          where ${range} and status <> 'pending'
          group by day, merchant_id, shop_ref
          order by day, merchant_id, shop_ref`);
        await tx.execute(sql`
          insert into ${apiUsageDailyApi} (day, merchant_id, platform, api_code, ${SUM_COLUMNS})
          select day, merchant_id, platform, api_code, ${SUMS} from ${apiUsageDaily}
          where ${range} and status <> 'pending'
          group by day, merchant_id, platform, api_code
          order by day, merchant_id, platform, api_code`);
        await tx.execute(sql`
          insert into ${apiUsageDailyTotal} (day, platform, api_code, ${SUM_COLUMNS})
          select day, platform, api_code, ${SUMS} from ${apiUsageDaily}
          where ${range} and status <> 'pending'
          group by day, platform, api_code
          order by day, platform, api_code`);
        await tx.execute(sql`
          insert into ${usageFoldState} (id, folded_through, folded_at) values (1, ${to}::date, ${now.toISOString()}::timestamptz)
          on conflict (id) do update set folded_through = greatest(${usageFoldState.folded_through}, excluded.folded_through), folded_at = excluded.folded_at`);
      });
    },
  };
}
export type UsageFoldRepository = ReturnType<typeof createUsageFoldRepository>;
