import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { addSeconds, type Clock } from '../../lib/clock';
import { safeEqual, sha256 } from '../../lib/secrets';
import type { CaptchaRepository } from './captcha.repository';

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
export function createCaptchaService(deps: { repository: CaptchaRepository; clock: Clock; draw: CaptchaDrawer }) {
  const { repository, clock, draw } = deps;
  return {
    async issueCaptcha() {
      const { text, svg } = draw();
      const id = randomUUID();
      const now = clock.now();
      await repository.insert({ id, answerHash: answerHash(text), expiresAt: addSeconds(now, CAPTCHA_TTL_SECONDS), now });
      return { captcha_id: id, svg, expires_in: CAPTCHA_TTL_SECONDS };
    },

    /** Drops captchas that expired before `before`. */
    purgeExpired(before: Date) {
      return repository.deleteExpired(before);
    },

    /** Uses the captcha up whatever the answer, so each image allows one guess. */
    async consumeCaptcha(id: string, answer: string): Promise<boolean> {
      const storedHash = await repository.consume(id, clock.now());
      return storedHash !== undefined && safeEqual(storedHash, answerHash(answer));
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
