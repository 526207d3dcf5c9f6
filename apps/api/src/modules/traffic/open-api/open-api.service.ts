import { performance } from 'node:perf_hooks';
import { OPEN_API_RATE_BURST, OPEN_API_RATE_PER_SECOND } from '@parlour/contract/calls/open-core';
import { LOG_PLATFORMS } from '@parlour/contract/constants';
import type { ApiCallSource } from '@parlour/contract/calls/traffic-report';
import type { ErrorKey, Lang } from '@parlour/contract/errors';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { ProductPlatform } from '../../../providers/product-data/product-data-provider';
import type { ActiveProductData } from '../core-data/core-data.service';
import { checkCallParams, keyOwnerRefusal, storableText } from './open-api.rules';
import type { CallIdentity, Caller, OpenApiRepository } from './open-api.repository';
import { createKeyRateLimit } from './key-rate-limit';
import { hashApiKey } from './shop-key.service';
import { ANONYMOUS_REFUSALS, createRefusalBudget } from './open-api-refusals';
import type { IpRateLimit } from '../../../platform/rate-limit/ip-rate-limit.service';

/** How long after its timeout a call in flight (its charge row) is given before the sweep settles it. */
export const SETTLE_MARGIN_MS = 60_000;
/** Path segments longer than this are cut before they are logged. */
const PATH_SEGMENT_MAX = 40;

export interface OpenApiCall {
  /** From `x-api-key` or `Authorization: Bearer`; undefined when neither was sent. */
  apiKey: string | undefined;
  platform: string;
  apiCode: string;
  body: Record<string, unknown>;
}

/** A charged call waiting for its upstream answer. */
export interface ChargedCall {
  /** Its charge row's id, which its log row takes when it settles. */
  callId: number;
  packageId: number;
  identity: CallIdentity & { platform: ProductPlatform };
  startedAt: number;
}

/**
 * The metered Open API. A call comes with a store API key (`POST /open/v1/...`, source api_key) or from
 * the store's own site for a buyer ({@link callForStore}, source storefront: the store named by its id,
 * no key, no per-key rate limit); both then take one path and are metered, logged and counted alike.
 * Per call: the per-key rate limit (past it: answered, not logged); the key
 * resolves the store (unknown keys are answered, not logged); a path naming no API of the catalogue is
 * answered, not logged; the store must be on trial or operating,
 * the platform's data source and the API enabled and the parameters valid by the contract's rules
 * (open-api.rules.ts) — otherwise the call is logged as rejected, not charged. Then `charge` takes the
 * API's cost from a package and inserts the call's charge row (api_call_charges) in one statement,
 * `open_api_charge`; which package pays is the allocation rule of migration 0015 (the store's own
 * packages first, then general ones, the earliest to expire first; no package with enough units:
 * logged as quota_exhausted, not charged). The upstream is called outside any transaction; then
 * `settle` deletes the charge row and writes the call's one log row in one statement — success keeps
 * the units, failed_upstream gives them back — with the daily roll-up. A process dying in between
 * leaves the charge row, which {@link OpenApiService.sweepStale} settles as failed_upstream and refunds.
 */
export function createOpenApiService(deps: {
  repository: OpenApiRepository;
  clock: Clock;
  /** The provider serving calls and its timeout (core data). */
  getProductData: () => Promise<ActiveProductData>;
  /** Per-key rate protection of this process; the contract's defaults when absent. */
  rateLimit?: Parameters<typeof createKeyRateLimit>[0];
  /** The per-IP budget of anonymous refusals (open-api-refusals.ts); none counted when absent. */
  ipRateLimit?: IpRateLimit;
}) {
  const { repository, clock } = deps;
  const refusals = deps.ipRateLimit ? createRefusalBudget(deps.ipRateLimit) : null;
  const limiter = createKeyRateLimit(
    deps.rateLimit ?? { perSecond: OPEN_API_RATE_PER_SECOND, burst: OPEN_API_RATE_BURST },
  );

  async function reject(
    identity: CallIdentity,
    key: ErrorKey,
    startedAt: number,
    messages?: Record<Lang, string>,
  ): Promise<never> {
    await repository.logUncharged(identity, {
      status: 'rejected',
      error: messages ? `${key}: ${messages['en-US']}` : key,
      responseMs: elapsedMs(startedAt),
      now: clock.now(),
    });
    throw new AppError(key, messages ? { messages } : {});
  }

  /** Resolves and checks a key's call, then charges it. Throws the AppError the caller answers with. */
  async function charge(call: OpenApiCall): Promise<ChargedCall> {
    const startedAt = performance.now();
    if (!call.apiKey) throw new AppError('OPEN_KEY_INVALID');
    const keyHash = hashApiKey(call.apiKey);
    // Before any database work, and not logged: the point is to spare the database.
    const retryAfter = limiter.take(keyHash);
    if (retryAfter > 0) throw new AppError('TOO_MANY_REQUESTS', { data: { retry_after: retryAfter } });
    const { platform, apiCode, body } = call;
    return chargeCaller({ caller: { keyHash }, source: 'api_key', platform, apiCode, body, startedAt });
  }

  /**
   * The common path of every caller, once it is known who calls: resolves the store and the catalogue
   * entry, applies the rules in their order, then charges. A key's call and a storefront call differ
   * only in how the store is named and in the words of the two refusals that are answered, not logged.
   */
  async function chargeCaller(call: {
    caller: Caller;
    source: ApiCallSource;
    platform: string;
    apiCode: string;
    body: Record<string, unknown>;
    startedAt: number;
  }): Promise<ChargedCall> {
    const { startedAt } = call;
    const platform = storableText(call.platform.slice(0, PATH_SEGMENT_MAX));
    const apiCode = storableText(call.apiCode.slice(0, PATH_SEGMENT_MAX));
    const context = await repository.findCallContext(call.caller, platform, apiCode);
    // The store API key's rules, the store's plugin list's too (keyOwnerRefusal). Read with the key on every
    // call (nothing cached), so a rotation, a disable or an enable holds in every process from the next call.
    const refusal = keyOwnerRefusal(context?.owner, clock.now());
    // Answered, never logged: an unknown key has no tenant to log it under (logging it would let anyone
    // fill the table), and the reports count no usage for a suspended merchant. (`!context` is for the
    // compiler: keyOwnerRefusal refuses a missing owner first.) The storefront presents no key, so the
    // key's words would be wrong there: to its buyers a store that is gone or whose merchant is
    // suspended is a store not running.
    if (!context || refusal === 'OPEN_KEY_INVALID' || refusal === 'OPEN_KEY_SUSPENDED')
      throw new AppError(call.source === 'storefront' ? 'OPEN_STORE_NOT_RUNNING' : (refusal ?? 'OPEN_KEY_INVALID'));
    const { owner, entry } = context;
    const check = checkCallParams(apiCode, call.body);
    const identity: CallIdentity = {
      merchantId: owner.merchantId,
      shopRef: owner.shopRef,
      shopName: owner.shopName,
      platform,
      apiCode,
      apiName: '',
      requestParams: check.isValid ? check.params : paramsForLog(call.body),
      source: call.source,
    };

    // A path naming no API of the catalogue (a platform that is not one of the four, a code the
    // platform has no API for) is answered and not logged: its row would carry names no report can
    // show, and any store could write such names into the log and its roll-up with its own key.
    const isCatalogued = (LOG_PLATFORMS as readonly string[]).includes(platform) && entry.api !== null;
    const refuse = (key: ErrorKey, messages?: Record<Lang, string>) =>
      isCatalogued
        ? reject(identity, key, startedAt, messages)
        : Promise.reject(new AppError(key, messages ? { messages } : {}));
    // A store not running: logged as rejected.
    if (refusal) return refuse(refusal);
    if (!(LOG_PLATFORMS as readonly string[]).includes(platform)) return refuse('OPEN_PLATFORM_DISABLED');
    if (entry.api) identity.apiName = entry.api.name;
    if (!entry.isSourceEnabled) return refuse('OPEN_PLATFORM_DISABLED');
    if (!entry.api || !entry.api.isEnabled) return refuse('OPEN_API_DISABLED');
    if (!check.isValid) return refuse('OPEN_PARAMS_INVALID', check.messages);

    const charged = await repository.charge({ ...identity, cost: entry.api.cost, now: clock.now(), startedAt });
    if (!charged) throw new AppError('OPEN_QUOTA_EXHAUSTED');
    return {
      callId: charged.callId,
      packageId: charged.packageId,
      identity: { ...identity, platform: platform as ProductPlatform },
      startedAt,
    };
  }

  /** Calls the upstream for a charged call and settles it; answers the data or throws the failure. */
  async function callAndSettle(charged: ChargedCall): Promise<unknown> {
    const { provider, timeoutMs } = await deps.getProductData();
    let outcome: Awaited<ReturnType<typeof provider.call>>;
    try {
      outcome = await provider.call({
        platform: charged.identity.platform,
        apiCode: charged.identity.apiCode,
        params: charged.identity.requestParams,
        timeoutMs,
      });
    } catch (error) {
      outcome = { isOk: false, kind: 'network', error: (error as Error).message };
    }
    const responseMs = elapsedMs(charged.startedAt);
    if (outcome.isOk) {
      const isSettled = await repository.settle(charged.callId, {
        status: 'success',
        error: '',
        responseMs,
        now: clock.now(),
      });
      // The sweep got there first (this process stalled past the timeout): the call was refunded and logged as failed.
      if (!isSettled) throw new AppError('OPEN_UPSTREAM_TIMEOUT');
      return outcome.data;
    }
    // A missing item is the vendor's answer, not its failure: its own code (refunded all the same).
    const errorKey: ErrorKey =
      outcome.kind === 'timeout'
        ? 'OPEN_UPSTREAM_TIMEOUT'
        : outcome.kind === 'not_found'
          ? 'OPEN_ITEM_NOT_FOUND'
          : 'OPEN_UPSTREAM_FAILED';
    // The upstream's words are kept for the detail view, made storable (they share a batch with other calls).
    await repository.settle(charged.callId, {
      status: 'failed_upstream',
      error: storableText(`${errorKey}: ${outcome.kind}: ${outcome.error}`),
      responseMs,
      now: clock.now(),
    });
    throw new AppError(errorKey);
  }

  return {
    charge,
    callAndSettle,

    /** One product-data call made by the store's own site for a buyer: metered like a key's call, logged with source 'storefront'. */
    async callForStore(call: {
      shopRef: number;
      platform: string;
      apiCode: string;
      params: Record<string, string>;
    }): Promise<unknown> {
      const startedAt = performance.now();
      // No per-key rate limit: the storefront limits its own visitors before it calls.
      const { shopRef, params, ...path } = call;
      return callAndSettle(
        await chargeCaller({ caller: { shopRef }, source: 'storefront', ...path, body: params, startedAt }),
      );
    },

    /** One Open API call from start to end. */
    async handleCall(call: OpenApiCall): Promise<unknown> {
      return callAndSettle(await charge(call));
    },

    /**
     * A call as it arrived on the public route, from `ip`: refused at once while the address is over
     * its budget of anonymous refusals; a body that is not a JSON object is MALFORMED_REQUEST; an
     * unknown key or a malformed request counts against the address's budget (a store's own
     * refusals are logged and metered instead, see above).
     */
    async handlePublicCall(call: Omit<OpenApiCall, 'body'> & { ip: string; body: unknown }): Promise<unknown> {
      const { ip, body: sent, ...identity } = call;
      refusals?.refuseIfOverBudget(ip);
      try {
        const body = sent ?? {};
        if (typeof body !== 'object' || Array.isArray(body)) throw new AppError('MALFORMED_REQUEST');
        return await callAndSettle(await charge({ ...identity, body: body as Record<string, unknown> }));
      } catch (error) {
        if (refusals && error instanceof AppError && ANONYMOUS_REFUSALS.has(error.key)) await refusals.count(ip);
        throw error;
      }
    },

    /** Whether the merchant's stores have made any call (the demo seed runs once). */
    hasCalls(merchantId: number) {
      return repository.hasCalls(merchantId);
    },

    /** Settles calls in flight longer than the timeout plus a margin as failed_upstream, refunding their units. */
    async sweepStale() {
      const { timeoutMs } = await deps.getProductData();
      const now = clock.now();
      return repository.sweepStale({ cutoff: new Date(now.getTime() - timeoutMs - SETTLE_MARGIN_MS), now });
    },
  };
}
export type OpenApiService = ReturnType<typeof createOpenApiService>;

function elapsedMs(startedAt: number) {
  return Math.max(0, Math.round(performance.now() - startedAt));
}

/** Parameters that failed the checks, kept readable for the log's detail view (scalars only, cut short). */
function paramsForLog(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body)
      .filter(([name]) => name !== 'lang_code')
      .slice(0, 30)
      .map(([name, value]) => [
        storableText(name.slice(0, 40)),
        storableText(
          (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)).slice(0, 200),
        ),
      ]),
  );
}
