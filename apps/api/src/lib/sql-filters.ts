import { sql, type SQL } from 'drizzle-orm';

/** `%keyword%` for ILIKE with the keyword's own % _ \ taken literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** ANDs the conditions that are present; undefined when none is. */
export function allOf(conditions: Array<SQL | undefined>): SQL | undefined {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  if (!present.length) return undefined;
  return sql.join(
    present.map((condition) => sql`(${condition})`),
    sql` and `,
  );
}
