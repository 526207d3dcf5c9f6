import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { adminLoginChallenges, adminRecoveryCodes, adminTwoFactor } from '../../../db/schema/index';

export type TwoFactorRow = typeof adminTwoFactor.$inferSelect;
export type LoginChallengeRow = typeof adminLoginChallenges.$inferSelect;

/** The SQL of operators' two-factor sign-in: secrets, recovery codes and second-step challenges. */
export function createTwoFactorRepository(db: Db) {
  return {
    async find(adminId: number): Promise<TwoFactorRow | undefined> {
      const [row] = await db.select().from(adminTwoFactor).where(eq(adminTwoFactor.admin_id, adminId)).limit(1);
      return row;
    },
    async isEnabled(adminId: number): Promise<boolean> {
      const [row] = await db
        .select({ enabledAt: adminTwoFactor.enabled_at })
        .from(adminTwoFactor)
        .where(eq(adminTwoFactor.admin_id, adminId))
        .limit(1);
      return Boolean(row?.enabledAt);
    },
    /** A new pending secret, replacing a pending one; answers false when two-factor sign-in is on already. */
    async savePendingSecret(adminId: number, secretSealed: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(adminTwoFactor)
        .values({ admin_id: adminId, secret_sealed: secretSealed, created_at: now })
        .onConflictDoUpdate({
          target: adminTwoFactor.admin_id,
          set: { secret_sealed: secretSealed, last_time_step: null, created_at: now },
          setWhere: isNull(adminTwoFactor.enabled_at),
        })
        .returning({ adminId: adminTwoFactor.admin_id });
      return rows.length > 0;
    },
    /**
     * Accepts the code of `timeStep` once: the step must be later than the last accepted one (two
     * requests with one code: one wins). Answers whether this call took it.
     */
    async takeTimeStep(adminId: number, timeStep: number): Promise<boolean> {
      const rows = await db
        .update(adminTwoFactor)
        .set({ last_time_step: timeStep })
        .where(
          and(
            eq(adminTwoFactor.admin_id, adminId),
            or(isNull(adminTwoFactor.last_time_step), lt(adminTwoFactor.last_time_step, timeStep)),
          ),
        )
        .returning({ adminId: adminTwoFactor.admin_id });
      return rows.length > 0;
    },
    /** Turns a pending enrolment on and replaces the recovery codes, in one transaction; false when it was not pending. */
    async enable(adminId: number, recoveryCodeHashes: string[], now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(adminTwoFactor)
          .set({ enabled_at: now })
          .where(and(eq(adminTwoFactor.admin_id, adminId), isNull(adminTwoFactor.enabled_at)))
          .returning({ adminId: adminTwoFactor.admin_id });
        if (rows.length === 0) return false;
        await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.admin_id, adminId));
        await tx
          .insert(adminRecoveryCodes)
          .values(recoveryCodeHashes.map((codeHash) => ({ admin_id: adminId, code_hash: codeHash, created_at: now })));
        return true;
      });
    },
    /** Removes the secret and the recovery codes; answers whether two-factor sign-in was on. */
    async disable(adminId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(adminTwoFactor)
          .where(eq(adminTwoFactor.admin_id, adminId))
          .returning({ enabledAt: adminTwoFactor.enabled_at });
        await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.admin_id, adminId));
        return Boolean(rows[0]?.enabledAt);
      });
    },
    async listUnusedRecoveryCodes(adminId: number) {
      return db
        .select({ id: adminRecoveryCodes.id, codeHash: adminRecoveryCodes.code_hash })
        .from(adminRecoveryCodes)
        .where(and(eq(adminRecoveryCodes.admin_id, adminId), isNull(adminRecoveryCodes.used_at)));
    },
    /** Marks a recovery code used; false when another request used it first. */
    async useRecoveryCode(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(adminRecoveryCodes)
        .set({ used_at: now })
        .where(and(eq(adminRecoveryCodes.id, id), isNull(adminRecoveryCodes.used_at)))
        .returning({ id: adminRecoveryCodes.id });
      return rows.length > 0;
    },
    async insertChallenge(values: typeof adminLoginChallenges.$inferInsert) {
      await db.insert(adminLoginChallenges).values(values);
    },
    /** A challenge still open: not used, not expired, fewer wrong codes than `maxAttempts`. */
    async findOpenChallenge(tokenHash: string, now: Date, maxAttempts: number): Promise<LoginChallengeRow | undefined> {
      const [row] = await db
        .select()
        .from(adminLoginChallenges)
        .where(
          and(
            eq(adminLoginChallenges.token_hash, tokenHash),
            isNull(adminLoginChallenges.consumed_at),
            gt(adminLoginChallenges.expires_at, now),
            lt(adminLoginChallenges.attempts, maxAttempts),
          ),
        )
        .limit(1);
      return row;
    },
    async countWrongCode(id: number) {
      await db
        .update(adminLoginChallenges)
        .set({ attempts: sql`${adminLoginChallenges.attempts} + 1` })
        .where(eq(adminLoginChallenges.id, id));
    },
    /** Uses a challenge up; false when another request did first. */
    async consumeChallenge(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(adminLoginChallenges)
        .set({ consumed_at: now })
        .where(and(eq(adminLoginChallenges.id, id), isNull(adminLoginChallenges.consumed_at)))
        .returning({ id: adminLoginChallenges.id });
      return rows.length > 0;
    },
    /** Drops challenges that ended before `before` (the hourly purge). */
    async purgeChallenges(before: Date) {
      const rows = await db
        .delete(adminLoginChallenges)
        .where(lt(adminLoginChallenges.expires_at, before))
        .returning({ id: adminLoginChallenges.id });
      return rows.length;
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
