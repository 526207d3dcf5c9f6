import { ErrorCode, errorMessage, languages, toLang, type ErrorKey, type Lang } from '@parlour/contract/errors';
import { translateIssue, type FieldRuleKey } from '@parlour/contract/i18n/validation';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { findTooDeepField, MAX_JSON_DEPTH } from '../lib/json-depth';
import { REQUEST_ID_HEADER } from '../lib/request-id';

/** The answer shape of every call (spec §7). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function ok<T>(data: T, lang: Lang): Envelope<T> {
  return { code: ErrorCode.OK, msg: errorMessage('OK', lang), data };
}

export function failure(key: ErrorKey, lang: Lang, msg?: string, data: unknown = null): Envelope {
  return { code: ErrorCode[key], msg: msg ?? errorMessage(key, lang), data };
}

/** The caller's language: `lang_code` of the body when there is one, else Accept-Language. */
export function requestLang(request: FastifyRequest): Lang {
  const body = request.body as { lang_code?: unknown } | undefined;
  if (body && typeof body === 'object' && body.lang_code) return toLang(body.lang_code);
  return toLang(request.headers['accept-language']);
}

/** The answer of a failure a service threw, in the caller's language. */
export function appErrorEnvelope(error: AppError, lang: Lang): Envelope {
  return failure(
    error.key,
    lang,
    error.options.messages?.[lang] ?? errorMessage(error.key, lang, error.options.params),
    error.options.data ?? null,
  );
}

export function sendAppError(error: AppError, request: FastifyRequest, reply: FastifyReply) {
  return reply.code(200).send(appErrorEnvelope(error, requestLang(request)));
}

/** What a SERVER_ERROR answer carries: the request id its log line carries, for the caller to quote to support. */
export interface ServerErrorData {
  request_id: string;
}

/**
 * Turns every failure under /api into `{ code, msg, data }`: AppErrors with their code, unreadable
 * bodies as MALFORMED_REQUEST, anything unexpected as SERVER_ERROR (logged with its request id,
 * never shown; the answer quotes the id). Every answer names its request id in `X-Request-Id`.
 */
export function registerEnvelope(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  // An empty JSON body is an empty object, so `curl -X POST` on a call without fields works.
  // A body nested deeper than any call reads is refused before parsing (docs/SECURITY.md, Input
  // bounds): every route (calls, the payment notification, the Open API) would otherwise walk it
  // recursively somewhere.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    const deepField = findTooDeepField(text);
    if (deepField !== undefined) {
      const error = fieldValidationError(deepField ? [deepField] : [], 'json_too_deep', requestLang(request), {
        max_depth: MAX_JSON_DEPTH,
      });
      return done(error, undefined);
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = new Error('malformed JSON') as FastifyError;
      error.statusCode = 400;
      error.code = 'PARLOUR_MALFORMED_JSON';
      done(error, undefined);
    }
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendAppError(error, request, reply);
    const lang = requestLang(request);
    const statusCode = (error as FastifyError).statusCode ?? 500;
    if (statusCode === 429) {
      return reply.code(200).send(failure('TOO_MANY_REQUESTS', lang));
    }
    if (statusCode >= 400 && statusCode < 500) {
      request.log.info({ err: error }, 'malformed request');
      return reply.code(200).send(failure('MALFORMED_REQUEST', lang));
    }
    request.log.error({ err: error }, 'unexpected failure');
    const data: ServerErrorData = { request_id: request.id };
    return reply.code(200).send(failure('SERVER_ERROR', lang, undefined, data));
  });
}

/**
 * VALIDATION_FAILED for a field found wrong outside a call's schema (a body nested too deep, a
 * multipart file), answered like the schema's own refusals: the message names the field in both
 * languages, `data.errors` lists it in the caller's.
 */
export function fieldValidationError(
  path: PropertyKey[],
  messageKey: FieldRuleKey,
  lang: Lang,
  extra: Record<string, unknown> = {},
): AppError {
  const messages = Object.fromEntries(
    languages.map((each) => [each, translateIssue(messageKey, path, each)]),
  ) as Record<Lang, string>;
  return new AppError('VALIDATION_FAILED', {
    messages,
    data: { errors: [{ field: path.join('.'), message: messages[lang], ...extra }] },
  });
}

/** Unknown paths below /api answer NOT_FOUND as an envelope, with HTTP 404. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(failure('NOT_FOUND', requestLang(request)));
}
