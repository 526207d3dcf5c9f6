import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Role } from '@parlour/contract/constants';
import type { Db } from '../../db/client';
import { admins, loginFailures, merchants } from '../../db/schema/index';

export type MerchantRow = typeof merchants.$inferSelect;
export type AdminRow = typeof admins.$inferSelect;

/** True when the error is PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

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
    async findAdminByAccount(account: string) {
      const [row] = await db.select().from(admins).where(eq(admins.account, account)).limit(1);
      return row;
    },
    async insertAdmin(values: typeof admins.$inferInsert) {
      const [row] = await db.insert(admins).values(values).onConflictDoNothing({ target: admins.account }).returning();
      return row;
    },
    async recordAdminLogin(id: number, ip: string, now: Date) {
      await db.update(admins).set({ last_login_at: now, last_login_ip: ip }).where(eq(admins.id, id));
    },
    async countRecentFailures(role: Role, account: string, since: Date) {
      const [row] = await db
        .select({ value: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.role, role), eq(loginFailures.account, account), gt(loginFailures.created_at, since)));
      return Number(row?.value ?? 0);
    },
    async insertFailure(role: Role, account: string, ip: string, now: Date) {
      await db.insert(loginFailures).values({ role, account, ip, created_at: now });
    },
    async clearFailures(role: Role, account: string) {
      await db.delete(loginFailures).where(and(eq(loginFailures.role, role), eq(loginFailures.account, account)));
    },
    async countMerchants() {
      const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(merchants);
      return Number(row?.value ?? 0);
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
