import { callUrl } from '@parlour/contract/call';
import { allCalls } from '@parlour/contract/calls/all';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_TTL_HOURS } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildMeteredOpenApi } from './openapi-metered';

/** The header every writing call takes (issue 11); described once, referenced by each such call. */
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

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** The OpenAPI description of every declared call, generated from the contract, and of the metered Open API. */
export function buildOpenApiDocument() {
  const paths: Record<string, unknown> = {};
  for (const call of allCalls) {
    const input = jsonSchema(call.input, 'input') as { properties?: Record<string, unknown> };
    input.properties = { ...input.properties, lang_code: { type: 'string', enum: ['zh-CN', 'en-US', 'zh', 'en'], description: 'Language of msg' } };
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
            description: '`code` 200 is success; any other code is a failure from the catalogue, `msg` says why.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: jsonSchema(call.output, 'output') },
                  required: ['code', 'msg', 'data'],
                },
              },
            },
          },
        },
      },
    };
  }
  const metered = buildMeteredOpenApi();
  return {
    openapi: '3.0.3',
    info: {
      title: 'Parlour API',
      version: '1',
      description:
        'Every call is POST with a JSON body carrying lang_code. Every call that changes something takes an Idempotency-Key header ' +
        '(see the parameter), so a retry or a double click changes things once. The metered product-data Open API (tag open) is called with a store API key.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, ...metered.securitySchemes },
      schemas: metered.schemas,
      parameters: { IdempotencyKey: IDEMPOTENCY_KEY_PARAMETER },
    },
    paths: { ...paths, ...metered.paths },
  };
}

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, { mode: 'static', specification: { document: buildOpenApiDocument() as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
