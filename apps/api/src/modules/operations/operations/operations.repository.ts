import { asc, sql } from 'drizzle-orm';
import type { ProviderName } from '@parlour/contract/calls/operations';
import type { Db } from '../../../db/client';
import { admins, providerStatus } from '../../../db/schema/index';

export interface QueueStateCount {
  name: string;
  state: string;
  count: number;
}
export interface JobRow {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  created_on: Date | string;
  completed_on: Date | string | null;
  output: unknown;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * The operations page's reads: pg-boss's job table (schema `pgboss`, created when the queue first
 * starts; absent in tests that never start it), the providers' last failures, the operators.
 */
export function createOperationsRepository(db: Db) {
  async function hasJobTable() {
    const [row] = rowsOf<{ exists: boolean }>(
      await db.execute(sql`select to_regclass('pgboss.job') is not null as exists`),
    );
    return Boolean(row?.exists);
  }

  return {
    hasJobTable,

    async countJobsByQueueAndState(): Promise<QueueStateCount[]> {
      if (!(await hasJobTable())) return [];
      const rows = rowsOf<{ name: string; state: string; count: number | string }>(
        await db.execute(
          sql`select name, state::text as state, count(*) as count from pgboss.job group by name, state order by name`,
        ),
      );
      return rows.map((row) => ({ name: row.name, state: row.state, count: Number(row.count) }));
    },

    async listFailedJobs(filter: { queue?: string }, page: { limit: number; offset: number }) {
      if (!(await hasJobTable())) return { rows: [] as JobRow[], total: 0 };
      const where = filter.queue ? sql`state = 'failed' and name = ${filter.queue}` : sql`state = 'failed'`;
      const [rows, totals] = await Promise.all([
        db.execute(
          sql`select id::text as id, name, state::text as state, retry_count, retry_limit, created_on, completed_on, output
            from pgboss.job where ${where}
            order by completed_on desc nulls last, id limit ${page.limit} offset ${page.offset}`,
        ),
        db.execute(sql`select count(*) as total from pgboss.job where ${where}`),
      ]);
      return { rows: rowsOf<JobRow>(rows), total: Number(rowsOf<{ total: number | string }>(totals)[0]?.total ?? 0) };
    },

    async findJob(id: string): Promise<JobRow | undefined> {
      if (!(await hasJobTable())) return undefined;
      const [row] = rowsOf<JobRow>(
        await db.execute(
          sql`select id::text as id, name, state::text as state, retry_count, retry_limit, created_on, completed_on, output
            from pgboss.job where id = ${id}::uuid`,
        ),
      );
      return row;
    },

    /** pg-boss's own retry (plans.js retryJobs): a failed job back to `retry` with one more try allowed. False when it is not failed. */
    async retryFailedJob(queue: string, id: string): Promise<boolean> {
      if (!(await hasJobTable())) return false;
      const rows = rowsOf(
        await db.execute(
          sql`update pgboss.job set state = 'retry', retry_limit = retry_limit + 1 where name = ${queue}
            and id = ${id}::uuid and state = 'failed' returning id`,
        ),
      );
      return rows.length > 0;
    },

    async listProviderStatuses() {
      return db.select().from(providerStatus);
    },

    /** Keeps the provider's latest failure and counts them. */
    async recordProviderFailure(provider: ProviderName, message: string, at: Date) {
      await db
        .insert(providerStatus)
        .values({ provider, last_error_at: at, last_error: message, error_count: 1 })
        .onConflictDoUpdate({
          target: providerStatus.provider,
          set: { last_error_at: at, last_error: message, error_count: sql`${providerStatus.error_count} + 1` },
        });
    },

    /** Notes a success after failures (a provider that never failed has no row). */
    async recordProviderSuccess(provider: ProviderName, at: Date) {
      await db
        .update(providerStatus)
        .set({ last_success_at: at })
        .where(sql`${providerStatus.provider} = ${provider}`);
    },

    async listOperators() {
      return db.select({ id: admins.id, account: admins.account }).from(admins).orderBy(asc(admins.id));
    },
  };
}
export type OperationsRepository = ReturnType<typeof createOperationsRepository>;
