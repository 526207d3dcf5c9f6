import type { ErrorKey } from '@parlour/contract/errors';

/**
 * How a call failed: an answer with a non-200 code, an HTTP error, no answer (network or
 * timeout), an unreadable answer, or cancelled by the caller's signal.
 */
export type ApiErrorKind = 'business' | 'http' | 'network' | 'timeout' | 'invalid-response' | 'aborted';

/**
 * A failed call. `code` and `data` come from the answer for business failures; `requestId` is the
 * id the API logged the request under (a SERVER_ERROR's `data.request_id`, else the `X-Request-Id`
 * header), for the user to quote to support.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number | undefined;
  readonly data: unknown;
  readonly status: number | undefined;
  readonly requestId: string | undefined;

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: { code?: number; data?: unknown; status?: number; requestId?: string } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = details.code;
    this.data = details.data;
    this.status = details.status;
    this.requestId = details.requestId;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Per-call options of the request layer. */
export interface CallOptions {
  /** Show no message for a failure (true) or for the listed answer codes: the call site handles them itself. */
  skipErrorHandler?: boolean | readonly number[];
  /** Catalogue message shown when a failed answer has an empty msg (login and registration failures). */
  fallbackError?: ErrorKey;
  /** Overrides the timeout chosen from the body (12 s; uploads 120 s or 300 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * The Idempotency-Key of a writing call. By default the request layer keys each submission itself
   * (the same key for a retry or a second click with the same fields until an answer arrives).
   */
  idempotencyKey?: string;
}
