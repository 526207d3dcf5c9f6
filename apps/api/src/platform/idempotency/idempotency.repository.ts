import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/index';

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

/** The rows of Idempotency-Keys; every change is one conditional statement, so processes never overwrite each other. */
export function createIdempotencyRepository(db: Db) {
  return {
    /** Takes a new key for a request starting now; false when the key has a row already. */
    async insertRunning(values: {
      key: string;
      principal: string;
      callPath: string;
      requestHash: string;
      now: Date;
    }): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({
          key: values.key,
          principal: values.principal,
          call_path: values.callPath,
          request_hash: values.requestHash,
          created_at: values.now,
          started_at: values.now,
        })
        .onConflictDoNothing({ target: idempotencyKeys.key })
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },

    async findByKey(key: string): Promise<IdempotencyRecord | undefined> {
      const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1);
      return row;
    },

    /** Takes over a running row whose request was abandoned (its process died); only one taker wins. */
    async takeOverStale(key: string, startedAt: Date, now: Date): Promise<boolean> {
      const rows = await db
        .update(idempotencyKeys)
        .set({ started_at: now })
        .where(
          and(
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.started_at, startedAt),
            isNull(idempotencyKeys.response),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },

    /** Stores the answer of the request that owns the row (started at `startedAt`). */
    async complete(key: string, startedAt: Date, response: string, now: Date): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ response, completed_at: now })
        .where(
          and(
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.started_at, startedAt),
            isNull(idempotencyKeys.response),
          ),
        );
    },

    /** Gives the key back (the request ended in a way a retry should run again). */
    async releaseRunning(key: string, startedAt: Date): Promise<void> {
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.started_at, startedAt),
            isNull(idempotencyKeys.response),
          ),
        );
    },

    /** Drops a row past its replay window so the key can start afresh. */
    async deleteExpired(key: string, createdBefore: Date): Promise<void> {
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.key, key), lt(idempotencyKeys.created_at, createdBefore)));
    },

    /** Drops every row created before `before` (the hourly purge). */
    async purgeCreatedBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.created_at, before))
        .returning({ key: idempotencyKeys.key });
      return rows.length;
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
