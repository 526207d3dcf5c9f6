import { count, eq, getTableColumns, gte, lt, sql } from 'drizzle-orm';
import type { AuditAction, AuditTargetType } from '@parlour/contract/calls/operations';
import type { Db } from '../../db/client';
import { admins, auditLog } from '../../db/schema/index';
import { allOf } from '../../lib/sql-filters';
import { orderByColumn, type ListSort } from '../../lib/sql-sort';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditInsert = Omit<typeof auditLog.$inferInsert, 'id' | 'admin_account'>;
export interface AuditFilter {
  adminId?: number;
  action?: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  from?: Date;
  to?: Date;
}

/** The audit log's queries. Rows are only ever inserted: nothing updates or deletes them. */
export function createAuditRepository(db: Db) {
  return {
    /** Writes one row; the operator's account is copied from `admins` in the same statement. */
    async insert(values: AuditInsert) {
      const account =
        values.admin_id === null || values.admin_id === undefined
          ? sql`''`
          : sql`coalesce((select ${admins.account} from ${admins} where ${admins.id} = ${values.admin_id}), '')`;
      await db.insert(auditLog).values({ ...values, admin_account: account });
    },

    async list(filter: AuditFilter, page: { limit: number; offset: number }, sort: ListSort<'created_at'>) {
      const where = allOf([
        filter.adminId !== undefined ? eq(auditLog.admin_id, filter.adminId) : undefined,
        filter.action ? eq(auditLog.action, filter.action) : undefined,
        filter.targetType ? eq(auditLog.target_type, filter.targetType) : undefined,
        filter.targetId ? eq(auditLog.target_id, filter.targetId) : undefined,
        filter.from ? gte(auditLog.created_at, filter.from) : undefined,
        filter.to ? lt(auditLog.created_at, filter.to) : undefined,
      ]);
      const { before: _before, after: _after, ...columns } = getTableColumns(auditLog);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select(columns)
          .from(auditLog)
          .where(where)
          .orderBy(...orderByColumn(auditLog.created_at, sort.order, auditLog.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return { rows, total };
    },

    async findById(id: number): Promise<AuditRow | undefined> {
      const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id)).limit(1);
      return row;
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
