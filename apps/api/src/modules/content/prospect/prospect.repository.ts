import { count, eq, sql } from 'drizzle-orm';
import type { ProspectSortField, ProspectStatus } from '@parlour/contract/calls/prospect';
import type { Db } from '../../../db/client';
import { prospects } from '../../../db/schema/index';
import { allOf, containsPattern } from '../../../lib/sql-filters';
import { orderByColumn, type ListSort } from '../../../lib/sql-sort';
import { ADVISORY_LOCKS, lockForTransaction } from '../../../db/advisory-locks';

export type ProspectRow = typeof prospects.$inferSelect;

export interface ProspectFilter {
  keyword?: string;
  /** The keyword read as a phone number: its digits (matched inside the stored contact) and, when valid, its E.164 form. */
  phone?: { digits: string; e164: string | null };
  status?: ProspectStatus;
  /** Created at or after. */
  start?: Date;
  /** Created before. */
  end?: Date;
}

/**
 * A number typed as people write it ("+44 7911 123456", "139 1234 5678") against contacts stored
 * in E.164 (+447911123456): the typed digits inside the stored contact, or the whole number once
 * normalised (a local number with its trunk 0, "0044 …").
 */
function phoneMatch(phone: ProspectFilter['phone']) {
  if (!phone) return sql``;
  const digits = sql` or ${prospects.contact} like ${containsPattern(phone.digits)}`;
  return phone.e164 ? sql`${digits} or ${prospects.contact} = ${phone.e164}` : digits;
}

function filterConditions(filter: ProspectFilter) {
  const keyword = filter.keyword ? containsPattern(filter.keyword) : undefined;
  return allOf([
    keyword
      ? sql`${prospects.name} ilike ${keyword} or ${prospects.contact} ilike ${keyword} or ${prospects.content} ilike ${keyword}${phoneMatch(filter.phone)}`
      : undefined,
    filter.status ? eq(prospects.status, filter.status) : undefined,
    filter.start ? sql`${prospects.created_at} >= ${filter.start}` : undefined,
    filter.end ? sql`${prospects.created_at} < ${filter.end}` : undefined,
  ]);
}

export function createProspectRepository(db: Db) {
  return {
    /** Newest first unless the operator sorts on another column. */
    async list(
      filter: ProspectFilter,
      page: { limit: number; offset: number },
      sort: ListSort<ProspectSortField> = { field: 'created_at', order: 'descend' },
    ) {
      const where = filterConditions(filter);
      const [rows, [{ total }], [{ newCount }]] = await Promise.all([
        db
          .select()
          .from(prospects)
          .where(where)
          .orderBy(
            ...orderByColumn(prospects[sort.field], sort.order, prospects.id, {
              emptyLast: sort.field === 'followed_up_at',
            }),
          )
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(prospects).where(where),
        db.select({ newCount: count() }).from(prospects).where(eq(prospects.status, 'new')),
      ]);
      return { rows, total, newCount };
    },

    async findById(id: number): Promise<ProspectRow | undefined> {
      const [row] = await db.select().from(prospects).where(eq(prospects.id, id)).limit(1);
      return row;
    },

    async update(id: number, values: Partial<typeof prospects.$inferInsert>) {
      const [row] = await db.update(prospects).set(values).where(eq(prospects.id, id)).returning();
      return row;
    },

    /**
     * Stores a message unless its address has left `limit` since `since`. The count and the insert
     * run under a lock per address, so simultaneous posts cannot slip past the limit. Served by the
     * (ip, created_at) index. False when the limit is reached.
     */
    async insertWithinLimit(values: typeof prospects.$inferInsert & { ip: string }, since: Date, limit: number) {
      return db.transaction(async (tx) => {
        await lockForTransaction(tx, ADVISORY_LOCKS.prospectsPerIp(values.ip));
        const [{ recent }] = await tx
          .select({ recent: count() })
          .from(prospects)
          .where(sql`${prospects.ip} = ${values.ip} and ${prospects.created_at} >= ${since}`);
        if (recent >= limit) return false;
        await tx.insert(prospects).values(values);
        return true;
      });
    },
  };
}
export type ProspectRepository = ReturnType<typeof createProspectRepository>;
