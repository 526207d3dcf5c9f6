import { createHmac, randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { addSeconds, type Clock } from '../../../lib/clock';
import { safeEqual } from '../../../lib/secrets';
import type { CaptchaRepository } from './captcha.repository';

const CAPTCHA_TTL_SECONDS = 300;

/** Draws a captcha: its answer and an SVG whose glyphs are paths, so the answer is not in the markup. */
export type CaptchaDrawer = () => { text: string; svg: string };

export const drawSvgCaptcha: CaptchaDrawer = () => {
  const { text, data } = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1iIlL',
    color: true,
    background: '#fff7e6',
    width: 120,
    height: 40,
  });
  return { text, svg: data };
};

/** A drawer with a fixed answer, for browser tests of machines that are not production. */
export function fixedCaptchaDrawer(text: string): CaptchaDrawer {
  // The package's default export draws a given text; its typings only declare the named helpers.
  const drawText = svgCaptcha as unknown as (text: string, options: object) => string;
  return () => ({
    text,
    svg: drawText(text, { noise: 2, color: true, background: '#fff7e6', width: 120, height: 40 }),
  });
}

function normalizedAnswer(text: string) {
  return text.trim().toLowerCase();
}

/** 12 bytes of an HMAC, base64url (16 characters): enough that a forged tag is never guessed. */
function tag(key: Buffer, payload: string) {
  return createHmac('sha256', key).update(payload).digest().subarray(0, 12).toString('base64url');
}

/**
 * Image captchas, stateless until used (docs/SECURITY.md, Unauthenticated endpoints): the id is
 * signed, `<nonce>.<expiry>.<issued tag>.<answer tag>` (HMACs under a platform key kept in the
 * database, so every API process checks any id; the issued tag covers the rest of the id, the
 * answer tag is an HMAC of the answer), so issuing one stores nothing and a flood of image requests
 * cannot grow a table. Using one stores its nonce, which makes it single-use; only ids this
 * platform issued get that far, and logins are themselves throttled, so the table stays as small as
 * the login traffic.
 */
export function createCaptchaService(deps: {
  repository: CaptchaRepository;
  clock: Clock;
  draw: CaptchaDrawer;
  getKey: () => Promise<Buffer>;
}) {
  const { repository, clock, draw } = deps;

  function parse(id: string) {
    const match = /^([\w-]{12})\.([0-9a-z]{1,9})\.([\w-]{16})\.([\w-]{16})$/.exec(id);
    if (!match) return undefined;
    const [, nonce, expiry, issuedTag, answerTag] = match;
    return {
      nonce,
      head: `${nonce}.${expiry}`,
      expiresAt: new Date(parseInt(expiry, 36) * 1000),
      issuedTag,
      answerTag,
    };
  }

  return {
    async issueCaptcha() {
      const { text, svg } = draw();
      const key = await deps.getKey();
      const expiresAt = addSeconds(clock.now(), CAPTCHA_TTL_SECONDS);
      const head = `${randomBytes(9).toString('base64url')}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`;
      const answerTag = tag(key, `answer:${head}:${normalizedAnswer(text)}`);
      const id = `${head}.${tag(key, `issued:${head}.${answerTag}`)}.${answerTag}`;
      return { captcha_id: id, svg, expires_in: CAPTCHA_TTL_SECONDS };
    },

    /** Drops used captchas that expired before `before`. */
    purgeExpired(before: Date) {
      return repository.deleteExpired(before);
    },

    /** Uses the captcha up whatever the answer, so each image allows one guess. */
    async consumeCaptcha(id: string, answer: string): Promise<boolean> {
      const parsed = parse(id);
      const now = clock.now();
      if (!parsed || parsed.expiresAt <= now) return false;
      const key = await deps.getKey();
      // Only an id this platform issued, unaltered, is recorded as used.
      if (!safeEqual(tag(key, `issued:${parsed.head}.${parsed.answerTag}`), parsed.issuedTag)) return false;
      if (
        !(await repository.claim({ id: parsed.nonce, answerTag: parsed.answerTag, expiresAt: parsed.expiresAt, now }))
      )
        return false;
      return safeEqual(tag(key, `answer:${parsed.head}:${normalizedAnswer(answer)}`), parsed.answerTag);
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
