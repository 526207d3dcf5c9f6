import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { MerchantSortField } from '@parlour/contract/calls/merchant-admin';
import type { MerchantStatus, MerchantType } from '@parlour/contract/constants';
import type { Db } from '../../../db/client';
import { inSavepoint } from '../../../db/errors';
import { merchantSuspensions, merchants, shops } from '../../../db/schema/index';
import { allOf, containsPattern } from '../../../lib/sql-filters';
import { orderByColumn, type ListSort } from '../../../lib/sql-sort';

type MerchantRow = typeof merchants.$inferSelect;

/** A merchant with what the operator's list shows beside it. */
export interface MerchantView extends MerchantRow {
  store_count: number;
}

export interface MerchantFilter {
  /** Matches the email, phone or name. */
  keyword?: string;
  type?: MerchantType;
  status?: MerchantStatus;
  /** Registered within [start, end). */
  start?: Date;
  end?: Date;
}

function filterConditions(filter: MerchantFilter): SQL | undefined {
  const keyword = filter.keyword ? containsPattern(filter.keyword) : undefined;
  return allOf([
    keyword
      ? sql`${merchants.email} ilike ${keyword} or ${merchants.mobile} ilike ${keyword} or ${merchants.nickname} ilike ${keyword}`
      : undefined,
    filter.type ? eq(merchants.type, filter.type) : undefined,
    filter.status ? eq(merchants.status, filter.status) : undefined,
    filter.start ? sql`${merchants.created_at} >= ${filter.start}` : undefined,
    filter.end ? sql`${merchants.created_at} < ${filter.end}` : undefined,
  ]);
}

// Qualified by hand: in a single-table select drizzle renders columns unqualified, which would
// correlate the subquery with the store's own id.
const storeCountOf = sql<number>`(select count(*) from ${shops} where ${shops}.merchant_id = ${merchants}.id)`;
const storeCount = storeCountOf.mapWith(Number).as('store_count');

/** ORDER BY of the list: newest registration first unless the operator sorts on another column. */
function merchantOrder(sort: ListSort<MerchantSortField> = { field: 'created_at', order: 'descend' }) {
  // The store count is counted per row (shops_merchant_idx serves each count); the times have their own indexes.
  const column = sort.field === 'store_count' ? storeCountOf : merchants[sort.field];
  return orderByColumn(column, sort.order, merchants.id, { emptyLast: sort.field === 'last_login_at' });
}

/** The operator's queries over merchants; sign-up and sign-in queries stay in the account repository. */
export function createMerchantAdminRepository(db: Db) {
  function selectViews() {
    return db.select({ merchant: merchants, store_count: storeCount }).from(merchants);
  }
  const toView = (row: { merchant: MerchantRow; store_count: number }): MerchantView => ({
    ...row.merchant,
    store_count: row.store_count,
  });

  return {
    async listMerchants(
      filter: MerchantFilter,
      page: { limit: number; offset: number },
      sort?: ListSort<MerchantSortField>,
    ) {
      const rows = await selectViews()
        .where(filterConditions(filter))
        .orderBy(...merchantOrder(sort))
        .limit(page.limit)
        .offset(page.offset);
      return rows.map(toView);
    },
    async countMerchants(filter: MerchantFilter = {}) {
      const [row] = await db.select({ value: count() }).from(merchants).where(filterConditions(filter));
      return row.value;
    },
    async findMerchantView(id: number) {
      const [row] = await selectViews().where(eq(merchants.id, id)).limit(1);
      return row ? toView(row) : undefined;
    },
    /** Another merchant holding this email or phone, if any. */
    async findOtherWithAccount(account: { email?: string | null; mobile?: string | null }, exceptId?: number) {
      const conditions = [
        account.email ? eq(merchants.email, account.email) : undefined,
        account.mobile ? eq(merchants.mobile, account.mobile) : undefined,
      ].filter((condition): condition is SQL => condition !== undefined);
      if (!conditions.length) return undefined;
      const [row] = await db
        .select({ id: merchants.id })
        .from(merchants)
        .where(
          and(
            sql.join(
              conditions.map((condition) => sql`(${condition})`),
              sql` or `,
            ),
            exceptId !== undefined ? sql`${merchants.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1);
      return row;
    },
    /** In a savepoint of its own: the unique email/mobile indexes may refuse it (see inSavepoint). */
    async insertMerchant(values: typeof merchants.$inferInsert) {
      const [row] = await inSavepoint(db, (tx) => tx.insert(merchants).values(values).returning());
      return row;
    },
    /**
     * Writes the merchant's fields. A status change opens (disable) or closes (enable) its suspension
     * period in the same transaction, so the period and the status never disagree.
     */
    async updateMerchant(
      id: number,
      values: Partial<typeof merchants.$inferInsert>,
      statusChange?: { isDisabled: boolean; at: Date },
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx.update(merchants).set(values).where(eq(merchants.id, id)).returning();
        if (row && statusChange?.isDisabled) {
          await tx
            .insert(merchantSuspensions)
            .values({ merchant_id: id, disabled_at: statusChange.at })
            .onConflictDoNothing();
        } else if (row && statusChange) {
          await tx
            .update(merchantSuspensions)
            .set({ enabled_at: statusChange.at })
            .where(and(eq(merchantSuspensions.merchant_id, id), isNull(merchantSuspensions.enabled_at)));
        }
        return row;
      });
    },
    /** Registrations per UTC day in [start, end). */
    /** Merchants registered per business day (`zone`) within [start, end). */
    async registerTrend(start: Date, end: Date, zone: string) {
      return db
        .select({
          date: sql<string>`to_char(${merchants.created_at} at time zone ${zone}, 'YYYY-MM-DD')`,
          count: count(),
        })
        .from(merchants)
        .where(and(sql`${merchants.created_at} >= ${start}`, sql`${merchants.created_at} < ${end}`))
        .groupBy(sql`1`);
    },
    async typeDistribution() {
      return db.select({ type: merchants.type, count: count() }).from(merchants).groupBy(merchants.type);
    },
  };
}
export type MerchantAdminRepository = ReturnType<typeof createMerchantAdminRepository>;
