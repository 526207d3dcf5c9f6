import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { NoticeSortField, NoticeStatus } from '@parlour/contract/calls/notice';
import type { Db } from '../../../db/client';
import { noticeReads, notices } from '../../../db/schema/index';
import { allOf, containsPattern } from '../../../lib/sql-filters';
import { orderByColumn, type ListSort } from '../../../lib/sql-sort';

export type NoticeRow = typeof notices.$inferSelect;
export type NoticeAdminRow = NoticeRow & { read_count: number };
export type NoticeMerchantRow = NoticeRow & { read_at: Date | null };

/** Published and due, to everyone or to this merchant: what the merchant sees at `now`. */
function visibleAt(merchantId: number, now: Date): SQL {
  return sql`${notices.status} = 'published' and ${notices.publish_at} <= ${now} and (${notices.merchant_id} is null
    or ${notices.merchant_id} = ${merchantId})`;
}
/** The operators' notices (to every merchant), not the platform's notes to one merchant. */
const isBroadcast = sql`${notices.merchant_id} is null`;
/** Pinned first, then the newest publish time. */
const NEWEST_PINNED_FIRST = [desc(notices.is_pinned), desc(notices.publish_at), desc(notices.id)];

const readCount =
  sql<number>`(select count(*) from ${noticeReads} where ${noticeReads.notice_id} = ${notices.id})`.mapWith(Number);

export function createNoticeRepository(db: Db) {
  return {
    /** Pinned first, newest publish time first, unless the operator sorts on one column (pinned or not). */
    async listForAdmin(
      filter: { keyword?: string; status?: NoticeStatus },
      page: { limit: number; offset: number },
      sort?: ListSort<NoticeSortField>,
    ) {
      const keyword = filter.keyword ? containsPattern(filter.keyword) : undefined;
      const where = allOf([
        isBroadcast,
        // Either language's text matches.
        keyword
          ? sql`${notices.title} ilike ${keyword} or ${notices.content} ilike ${keyword}
            or ${notices.title_en} ilike ${keyword} or ${notices.content_en} ilike ${keyword}`
          : undefined,
        filter.status ? eq(notices.status, filter.status) : undefined,
      ]);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ notice: notices, read_count: readCount })
          .from(notices)
          .where(where)
          .orderBy(
            ...(sort
              ? orderByColumn(sort.field === 'read_count' ? readCount : notices[sort.field], sort.order, notices.id)
              : NEWEST_PINNED_FIRST),
          )
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(notices).where(where),
      ]);
      return { rows: rows.map((row): NoticeAdminRow => ({ ...row.notice, read_count: row.read_count })), total };
    },

    async findForAdmin(id: number): Promise<NoticeAdminRow | undefined> {
      const [row] = await db
        .select({ notice: notices, read_count: readCount })
        .from(notices)
        .where(and(eq(notices.id, id), isBroadcast))
        .limit(1);
      return row ? { ...row.notice, read_count: row.read_count } : undefined;
    },

    async insert(values: typeof notices.$inferInsert) {
      const [row] = await db.insert(notices).values(values).returning({ id: notices.id });
      return row.id;
    },

    /** False when no notice has this id. */
    async update(id: number, values: Partial<typeof notices.$inferInsert>) {
      const rows = await db
        .update(notices)
        .set(values)
        .where(and(eq(notices.id, id), isBroadcast))
        .returning({ id: notices.id });
      return rows.length > 0;
    },

    /** Its read marks go with it (on delete cascade). False when no notice has this id. */
    async delete(id: number) {
      const rows = await db
        .delete(notices)
        .where(and(eq(notices.id, id), isBroadcast))
        .returning({ id: notices.id });
      return rows.length > 0;
    },

    /** Notices visible to a merchant at `now` with the merchant's own read mark; unread only unless `includeRead`. */
    async listForMerchant(
      merchantId: number,
      now: Date,
      options: { includeRead: boolean; limit: number; offset: number },
    ) {
      const joinOn = and(eq(noticeReads.notice_id, notices.id), eq(noticeReads.merchant_id, merchantId));
      const where = allOf([
        visibleAt(merchantId, now),
        options.includeRead ? undefined : sql`${noticeReads.notice_id} is null`,
      ]);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ notice: notices, read_at: noticeReads.read_at })
          .from(notices)
          .leftJoin(noticeReads, joinOn)
          .where(where)
          .orderBy(...NEWEST_PINNED_FIRST)
          .limit(options.limit)
          .offset(options.offset),
        db.select({ total: count() }).from(notices).leftJoin(noticeReads, joinOn).where(where),
      ]);
      return { rows: rows.map((row): NoticeMerchantRow => ({ ...row.notice, read_at: row.read_at })), total };
    },

    async countUnread(merchantId: number, now: Date) {
      const [row] = await db
        .select({ value: count() })
        .from(notices)
        .leftJoin(noticeReads, and(eq(noticeReads.notice_id, notices.id), eq(noticeReads.merchant_id, merchantId)))
        .where(allOf([visibleAt(merchantId, now), sql`${noticeReads.notice_id} is null`]));
      return row.value;
    },

    /**
     * Marks notices read for one merchant: the given ids, or every visible one. Only notices visible
     * at `now` can be marked (a draft's id marks nothing); marks made before stay as they were.
     */
    async markRead(merchantId: number, now: Date, ids: number[] | 'all') {
      const visible = db
        .select({
          merchant_id: sql<number>`${merchantId}::integer`.as('merchant_id'),
          notice_id: notices.id,
          read_at: sql<Date>`${now}::timestamptz`.as('read_at'),
        })
        .from(notices)
        .where(allOf([visibleAt(merchantId, now), ids === 'all' ? undefined : inArray(notices.id, ids)]));
      await db.insert(noticeReads).select(visible).onConflictDoNothing();
    },
  };
}
export type NoticeRepository = ReturnType<typeof createNoticeRepository>;
