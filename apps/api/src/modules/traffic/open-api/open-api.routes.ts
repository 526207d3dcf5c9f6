import * as calls from '@parlour/contract/calls/open-core';
import { OPEN_API_KEY_HEADER, OPEN_API_PATH_PREFIX } from '@parlour/contract/calls/open-core';
import { errorMessage } from '@parlour/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error';
import type { CallRegistrar } from '../../../platform/register-call';
import {
  PUBLIC_BODY_LIMITS,
  publicRouteOptions,
  type IpRateLimit,
} from '../../../platform/rate-limit/ip-rate-limit.service';
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

/** Refusals of a caller no store is known for: they are counted per IP (a store's own refusals are logged and metered). */
const ANONYMOUS_REFUSALS: ReadonlySet<string> = new Set(['OPEN_KEY_INVALID', 'MALFORMED_REQUEST']);

/**
 * The per-IP budget of anonymous refusals (issue 13 §2), counted in the database like every public
 * budget. A process that saw an address go over it refuses that address at once until the window
 * ends, without looking its key up; good keys are never counted, so metered traffic pays nothing.
 */
function createRefusalBudget(ipRateLimit: IpRateLimit) {
  const blockedUntil = new Map<string, number>();
  return {
    refuseIfOverBudget(ip: string) {
      const until = blockedUntil.get(ip);
      if (until === undefined) return;
      const left = until - Date.now();
      if (left <= 0) {
        blockedUntil.delete(ip);
        return;
      }
      throw new AppError('TOO_MANY_REQUESTS', { data: { retry_after: Math.max(1, Math.ceil(left / 1000)) } });
    },
    async count(ip: string) {
      try {
        await ipRateLimit.hit('open-api-refusal', ip);
      } catch (error) {
        if (blockedUntil.size > 10_000) blockedUntil.clear();
        const retryAfter =
          ((error as AppError).options?.data as { retry_after?: number } | undefined)?.retry_after ?? 60;
        blockedUntil.set(ip, Date.now() + retryAfter * 1000);
        throw error;
      }
    },
  };
}

/**
 * The public, metered Open API (`POST /open/v1/:platform/:api_code`, outside the /api/v1 contract
 * like the payment notify route) and the merchant's store key calls.
 */
export function registerOpenApiRoutes(
  app: FastifyInstance,
  registrar: CallRegistrar,
  deps: { openApi: OpenApiService; shopKeys: ShopKeyService; ipRateLimit?: IpRateLimit },
) {
  const { register } = registrar;
  const { openApi, shopKeys, ipRateLimit } = deps;
  const refusals = ipRateLimit ? createRefusalBudget(ipRateLimit) : null;

  app.post<{ Params: { platform: string; api_code: string } }>(
    `${OPEN_API_PATH_PREFIX}/:platform/:api_code`,
    publicRouteOptions(PUBLIC_BODY_LIMITS.openApi),
    async (request, reply) => {
      refusals?.refuseIfOverBudget(request.ip);
      try {
        const body = request.body ?? {};
        if (typeof body !== 'object' || Array.isArray(body)) throw new AppError('MALFORMED_REQUEST');
        const data = await openApi.handleCall({
          apiKey: apiKeyOf(request),
          platform: request.params.platform,
          apiCode: request.params.api_code,
          body: body as Record<string, unknown>,
        });
        return reply.send(ok(data, requestLang(request)));
      } catch (error) {
        if (refusals && error instanceof AppError && ANONYMOUS_REFUSALS.has(error.key))
          await refusals.count(request.ip);
        throw error;
      }
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

  register(calls.merchantListShopKeys, ({ input, principal }) => shopKeys.listKeys(principal.userId, input));
  register(calls.merchantRevealShopKey, ({ input, principal }) => shopKeys.revealKey(principal.userId, input.shop_id));
  register(calls.merchantRotateShopKey, ({ input, principal }) => shopKeys.rotateKey(principal.userId, input.shop_id));
}
