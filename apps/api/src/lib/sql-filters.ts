import { sql, type SQL } from 'drizzle-orm';

/** `%keyword%` for ILIKE with the keyword's own % _ \ taken literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** ANDs the conditions that are present; undefined when none is. */
export function allOf(conditions: Array<SQL | undefined>): SQL | undefined {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  if (!present.length) return undefined;
  return sql.join(present.map((condition) => sql`(${condition})`), sql` and `);
}

/** Start (inclusive) and end (exclusive) of a range of whole UTC days `YYYY-MM-DD`. */
export function dayRange(range: { start_date?: string; end_date?: string }) {
  const start = range.start_date ? new Date(`${range.start_date}T00:00:00.000Z`) : undefined;
  const end = range.end_date ? new Date(new Date(`${range.end_date}T00:00:00.000Z`).getTime() + 86_400_000) : undefined;
  return { start, end };
}
