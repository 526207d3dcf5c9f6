import { lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { captchas } from '../../../db/schema/index';

/**
 * The captchas used so far (docs/SECURITY.md, Unauthenticated endpoints: issuing one stores nothing): each
 * row is a used id's nonce, until it expires.
 */
export function createCaptchaRepository(db: Db) {
  return {
    /** Records the captcha as used; false when it was used before (or by a concurrent request). */
    async claim(values: { id: string; answerTag: string; expiresAt: Date; now: Date }): Promise<boolean> {
      const rows = await db
        .insert(captchas)
        .values({
          id: values.id,
          answer_hash: values.answerTag,
          expires_at: values.expiresAt,
          consumed_at: values.now,
          created_at: values.now,
        })
        .onConflictDoNothing()
        .returning({ id: captchas.id });
      return rows.length === 1;
    },

    /** Deletes captchas that expired before `before`; answers how many. */
    async deleteExpired(before: Date): Promise<number> {
      const rows = await db.delete(captchas).where(lt(captchas.expires_at, before)).returning({ id: captchas.id });
      return rows.length;
    },
  };
}
export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
