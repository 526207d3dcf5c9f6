import { SESSION_TTL_SECONDS, type Role } from '@parlour/contract/constants';
import { addSeconds, type Clock } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/secrets';
import type { SessionRepository } from './session.repository';

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

    /** Ends every session of a user: password reset, disabling an account. */
    revokeAllSessions(role: Role, userId: number) {
      return repository.revokeAllOfUser(role, userId, clock.now());
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
