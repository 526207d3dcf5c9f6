import { callUrl } from '@parlour/contract/call';
import { allCalls } from '@parlour/contract/calls/all';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_TTL_HOURS } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildMeteredApiReference } from './api-reference-metered';
import { buildStorePluginsApiReference } from './api-reference-store-plugins';

/** The header every writing call takes (docs/idempotency.md); described once, referenced by each such call. */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    `Makes the call safe to retry: one key per submission (a random string, printable ASCII, at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters). ` +
    `The first request with a key runs; its answer is kept ${IDEMPOTENCY_KEY_TTL_HOURS} hours with the caller, the call and a hash of the body ` +
    '(without lang_code). A repeat answers the kept answer without running again, with the response header `Idempotent-Replayed: true`; ' +
    `a repeat that arrives while the first still runs waits for it (up to 10 s), then answers ${ErrorCode.IDEMPOTENCY_IN_PROGRESS} (request in progress: ` +
    `retry with the same key). The key with another body, another call or another account answers ${ErrorCode.IDEMPOTENCY_KEY_REUSED}; ` +
    `a malformed key ${ErrorCode.IDEMPOTENCY_KEY_INVALID}. Refused bodies (${ErrorCode.VALIDATION_FAILED}), rate limits (${ErrorCode.TOO_MANY_REQUESTS}) ` +
    `and server errors (${ErrorCode.SERVER_ERROR}) are not kept, so a retry with the same key runs again. Without the header the call simply runs.`,
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x20-\\x7E]+$' },
};

/** Every answer names its request id (lib/request-id); described once, referenced by each response. */
const REQUEST_ID_HEADER_OBJECT = {
  description:
    'The id of this request, in every log line of it. A SERVER_ERROR answer quotes it in `data.request_id` too: quote it to support.',
  schema: { type: 'string', example: 'req_3f9a0c1d2e4b5a6c7d8e' },
};

/** `data` of a SERVER_ERROR answer (plugins/envelope ServerErrorData). */
const SERVER_ERROR_DATA_SCHEMA = {
  type: 'object',
  description: `\`data\` of a SERVER_ERROR (${ErrorCode.SERVER_ERROR}) answer: the request id its log line carries, to quote to support.`,
  properties: { request_id: { type: 'string', example: 'req_3f9a0c1d2e4b5a6c7d8e' } },
  required: ['request_id'],
};

/**
 * A call's schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1 (zod writes `type: 'null'`,
 * `const` and tuple `prefixItems`, which OpenAPI 3.0 does not have). `$schema` is left out: the
 * document's dialect applies. Also the metered call's parameters (plugins/api-reference-metered.ts).
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return rest;
}

/** The OpenAPI description of every declared call, generated from the contract, and of the metered Open API. */
export function buildApiReference() {
  const paths: Record<string, unknown> = {};
  for (const call of allCalls) {
    const input = jsonSchema(call.input, 'input') as { properties?: Record<string, unknown> };
    input.properties = {
      ...input.properties,
      lang_code: { type: 'string', enum: ['zh-CN', 'en-US', 'zh', 'en'], description: 'Language of msg' },
    };
    paths[callUrl(call)] = {
      post: {
        summary: call.summary,
        // The bare call belongs to no role's area: it answers anyone.
        tags: [call.path ? call.role : 'public'],
        security: call.isAuthenticated ? [{ bearer: [] }] : [],
        ...(call.isWrite ? { parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }] } : {}),
        requestBody: { required: true, content: { 'application/json': { schema: input } } },
        responses: {
          200: {
            description:
              '`code` 200 is success and `data` is described here; any other code is a failure from the catalogue, `msg` says why ' +
              `(a SERVER_ERROR, ${ErrorCode.SERVER_ERROR}, has \`data\` ServerErrorData: the request id to quote to support).`,
            headers: { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } },
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    code: { type: 'integer' },
                    msg: { type: 'string' },
                    data: jsonSchema(call.output, 'output'),
                  },
                  required: ['code', 'msg', 'data'],
                },
              },
            },
          },
        },
      },
    };
  }
  const metered = buildMeteredApiReference();
  const storePlugins = buildStorePluginsApiReference();
  return {
    // 3.1: its schemas are JSON Schema 2020-12, as zod writes them (test/api-reference.valid.test.ts keeps it valid).
    openapi: '3.1.0',
    info: {
      title: 'Parlour API',
      version: '1',
      description:
        'Every call is POST with a JSON body carrying lang_code. Every call that changes something takes an Idempotency-Key header ' +
        '(see the parameter), so a retry or a double click changes things once. The metered product-data ' +
        "Open API and the store system's plugin list (tag open) are called with a store API key. " +
        'Every answer names its request id in the X-Request-Id header; a SERVER_ERROR answer quotes it in `data.request_id`, for support to find its log line.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, ...metered.securitySchemes },
      schemas: { ...metered.schemas, ...storePlugins.schemas, ServerErrorData: SERVER_ERROR_DATA_SCHEMA },
      parameters: { IdempotencyKey: IDEMPOTENCY_KEY_PARAMETER },
      headers: { RequestId: REQUEST_ID_HEADER_OBJECT },
    },
    paths: { ...paths, ...metered.paths, ...storePlugins.paths },
  };
}

export async function registerApiReference(app: FastifyInstance) {
  await app.register(swagger, { mode: 'static', specification: { document: buildApiReference() as never } });
  // No validator badge: it would load an image from validator.swagger.io, outside the CSP's img-src.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
}
