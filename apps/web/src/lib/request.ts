import type { Call, CallInput, CallOutput } from '@parlour/contract/call';
import {
  CLIENT_ID_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  LARGE_UPLOAD_BYTES,
  LARGE_UPLOAD_TIMEOUT_MS,
  PAGE_URL_HEADER,
  REQUEST_TIMEOUT_MS,
  UPLOAD_TIMEOUT_MS,
} from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import { ApiError, type CallOptions } from './api-error';
import { getClientId } from './client-id';
import { releaseIdempotencyKey, submissionId, takeIdempotencyKey } from './idempotency-keys';
import { currentLang } from './i18n';
import { handleRequestError } from './request-error-config';
import { getToken } from './session-store';

/**
 * The request layer (spec §7–§9): every call is a POST to /api/v1/<path> whose body carries
 * `lang_code`, with the bearer token of the call's role, the page URL and the client id. An
 * answer is `{ code, msg, data }`; anything but code 200 is a failure shown by
 * request-error-config.ts.
 */

export const API_BASE = '/api/v1';

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** The API names every answer's request id in this header (a SERVER_ERROR quotes it in `data.request_id` too). */
const REQUEST_ID_HEADER = 'X-Request-Id';

/** An answer and the request id it came under. */
interface Answer {
  envelope: Envelope;
  requestId: string | undefined;
}

/** The id a SERVER_ERROR quotes in its data, else the one of the response header. */
function requestIdOf(data: unknown, headerId: string | undefined): string | undefined {
  const quoted = typeof data === 'object' && data !== null ? (data as { request_id?: unknown }).request_id : undefined;
  return typeof quoted === 'string' && quoted !== '' ? quoted : headerId;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

function uploadSize(body: FormData): number {
  let size = 0;
  for (const [, value] of body.entries()) if (typeof value !== 'string') size += value.size;
  return size;
}

/** 12 s for a call, 120 s for an upload, 300 s for an upload over 100 MB. */
export function timeoutFor(body: unknown): number {
  if (!(body instanceof FormData)) return REQUEST_TIMEOUT_MS;
  return uploadSize(body) > LARGE_UPLOAD_BYTES ? LARGE_UPLOAD_TIMEOUT_MS : UPLOAD_TIMEOUT_MS;
}

/** Adds `lang_code` to a JSON body or a FormData body. */
export function withLangCode(input: unknown, lang: string): FormData | Record<string, unknown> {
  if (input instanceof FormData) {
    input.set('lang_code', lang);
    return input;
  }
  const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  return { ...fields, lang_code: lang };
}

function buildHeaders(call: Call, isFormData: boolean, idempotencyKey: string | undefined): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
  if (!isFormData) headers.set('Content-Type', 'application/json');
  const token = getToken(call.role);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  headers.set(PAGE_URL_HEADER, window.location.href);
  headers.set(CLIENT_ID_HEADER, getClientId());
  return headers;
}

class TimeoutSignal extends Error {}

async function send(
  call: Call,
  input: unknown,
  options: CallOptions,
  idempotencyKey: string | undefined,
): Promise<Answer> {
  const body = withLangCode(input, currentLang());
  const isFormData = body instanceof FormData;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutSignal()), options.timeoutMs ?? timeoutFor(body));
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${call.path}`, {
      method: 'POST',
      headers: buildHeaders(call, isFormData, idempotencyKey),
      body: isFormData ? body : JSON.stringify(body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : 'network error';
    if (controller.signal.reason instanceof TimeoutSignal) throw new ApiError('timeout', message);
    if (options.signal?.aborted) throw new ApiError('aborted', message);
    throw new ApiError('network', message);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
  if (!response.ok) throw new ApiError('http', response.statusText, { status: response.status, requestId });
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError('invalid-response', 'answer is not JSON', { status: response.status, requestId });
  }
  if (!isEnvelope(payload))
    throw new ApiError('invalid-response', 'answer has no code', { status: response.status, requestId });
  return { envelope: payload, requestId };
}

/** Writing submissions on their way: a second identical one (a double click) joins the first. */
const writesInFlight = new Map<string, Promise<unknown>>();

/**
 * Makes a declared call and answers its `data`. On failure the message is shown (unless the call
 * site opted out) and an {@link ApiError} is thrown.
 *
 * Writing calls carry an Idempotency-Key (multipart uploads excepted): one per submission, kept for
 * retries and second clicks until the server has answered. A submission identical to one still on
 * its way (a double click that got past its button) sends nothing: it answers the first one's
 * answer, whose failure message was shown once already.
 */
export async function callApi<C extends Call>(
  call: C,
  input: CallInput<C> | FormData,
  options: CallOptions = {},
): Promise<CallOutput<C>> {
  const isKeyed = call.isWrite && !(input instanceof FormData) && !options.idempotencyKey;
  if (!isKeyed) return sendCall(call, input, options, call.isWrite ? options.idempotencyKey : undefined);

  const id = submissionId(call, input, getToken(call.role) ?? 'anonymous');
  const pending = writesInFlight.get(id);
  if (pending) return pending as Promise<CallOutput<C>>;
  const idempotencyKey = takeIdempotencyKey(id);
  const promise = sendCall(call, input, options, idempotencyKey, (isAnswered) => releaseIdempotencyKey(id, isAnswered));
  writesInFlight.set(id, promise);
  try {
    return await promise;
  } finally {
    writesInFlight.delete(id);
  }
}

async function sendCall<C extends Call>(
  call: C,
  input: CallInput<C> | FormData,
  options: CallOptions,
  idempotencyKey: string | undefined,
  onEnded?: (isAnswered: boolean) => void,
): Promise<CallOutput<C>> {
  let error: ApiError;
  try {
    const { envelope, requestId } = await send(call, input, options, idempotencyKey);
    onEnded?.(envelope.code !== ErrorCode.IDEMPOTENCY_IN_PROGRESS);
    onEnded = undefined;
    if (envelope.code === ErrorCode.OK) return envelope.data as CallOutput<C>;
    error = new ApiError('business', typeof envelope.msg === 'string' ? envelope.msg : '', {
      code: envelope.code,
      data: envelope.data,
      requestId: requestIdOf(envelope.data, requestId),
    });
  } catch (thrown) {
    error = thrown instanceof ApiError ? thrown : new ApiError('network', String(thrown));
    onEnded?.(false);
  }
  handleRequestError(error, call, options);
  throw error;
}
