import type { ErrorKey } from '@parlour/contract/errors';

/**
 * A failure with a catalogue code. Services throw it; the envelope turns it into `{ code, msg, data }`
 * in the caller's language. `message` overrides the catalogue text (already translated by the thrower
 * through `messages`), `params` fill the catalogue text's placeholders (`{{limit}}`), `data` travels to
 * the client (e.g. `captcha_required`, `retry_after`).
 */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly options: {
      messages?: { 'zh-CN': string; 'en-US': string };
      params?: Record<string, string | number>;
      data?: unknown;
    } = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}
