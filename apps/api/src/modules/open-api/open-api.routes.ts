import * as calls from '@parlour/contract/calls/open-core';
import { OPEN_API_KEY_HEADER, OPEN_API_PATH_PREFIX } from '@parlour/contract/calls/open-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { CallRegistrar } from '../../lib/register-call';
import { ok, requestLang } from '../../plugins/envelope';
import type { OpenApiService } from './open-api.service';
import type { ShopKeyService } from './shop-key.service';

/** The store's key: `x-api-key`, or `Authorization: Bearer <key>`. */
function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[OPEN_API_KEY_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value?.trim()) return value.trim();
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1]?.trim() || undefined;
}

/**
 * The public, metered Open API (`POST /open/v1/:platform/:api_code`, outside the /api/v1 contract
 * like the payment notify route) and the merchant's store key calls.
 */
export function registerOpenApiRoutes(app: FastifyInstance, registrar: CallRegistrar, deps: { openApi: OpenApiService; shopKeys: ShopKeyService }) {
  const { register } = registrar;
  const { openApi, shopKeys } = deps;

  app.post<{ Params: { platform: string; api_code: string } }>(`${OPEN_API_PATH_PREFIX}/:platform/:api_code`, async (request, reply) => {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw new AppError('MALFORMED_REQUEST');
    const data = await openApi.handleCall({
      apiKey: apiKeyOf(request),
      platform: request.params.platform,
      apiCode: request.params.api_code,
      body: body as Record<string, unknown>,
    });
    return reply.send(ok(data, requestLang(request)));
  });

  register(calls.merchantListShopKeys, ({ input, principal }) => shopKeys.listKeys(principal.userId, input));
  register(calls.merchantRevealShopKey, ({ input, principal }) => shopKeys.revealKey(principal.userId, input.shop_id));
  register(calls.merchantRotateShopKey, ({ input, principal }) => shopKeys.rotateKey(principal.userId, input.shop_id));
}
