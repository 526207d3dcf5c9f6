import * as calls from '@parlour/contract/calls/open-core';
import { OPEN_API_KEY_HEADER, OPEN_API_PATH_PREFIX } from '@parlour/contract/calls/open-core';
import { errorMessage } from '@parlour/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallRegistrar } from '../../../platform/register-call';
import { PUBLIC_BODY_LIMITS, publicRouteOptions } from '../../../platform/rate-limit/ip-rate-limit.service';
import { failure, ok, requestLang } from '../../../plugins/envelope';
import type { OpenApiService } from './open-api.service';
import type { ShopKeyService } from './shop-key.service';

/** The store's key: `x-api-key`, or `Authorization: Bearer <key>`. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[OPEN_API_KEY_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value?.trim()) return value.trim();
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1]?.trim() || undefined;
}

/**
 * The public, metered Open API (`POST /open/v1/:platform/:api_code`, outside the /api/v1 contract
 * like the payment notify route) and the merchant's store API key calls.
 */
export function registerOpenApiRoutes(
  app: FastifyInstance,
  registrar: CallRegistrar,
  deps: { openApiService: OpenApiService; shopKeyService: ShopKeyService },
) {
  const { register } = registrar;
  const { openApiService, shopKeyService } = deps;

  app.post<{ Params: { platform: string; api_code: string } }>(
    `${OPEN_API_PATH_PREFIX}/:platform/:api_code`,
    publicRouteOptions(PUBLIC_BODY_LIMITS.openApi),
    async (request, reply) => {
      const answer = await openApiService.handlePublicCall({
        ip: request.ip,
        apiKey: apiKeyOf(request),
        platform: request.params.platform,
        apiCode: request.params.api_code,
        body: request.body,
      });
      // Beside the vendor's data: whether it came from the product-data cache, and when the vendor gave it.
      return reply.send({
        ...ok(answer.data, requestLang(request)),
        cache: { state: answer.cacheState, fetched_at: answer.fetchedAt.toISOString() },
      });
    },
  );

  // Every other method on an Open API path: 405 in the Open API's envelope, not the console's page (HEAD comes with GET).
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: `${OPEN_API_PATH_PREFIX}/*`,
    handler: (request, reply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send(
          failure(
            'METHOD_NOT_ALLOWED',
            requestLang(request),
            errorMessage('METHOD_NOT_ALLOWED', requestLang(request), { allow: 'POST' }),
          ),
        ),
  });

  register(calls.merchantListShopKeys, ({ input, principal }) => shopKeyService.listKeys(principal.userId, input));
  register(calls.merchantRevealShopKey, ({ input, principal }) =>
    shopKeyService.revealKey(principal.userId, input.shop_id),
  );
  register(calls.merchantRotateShopKey, ({ input, principal }) =>
    shopKeyService.rotateKey(principal.userId, input.shop_id),
  );
}
