import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Role } from '@parlour/contract/constants';
import type { Db } from '../../db/client';
import { admins, merchants, sessions } from '../../db/schema/index';

/** The user's sessions that are neither revoked nor expired at `now`. */
function liveSessionsOf(role: Role, userId: number, now: Date) {
  return and(
    eq(sessions.role, role),
    eq(sessions.user_id, userId),
    isNull(sessions.revoked_at),
    gt(sessions.expires_at, now),
  );
}

export function createSessionRepository(db: Db) {
  return {
    async insertSession(values: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(values);
    },
    /**
     * A session that is neither revoked nor expired and whose user is still active. The status is
     * read in the same query (primary-key joins), so a login racing a disable can never leave a
     * working session behind, whichever order the two commit in.
     */
    async findLiveSession(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ session: sessions })
        .from(sessions)
        .leftJoin(merchants, and(eq(sessions.role, 'merchant'), eq(merchants.id, sessions.user_id)))
        .leftJoin(admins, and(eq(sessions.role, 'admin'), eq(admins.id, sessions.user_id)))
        .where(
          and(
            eq(sessions.token_hash, tokenHash),
            isNull(sessions.revoked_at),
            gt(sessions.expires_at, now),
            sql`coalesce(${merchants.status}, ${admins.status}) = 'active'`,
          ),
        )
        .limit(1);
      return row?.session;
    },
    async touchSession(id: number, now: Date, expiresAt: Date) {
      await db.update(sessions).set({ last_seen_at: now, expires_at: expiresAt }).where(eq(sessions.id, id));
    },
    async revokeByTokenHash(tokenHash: string, now: Date) {
      await db
        .update(sessions)
        .set({ revoked_at: now })
        .where(and(eq(sessions.token_hash, tokenHash), isNull(sessions.revoked_at)));
    },
    /** Drops sessions that ended (expired or revoked) before `before`. */
    async purgeEnded(before: Date) {
      const rows = await db
        .delete(sessions)
        .where(or(lt(sessions.expires_at, before), lt(sessions.revoked_at, before)))
        .returning({ id: sessions.id });
      return rows.length;
    },
    /** A user's sessions that are neither revoked nor expired, the most recently used first. */
    async listLiveSessionsOfUser(role: Role, userId: number, now: Date) {
      return db
        .select()
        .from(sessions)
        .where(liveSessionsOf(role, userId, now))
        .orderBy(desc(sessions.last_seen_at), desc(sessions.id))
        .limit(200);
    },
    /** Revokes one live session of the user; answers how many it revoked (0: not the user's, or ended already). */
    async revokeSessionOfUser(role: Role, userId: number, sessionId: number, now: Date) {
      const rows = await db
        .update(sessions)
        .set({ revoked_at: now })
        .where(and(eq(sessions.id, sessionId), liveSessionsOf(role, userId, now)))
        .returning({ id: sessions.id });
      return rows.length;
    },
    /** Revokes every live session of the user but `keepId`; answers how many. */
    async revokeOtherSessionsOfUser(role: Role, userId: number, keepId: number, now: Date) {
      const rows = await db
        .update(sessions)
        .set({ revoked_at: now })
        .where(and(ne(sessions.id, keepId), liveSessionsOf(role, userId, now)))
        .returning({ id: sessions.id });
      return rows.length;
    },
    async revokeAllOfUser(role: Role, userId: number, now: Date) {
      await db
        .update(sessions)
        .set({ revoked_at: now })
        .where(and(eq(sessions.role, role), eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
