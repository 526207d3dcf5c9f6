import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema/index';
import { addSeconds, type Clock } from '../../lib/clock';
import { safeEqual, sha256 } from '../../lib/secrets';

const CAPTCHA_TTL_SECONDS = 300;

/** Draws a captcha: its answer and an SVG whose glyphs are paths, so the answer is not in the markup. */
export type CaptchaDrawer = () => { text: string; svg: string };

export const drawSvgCaptcha: CaptchaDrawer = () => {
  const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#fff7e6', width: 120, height: 40 });
  return { text, svg: data };
};

/** A drawer with a fixed answer, for browser tests of machines that are not production. */
export function fixedCaptchaDrawer(text: string): CaptchaDrawer {
  // The package's default export draws a given text; its typings only declare the named helpers.
  const drawText = svgCaptcha as unknown as (text: string, options: object) => string;
  return () => ({ text, svg: drawText(text, { noise: 2, color: true, background: '#fff7e6', width: 120, height: 40 }) });
}

function answerHash(text: string) {
  return sha256(text.trim().toLowerCase());
}

/** Image captchas stored in the database (several API processes may answer one login form). */
export function createCaptchaService(deps: { db: Db; clock: Clock; draw: CaptchaDrawer }) {
  const { db, clock, draw } = deps;
  return {
    async issueCaptcha() {
      const { text, svg } = draw();
      const id = randomUUID();
      const now = clock.now();
      await db.insert(captchas).values({ id, answer_hash: answerHash(text), expires_at: addSeconds(now, CAPTCHA_TTL_SECONDS), created_at: now });
      return { captcha_id: id, svg, expires_in: CAPTCHA_TTL_SECONDS };
    },

    /** Drops captchas that expired before `before`. */
    async purgeExpired(before: Date) {
      const rows = await db.delete(captchas).where(lt(captchas.expires_at, before)).returning({ id: captchas.id });
      return rows.length;
    },

    /** Uses the captcha up whatever the answer, so each image allows one guess. */
    async consumeCaptcha(id: string, answer: string): Promise<boolean> {
      const now = clock.now();
      const [row] = await db
        .update(captchas)
        .set({ consumed_at: now })
        .where(and(eq(captchas.id, id), isNull(captchas.consumed_at), gt(captchas.expires_at, now)))
        .returning({ answer_hash: captchas.answer_hash });
      return Boolean(row) && safeEqual(row.answer_hash, answerHash(answer));
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
