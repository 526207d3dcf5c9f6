import { z } from 'zod';
import type { Role } from './constants';
import type { ErrorKey } from './errors';
import { withSafeText } from './schemas';

/**
 * One call of the API: `POST /api/v1/<path>` with a JSON body validated by `input`, answering
 * `{ code, msg, data }` whose `data` matches `output`. The server registers a handler for each
 * declared call; the console calls it through the same declaration.
 */
export interface Call<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, A extends boolean = boolean> {
  /** Path below /api/v1/, starting with the role: `merchant/member/user/login`. */
  path: string;
  /** Whose call it is; an authenticated call needs a session of this role. */
  role: Role;
  /** False for calls made before signing in (login, register, codes). */
  isAuthenticated: A;
  /**
   * True for every call that changes something (creates, edits, sends, pays, signs in or out).
   * Such a call takes an `Idempotency-Key` header: a repeat of the key within 24 hours answers the
   * first answer without running again, so double clicks, retries and replays change things once.
   */
  isWrite: boolean;
  /** One line for the API reference. */
  summary: string;
  /**
   * The catalogue code a body failing `input` answers instead of VALIDATION_FAILED (its message
   * still names the field): a plugin purchase's bad body is the spec's "purchase data format error".
   */
  invalidInputError?: ErrorKey;
  input: I;
  output: O;
}

/**
 * Declares a call. Its input gets the rule every call follows whatever its fields: no string in it
 * holds a NUL character or a lone surrogate (docs/SECURITY.md, Input bounds), so no such text
 * reaches a handler, a query or a log. Forms that validate with a call's input get the same rule.
 */
export function defineCall<I extends z.ZodType, O extends z.ZodType, const A extends boolean>(
  call: Call<I, O, A>,
): Call<I, O, A> {
  return { ...call, input: withSafeText(call.input) };
}

export type CallInput<C extends Call> = z.input<C['input']>;
export type CallOutput<C extends Call> = z.output<C['output']>;
/** What a handler receives: the input as the call's schema parsed it (defaults filled, strings coerced). */
export type CallParsedInput<C extends Call> = z.output<C['input']>;

/** A call with no body fields of its own. */
export const ZEmptyInput = z.object({});
/** A call that answers no data. */
export const ZNullOutput = z.null();

/** The URL of a call: `/api/v1/<path>`, or `/api/v1` itself for the spec's bare call (empty path). */
export function callUrl(call: Pick<Call, 'path'>): string {
  return call.path ? `/api/v1/${call.path}` : '/api/v1';
}
