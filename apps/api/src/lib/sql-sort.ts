import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@parlour/contract/schemas';

/** The sort of a list call: one of its whitelisted columns (checked by the contract) and a direction. */
export interface ListSort<Field extends string> {
  field: Field;
  order: SortOrder;
}

/**
 * ORDER BY for a list sorted on one column: the column, then the row id in the same direction, so
 * rows with equal values keep one order from page to page and an index on (column, id) can serve
 * both directions by scanning it forwards or backwards. NULLs sort as PostgreSQL sorts them
 * (after every value ascending, before every value descending), which the same index also serves,
 * unless `emptyLast` is set: for a column where empty means "never" (never signed in, never followed
 * up, not paid yet), whose empties would otherwise open a newest-first list. Those lists are small
 * enough (an operator's merchants or leads, a merchant's packages) that sorting them beats an index.
 */
export function orderByColumn(
  column: AnyColumn | SQL,
  order: SortOrder,
  tieBreaker: AnyColumn,
  options: { emptyLast?: boolean } = {},
): SQL[] {
  const direction = order === 'ascend' ? asc : desc;
  const first = options.emptyLast && order === 'descend' ? sql`${column} desc nulls last` : direction(column);
  return [first, direction(tieBreaker)];
}

/** The sort a list call's input asks for, or undefined for the list's default order. */
export function listSort<Field extends string>(input: {
  sort_field?: Field;
  sort_order?: SortOrder;
}): ListSort<Field> | undefined {
  return input.sort_field ? { field: input.sort_field, order: input.sort_order ?? 'descend' } : undefined;
}
