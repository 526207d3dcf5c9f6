import { and, asc, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Role } from '@parlour/contract/constants';
import type { Db } from '../../../db/client';
import { admins, loginFailures, merchantSuspensions, merchants } from '../../../db/schema/index';
import { ADVISORY_LOCKS, lockForTransaction } from '../../../db/advisory-locks';

export type MerchantRow = typeof merchants.$inferSelect;
export type AdminRow = typeof admins.$inferSelect;

export function createAccountRepository(db: Db) {
  return {
    async findMerchantByAccount(account: { email?: string; mobile?: string }) {
      const condition = account.email ? eq(merchants.email, account.email) : eq(merchants.mobile, account.mobile ?? '');
      const [row] = await db.select().from(merchants).where(condition).limit(1);
      return row;
    },
    async findMerchantById(id: number) {
      const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
      return row;
    },
    async insertMerchant(values: typeof merchants.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(merchants).values(values).returning();
      return row;
    },
    async updateMerchantPassword(id: number, passwordHash: string, now: Date, tx: Db = db) {
      await tx.update(merchants).set({ password_hash: passwordHash, updated_at: now }).where(eq(merchants.id, id));
    },
    async recordMerchantLogin(id: number, ip: string, now: Date) {
      await db.update(merchants).set({ last_login_at: now, last_login_ip: ip }).where(eq(merchants.id, id));
    },
    async findAdminById(id: number) {
      const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
      return row;
    },
    async findAdminByAccount(account: string) {
      const [row] = await db.select().from(admins).where(eq(admins.account, account)).limit(1);
      return row;
    },
    async insertAdmin(values: typeof admins.$inferInsert) {
      const [row] = await db.insert(admins).values(values).onConflictDoNothing({ target: admins.account }).returning();
      return row;
    },
    async updateAdminPassword(id: number, passwordHash: string, now: Date) {
      await db.update(admins).set({ password_hash: passwordHash, updated_at: now }).where(eq(admins.id, id));
    },
    async recordAdminLogin(id: number, ip: string, now: Date) {
      await db.update(admins).set({ last_login_at: now, last_login_ip: ip }).where(eq(admins.id, id));
    },
    /**
     * Records a login attempt as a failure and answers the failures of the account in the window
     * before it. Counting and recording run under a per-account lock, so simultaneous attempts are
     * counted one after another instead of all reading the same number.
     */
    async recordAttempt(role: Role, account: string, ip: string, now: Date, since: Date) {
      return db.transaction(async (tx) => {
        // Both counts serialise: the account's (one account guessed at in parallel) and the address's
        // (many accounts guessed at in parallel from one address). Always in this order, so no deadlock.
        await lockForTransaction(tx, ADVISORY_LOCKS.login(role, account));
        await lockForTransaction(tx, ADVISORY_LOCKS.loginPerIp(ip));
        const [counted] = await tx
          .select({ value: count() })
          .from(loginFailures)
          .where(
            and(eq(loginFailures.role, role), eq(loginFailures.account, account), gt(loginFailures.created_at, since)),
          );
        const [fromIp] = await tx
          .select({ value: count() })
          .from(loginFailures)
          .where(and(eq(loginFailures.ip, ip), gt(loginFailures.created_at, since)));
        const [inserted] = await tx
          .insert(loginFailures)
          .values({ role, account, ip, created_at: now })
          .returning({ id: loginFailures.id });
        return {
          id: inserted.id,
          failuresBefore: Number(counted?.value ?? 0),
          ipFailuresBefore: Number(fromIp?.value ?? 0),
        };
      });
    },
    async deleteFailure(id: number) {
      await db.delete(loginFailures).where(eq(loginFailures.id, id));
    },
    async clearFailures(role: Role, account: string) {
      await db.delete(loginFailures).where(and(eq(loginFailures.role, role), eq(loginFailures.account, account)));
    },
    /** Drops failures older than `before`; they no longer count towards any window. */
    async purgeFailures(before: Date) {
      const rows = await db
        .delete(loginFailures)
        .where(lt(loginFailures.created_at, before))
        .returning({ id: loginFailures.id });
      return rows.length;
    },
    /** Finished disabled periods of a merchant it has not seen yet, oldest first. */
    async listUnseenSuspensions(merchantId: number) {
      return db
        .select()
        .from(merchantSuspensions)
        .where(
          and(
            eq(merchantSuspensions.merchant_id, merchantId),
            isNotNull(merchantSuspensions.enabled_at),
            isNull(merchantSuspensions.seen_at),
          ),
        )
        .orderBy(asc(merchantSuspensions.disabled_at))
        .limit(20);
    },
    async markSuspensionsSeen(merchantId: number, now: Date) {
      await db
        .update(merchantSuspensions)
        .set({ seen_at: now })
        .where(
          and(
            eq(merchantSuspensions.merchant_id, merchantId),
            isNotNull(merchantSuspensions.enabled_at),
            isNull(merchantSuspensions.seen_at),
          ),
        );
    },
    async countMerchants() {
      const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(merchants);
      return Number(row?.value ?? 0);
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
