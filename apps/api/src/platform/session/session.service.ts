import { SESSION_TTL_SECONDS, type Role } from '@parlour/contract/constants';
import { addSeconds, type Clock } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/secrets';
import { AppError } from '../../lib/app-error';
import type { SessionRepository } from './session.repository';
import { describeUserAgent } from './user-agent';

/** Who is calling: the role and the id in that role's table. */
export interface Principal {
  role: Role;
  userId: number;
  sessionId: number;
  tokenHash: string;
}

/** A session is refreshed at most this often, so a busy console does not write on every call. */
const REFRESH_EVERY_SECONDS = 60;

/**
 * Bearer sessions kept in the database (never in memory), so any number of API processes can
 * serve the same user. Tokens are 32 random bytes; only their SHA-256 is stored.
 */
export function createSessionService(deps: { repository: SessionRepository; clock: Clock }) {
  const { repository, clock } = deps;
  return {
    /** Drops sessions that ended (expired or signed out) before `before` (the purge job). */
    purgeEnded: (before: Date) => repository.purgeEnded(before),
    async createSession(options: { role: Role; userId: number; ip?: string; userAgent?: string }) {
      const token = newToken();
      const now = clock.now();
      const expiresAt = addSeconds(now, SESSION_TTL_SECONDS);
      await repository.insertSession({
        token_hash: sha256(token),
        role: options.role,
        user_id: options.userId,
        expires_at: expiresAt,
        last_seen_at: now,
        ip: options.ip,
        user_agent: options.userAgent?.slice(0, 400),
      });
      return { token, expiresAt };
    },

    /** The principal of a live token, sliding its expiry forward; null when unknown, expired or revoked. */
    async resolveSession(token: string): Promise<Principal | null> {
      const now = clock.now();
      const tokenHash = sha256(token);
      const session = await repository.findLiveSession(tokenHash, now);
      if (!session) return null;
      if (now.getTime() - session.last_seen_at.getTime() > REFRESH_EVERY_SECONDS * 1000) {
        await repository.touchSession(session.id, now, addSeconds(now, SESSION_TTL_SECONDS));
      }
      return { role: session.role, userId: session.user_id, sessionId: session.id, tokenHash };
    },

    revokeSession(principal: Principal) {
      return repository.revokeByTokenHash(principal.tokenHash, clock.now());
    },

    /** The caller's live sessions as the sessions screen shows them, its own marked. */
    async listSessions(principal: Principal) {
      const rows = await repository.listLiveSessionsOfUser(principal.role, principal.userId, clock.now());
      return {
        list: rows.map((row) => {
          const device = describeUserAgent(row.user_agent);
          return {
            id: row.id,
            device: { browser: device.browser, os: device.os, is_mobile: device.isMobile },
            user_agent: row.user_agent ?? '',
            ip: row.ip ?? '',
            created_at: row.created_at.toISOString(),
            last_seen_at: row.last_seen_at.toISOString(),
            is_current: row.id === principal.sessionId,
          };
        }),
      };
    },

    /**
     * Ends one of the caller's sessions (its token is refused from the next call, in every process:
     * sessions are read from the database on each call). Another user's session, or one that ended
     * already, is NOT_FOUND.
     */
    async endSession(principal: Principal, sessionId: number) {
      const ended = await repository.revokeSessionOfUser(principal.role, principal.userId, sessionId, clock.now());
      if (ended === 0) throw new AppError('NOT_FOUND');
      return { ended };
    },

    /** Ends every session of the caller but the one making the call. */
    async endOtherSessions(principal: Principal) {
      return {
        ended: await repository.revokeOtherSessionsOfUser(
          principal.role,
          principal.userId,
          principal.sessionId,
          clock.now(),
        ),
      };
    },

    /** Ends every session of a user: password reset, disabling an account. */
    revokeAllSessions(role: Role, userId: number) {
      return repository.revokeAllOfUser(role, userId, clock.now());
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
