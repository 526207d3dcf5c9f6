import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema/index';

/** The stored captchas: an answer's hash, its expiry and whether it was used. */
export function createCaptchaRepository(db: Db) {
  return {
    async insert(values: { id: string; answerHash: string; expiresAt: Date; now: Date }) {
      await db.insert(captchas).values({ id: values.id, answer_hash: values.answerHash, expires_at: values.expiresAt, created_at: values.now });
    },

    /** Deletes captchas that expired before `before`; answers how many. */
    async deleteExpired(before: Date): Promise<number> {
      const rows = await db.delete(captchas).where(lt(captchas.expires_at, before)).returning({ id: captchas.id });
      return rows.length;
    },

    /** Marks an unused, unexpired captcha used; answers its answer's hash, or undefined when there was none. */
    async consume(id: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .update(captchas)
        .set({ consumed_at: now })
        .where(and(eq(captchas.id, id), isNull(captchas.consumed_at), gt(captchas.expires_at, now)))
        .returning({ answer_hash: captchas.answer_hash });
      return row?.answer_hash;
    },
  };
}
export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
