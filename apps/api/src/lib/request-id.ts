import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The request id (docs/running.md, "Request ids"): one per request, in every log line of the
 * request (field `request_id`), in the `X-Request-Id` response header and in a SERVER_ERROR
 * answer's `data.request_id`, so the id a merchant quotes finds the log line of the failure.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
export const REQUEST_ID_LOG_FIELD = 'request_id';

/** An id a proxy in front of the API may pass on (nginx's $request_id, a load balancer's trace id). */
const FORWARDED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** The proxy's id when it sent a sane one, else `req_` and 20 random hex digits (80 bits). */
export function generateRequestId(request: Pick<IncomingMessage, 'headers'>): string {
  const forwarded = request.headers[REQUEST_ID_HEADER];
  if (typeof forwarded === 'string' && FORWARDED_REQUEST_ID.test(forwarded)) return forwarded;
  return `req_${randomBytes(10).toString('hex')}`;
}
