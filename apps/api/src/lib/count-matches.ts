import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { allOf } from './sql-filters';

/**
 * Lists count their matches exactly up to this many (five hundred pages of twenty). Past it the number
 * is the query planner's estimate: counting a million bills exactly costs more than the whole rest
 * of a list call, and nobody pages that far to check the last digit. Lists of fewer matches, every
 * list of a small platform included, are always counted exactly. bench/README.md has the figures.
 */
export const EXACT_COUNT_LIMIT = 10_000;

/** The planner's row estimate of a query, from EXPLAIN: statistics only, no row is read. */
async function estimateRows(db: Db, query: SQL): Promise<number> {
  const result = await db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${query}`);
  const raw = result.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * Matches of one condition known to exceed the limit: the planner's estimate, or an exact count
 * when the estimate is not above the limit. Such an estimate is plainly wrong (more rows were
 * just seen), and a total short of the rows there are would put the last pages out of reach.
 */
async function countLarge(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const estimate = await estimateRows(
    db,
    db
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .getSQL(),
  );
  if (estimate > EXACT_COUNT_LIMIT) return estimate;
  const [row] = await db.select({ value: count() }).from(table).where(where);
  return row.value;
}

/** Rows of `table` matching `where`, and how many of them match each part, read from at most `limit` rows. */
async function countUpTo<K extends string>(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  parts: Record<K, SQL>,
  limit: number,
) {
  const keys = Object.keys(parts) as K[];
  const flags = keys.map((key, index) => sql`(${parts[key]}) as ${sql.identifier(`part_${index}`)}`);
  const totals = keys.map(
    (_key, index) =>
      sql`count(*) filter (where ${sql.identifier(`part_${index}`)})::int as ${sql.identifier(`part_${index}`)}`,
  );
  const result = await db.execute<Record<string, number>>(
    sql`select ${sql.join([sql`count(*)::int as total`, ...totals], sql`, `)}
        from (select ${flags.length ? sql.join(flags, sql`, `) : sql`1`} from ${table} ${where ? sql`where ${where}` : sql``} limit ${limit}) as matches`,
  );
  const row = result.rows[0] ?? {};
  return {
    total: Number(row.total ?? 0),
    parts: Object.fromEntries(keys.map((key, index) => [key, Number(row[`part_${index}`] ?? 0)])) as Record<K, number>,
  };
}

/**
 * How many rows of `table` match `where` (undefined: every row), and how many of those match each
 * named part (the tabs of a list): exact up to {@link EXACT_COUNT_LIMIT}, estimated above it. A
 * filter matching few rows is counted in one pass over them, as a plain `count(*) filter` would.
 */
export async function countMatchesByPart<K extends string>(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  parts: Record<K, SQL>,
): Promise<{ total: number; parts: Record<K, number> }> {
  const firstPass = await countUpTo(db, table, where, parts, EXACT_COUNT_LIMIT + 1);
  if (firstPass.total <= EXACT_COUNT_LIMIT) return firstPass;

  const keys = Object.keys(parts) as K[];
  const counted = {} as Record<K, number>;
  const [total] = await Promise.all([
    countLarge(db, table, where),
    ...keys.map(async (key) => {
      const partWhere = allOf([where, parts[key]]);
      const { total: partTotal } = await countUpTo(db, table, partWhere, {}, EXACT_COUNT_LIMIT + 1);
      counted[key] = partTotal <= EXACT_COUNT_LIMIT ? partTotal : await countLarge(db, table, partWhere);
    }),
  ]);
  return { total, parts: counted };
}

/** Rows of `table` matching `where`: exact up to {@link EXACT_COUNT_LIMIT}, estimated above it. */
export async function countMatches(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const { total } = await countMatchesByPart(db, table, where, {});
  return total;
}
