import { callUrl } from '@parlour/contract/call';
import { allCalls } from '@parlour/contract/calls/all';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildMeteredOpenApi } from './openapi-metered';

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
      description: 'Every call is POST with a JSON body carrying lang_code. The metered product-data Open API (tag open) is called with a store API key.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, ...metered.securitySchemes }, schemas: metered.schemas },
    paths: { ...paths, ...metered.paths },
  };
}

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, { mode: 'static', specification: { document: buildOpenApiDocument() as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
