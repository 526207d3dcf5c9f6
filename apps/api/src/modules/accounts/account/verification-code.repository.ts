import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { verificationCodes } from '../../../db/schema/index';
import { ADVISORY_LOCKS, lockForTransaction } from '../../../db/advisory-locks';

export type CodeChannel = 'email' | 'mobile';
export type CodePurpose = 'register' | 'forgot';
export interface CodeTarget {
  channel: CodeChannel;
  target: string;
  purpose: CodePurpose;
}

/** Every query runs on the executor it is given: the app database or the caller's transaction. */
export function createVerificationCodeRepository() {
  return {
    /** Serialises sends for one target inside `tx`, so two racing requests cannot both pass the resend throttle. */
    async lockTarget(tx: Db, target: string) {
      await lockForTransaction(tx, ADVISORY_LOCKS.verificationCode(target));
    },
    /**
     * Serialises sends from one IP inside `tx` (after lockTarget, always in that order), so requests for
     * many targets racing from one address cannot pass the per-IP hourly budget together.
     */
    async lockSenderIp(tx: Db, ip: string) {
      await lockForTransaction(tx, ADVISORY_LOCKS.codeSendsPerIp(ip));
    },
    /** The newest code sent to the target for the purpose, used or not; older ones are void once a new one is sent. */
    async findNewest(tx: Db, key: CodeTarget) {
      const [row] = await tx
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.channel, key.channel),
            eq(verificationCodes.target, key.target),
            eq(verificationCodes.purpose, key.purpose),
          ),
        )
        .orderBy(desc(verificationCodes.created_at), desc(verificationCodes.id))
        .limit(1);
      return row;
    },
    async findById(tx: Db, id: number) {
      const [row] = await tx.select().from(verificationCodes).where(eq(verificationCodes.id, id)).limit(1);
      return row;
    },
    async countSentFromIp(tx: Db, ip: string, since: Date) {
      const [row] = await tx
        .select({ value: sql<number>`count(*)::int` })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.ip, ip), gt(verificationCodes.created_at, since)));
      return Number(row?.value ?? 0);
    },
    async insertCode(tx: Db, values: typeof verificationCodes.$inferInsert) {
      const [row] = await tx.insert(verificationCodes).values(values).returning({ id: verificationCodes.id });
      return row.id;
    },
    /** Drops codes created before `before` (long past their validity and every throttle window). */
    async purgeOld(tx: Db, before: Date) {
      const rows = await tx
        .delete(verificationCodes)
        .where(lt(verificationCodes.created_at, before))
        .returning({ id: verificationCodes.id });
      return rows.length;
    },
    async deleteCode(tx: Db, id: number) {
      await tx.delete(verificationCodes).where(eq(verificationCodes.id, id));
    },
    async addAttempt(tx: Db, id: number) {
      await tx
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, id));
    },
    /** Marks the code used; false when a concurrent request used it first. */
    async consume(tx: Db, id: number, now: Date) {
      const rows = await tx
        .update(verificationCodes)
        .set({ consumed_at: now })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumed_at)))
        .returning({ id: verificationCodes.id });
      return rows.length === 1;
    },
  };
}
export type VerificationCodeRepository = ReturnType<typeof createVerificationCodeRepository>;
