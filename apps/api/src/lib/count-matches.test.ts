import { sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../db/client';
import { countMatches, countMatchesByPart, EXACT_COUNT_LIMIT } from './count-matches';

const rows = pgTable('count_matches_rows', { n: integer('n').notNull() });
const TOTAL = 25_000;

describe('countMatches', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite();
    await database.db.execute(sql`create table count_matches_rows (n integer not null)`);
    await database.db.execute(sql`insert into count_matches_rows select g from generate_series(1, ${TOTAL}) g`);
    await database.db.execute(sql`analyze count_matches_rows`);
  }, 60_000);
  afterAll(() => database?.close());

  it('counts exactly up to the limit, every part in the same pass', async () => {
    const small = sql`${rows.n} <= 300`;
    expect(await countMatches(database.db, rows, small)).toBe(300);
    expect(
      await countMatchesByPart(database.db, rows, small, { even: sql`${rows.n} % 2 = 0`, low: sql`${rows.n} <= 10` }),
    ).toEqual({
      total: 300,
      parts: { even: 150, low: 10 },
    });
    expect(await countMatches(database.db, rows, sql`${rows.n} <= ${EXACT_COUNT_LIMIT}`)).toBe(EXACT_COUNT_LIMIT);
  });

  it('answers the planner estimate past the limit, and still counts small parts exactly', async () => {
    const { total, parts } = await countMatchesByPart(database.db, rows, undefined, {
      low: sql`${rows.n} <= 42`,
      high: sql`${rows.n} > 5000`,
    });
    // Statistics of an analysed table: the estimate is the row count.
    expect(total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(Math.abs(total - TOTAL)).toBeLessThan(TOTAL * 0.05);
    expect(parts.low).toBe(42);
    expect(Math.abs(parts.high - 20_000)).toBeLessThan(20_000 * 0.05);
  });

  it('counts exactly when the estimate is not above the limit, so a total never falls short', async () => {
    // Without statistics on the expression the planner guesses 0.5% of the rows; half of them match.
    const even = sql`(${rows.n} % 2) = 0`;
    expect(await countMatches(database.db, rows, even)).toBe(TOTAL / 2);
  });
});
