import { performance } from 'node:perf_hooks';
import { OPEN_API_RATE_BURST, OPEN_API_RATE_PER_SECOND } from '@parlour/contract/calls/open-core';
import { LOG_PLATFORMS } from '@parlour/contract/constants';
import type { ApiCallCacheState, ApiCallSource } from '@parlour/contract/calls/traffic-report';
import type { ErrorKey, Lang } from '@parlour/contract/errors';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { ProductPlatform } from '../../../providers/product-data/product-data-provider';
import type { ActiveProductData } from '../core-data/core-data.service';
import { checkCallParams, keyOwnerRefusal, storableText } from './open-api.rules';
import type { CallIdentity, Caller, CatalogueEntry, OpenApiRepository } from './open-api.repository';
import type { ProductCacheService } from '../product-cache/product-cache.service';
import type { CachedAnswer } from '../product-cache/product-cache.repository';
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

/** A product-data call's answer: the vendor's data, where it came from, and when the vendor gave it. */
export interface ProductAnswer {
  data: unknown;
  /** live: the vendor answered this call; cached: a fresh copy; stale: a copy past its freshness, the vendor having failed. */
  cacheState: ApiCallCacheState;
  fetchedAt: Date;
}

/** A call that passed every rule: who calls, what, and the catalogue's price and cache windows. */
interface CheckedCall {
  identity: CallIdentity & { platform: ProductPlatform };
  api: NonNullable<CatalogueEntry['api']>;
  startedAt: number;
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
  /** The product-data cache: fresh copies answer without a vendor call, stale ones when the vendor fails. None: every call goes to the vendor. */
  productCache?: ProductCacheService;
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

  /** Resolves and checks a key's call, then charges it (no cache: the primitive the concurrency tests drive). */
  async function charge(call: OpenApiCall): Promise<ChargedCall> {
    return chargeChecked(await checkKeyCall(call));
  }

  /** Resolves and checks a key's call. Throws the AppError the caller answers with. */
  async function checkKeyCall(call: OpenApiCall): Promise<CheckedCall> {
    const startedAt = performance.now();
    if (!call.apiKey) throw new AppError('OPEN_KEY_INVALID');
    const keyHash = hashApiKey(call.apiKey);
    // Before any database work, and not logged: the point is to spare the database.
    const retryAfter = limiter.take(keyHash);
    if (retryAfter > 0) throw new AppError('TOO_MANY_REQUESTS', { data: { retry_after: retryAfter } });
    const { platform, apiCode, body } = call;
    return checkCaller({ caller: { keyHash }, source: 'api_key', platform, apiCode, body, startedAt });
  }

  /** Charges a checked call `cost` units (its API's cost unless given); OPEN_QUOTA_EXHAUSTED (logged) when no package can pay. */
  async function chargeChecked(checked: CheckedCall, cost = checked.api.cost): Promise<ChargedCall> {
    const { identity, startedAt } = checked;
    const charged = await repository.charge({ ...identity, cost, now: clock.now(), startedAt });
    if (!charged) throw new AppError('OPEN_QUOTA_EXHAUSTED');
    return { callId: charged.callId, packageId: charged.packageId, identity, startedAt };
  }

  /**
   * The common path of every caller, once it is known who calls: resolves the store and the catalogue
   * entry and applies the rules in their order (refusals are thrown, logged where they say). A key's
   * call and a storefront call differ only in how the store is named and in the words of the two
   * refusals that are answered, not logged.
   */
  async function checkCaller(call: {
    caller: Caller;
    source: ApiCallSource;
    platform: string;
    apiCode: string;
    body: Record<string, unknown>;
    startedAt: number;
  }): Promise<CheckedCall> {
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

    return { identity: { ...identity, platform: platform as ProductPlatform }, api: entry.api, startedAt };
  }

  /** Calls the upstream for a charged call and settles it; answers the data or throws the failure. */
  async function callAndSettle(charged: ChargedCall): Promise<unknown> {
    return (await callUpstream(charged, await deps.getProductData())).data;
  }

  /**
   * The vendor call of a charged call, settled: success keeps the units; a failure gives them back —
   * unless `stale` is given (a copy past its freshness, within its stale window), which is then served
   * instead, the call keeping only the units of a cached answer.
   */
  async function callUpstream(
    charged: ChargedCall,
    active: ActiveProductData,
    stale?: { answer: CachedAnswer; units: number },
  ): Promise<ProductAnswer> {
    const { provider, timeoutMs } = active;
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
      return { data: outcome.data, cacheState: 'live', fetchedAt: clock.now() };
    }
    // A missing item is the vendor's answer, not its failure: its own code (refunded all the same).
    const errorKey: ErrorKey =
      outcome.kind === 'timeout'
        ? 'OPEN_UPSTREAM_TIMEOUT'
        : outcome.kind === 'not_found'
          ? 'OPEN_ITEM_NOT_FOUND'
          : 'OPEN_UPSTREAM_FAILED';
    // The upstream's words are kept for the detail view, made storable (they share a batch with other calls).
    const error = storableText(`${errorKey}: ${outcome.kind}: ${outcome.error}`);
    // A stale copy stands in for a vendor that failed, never for one that said the item is gone.
    if (stale && outcome.kind !== 'not_found') {
      const isSettled = await repository.settle(charged.callId, {
        status: 'success',
        error,
        responseMs,
        now: clock.now(),
        cacheState: 'stale',
        keptUnits: stale.units,
      });
      if (isSettled) return { data: stale.answer.payload, cacheState: 'stale', fetchedAt: stale.answer.fetchedAt };
      throw new AppError('OPEN_UPSTREAM_TIMEOUT');
    }
    await repository.settle(charged.callId, { status: 'failed_upstream', error, responseMs, now: clock.now() });
    throw new AppError(errorKey);
  }

  /** Serves a copy of the cache to a checked call: charged the API's units for a cached answer (none when they are 0). */
  async function serveCopy(checked: CheckedCall, copy: CachedAnswer, cacheState: 'cached' | 'stale') {
    const units = cachedUnits(checked);
    const answer: ProductAnswer = { data: copy.payload, cacheState, fetchedAt: copy.fetchedAt };
    if (units === 0) {
      await repository.logUncharged(checked.identity, {
        status: 'success',
        error: '',
        responseMs: elapsedMs(checked.startedAt),
        now: clock.now(),
        cacheState,
      });
      return answer;
    }
    const charged = await chargeChecked(checked, units);
    await repository.settle(charged.callId, {
      status: 'success',
      error: '',
      responseMs: elapsedMs(checked.startedAt),
      now: clock.now(),
      cacheState,
    });
    return answer;
  }

  /**
   * A checked call answered through the product-data cache (docs/open-api.md "Product-data cache"):
   * a fresh copy answers without a vendor call; a call arriving while the same key's vendor call is in
   * flight in this process waits for it and shares its answer as a cached one; otherwise the call is
   * charged and goes to the vendor, its answer kept — and when the vendor fails, a copy within its
   * stale window is served instead. Without a cache, straight to the vendor.
   */
  async function serve(checked: CheckedCall, beforeUpstream?: () => Promise<void>): Promise<ProductAnswer> {
    const active = await deps.getProductData();
    const cache = deps.productCache;
    if (!cache) {
      await beforeUpstream?.();
      return callUpstream(await chargeChecked(checked), active);
    }
    const { platform, apiCode, requestParams } = checked.identity;
    const key = cache.keyOf({ source: active.sourceKey, platform, apiCode, params: requestParams });
    const { freshSeconds, staleSeconds } = checked.api;
    const ageMs = (copy: CachedAnswer) => clock.now().getTime() - copy.fetchedAt.getTime();
    const isFresh = (copy: CachedAnswer | undefined): copy is CachedAnswer =>
      copy !== undefined && ageMs(copy) < freshSeconds * 1000;
    const copy = await cache.find(key);
    if (isFresh(copy)) {
      cache.count(platform, apiCode, 'hit');
      return serveCopy(checked, copy, 'cached');
    }
    const usableStale =
      copy && ageMs(copy) < (freshSeconds + staleSeconds) * 1000
        ? { answer: copy, units: cachedUnits(checked) }
        : undefined;
    const flight = cache.inFlight(key);
    if (flight) {
      const shared = await flight;
      if (shared.kind === 'answer') {
        cache.count(platform, apiCode, 'hit');
        return serveCopy(checked, shared.answer, 'cached');
      }
      if (shared.kind === 'vendor_failed') {
        // The vendor failed the call this one waited for: a stale copy if there is one, else the same failure, uncharged.
        if (usableStale) {
          cache.count(platform, apiCode, 'stale');
          return serveCopy(checked, usableStale.answer, 'stale');
        }
        await repository.logUncharged(checked.identity, {
          status: 'failed_upstream',
          error: 'OPEN_UPSTREAM_FAILED: the same call in flight failed',
          responseMs: elapsedMs(checked.startedAt),
          now: clock.now(),
        });
        throw new AppError('OPEN_UPSTREAM_FAILED');
      }
      // The call it waited for never reached the vendor (that caller's limit or units): this one goes on its own.
    }
    return cache.fly(key, async (report) => {
      await beforeUpstream?.();
      const charged = await chargeChecked(checked);
      try {
        const answer = await callUpstream(charged, active, usableStale);
        cache.count(platform, apiCode, answer.cacheState === 'stale' ? 'stale' : 'miss');
        report(
          answer.cacheState === 'live'
            ? { kind: 'answer', answer: { payload: answer.data, fetchedAt: answer.fetchedAt } }
            : { kind: 'vendor_failed' },
        );
        return answer;
      } catch (error) {
        cache.count(platform, apiCode, 'miss');
        // A missing item is no failure to cover with a stale copy: a waiting call asks for itself.
        if (!(error instanceof AppError && error.key === 'OPEN_ITEM_NOT_FOUND')) report({ kind: 'vendor_failed' });
        throw error;
      }
    });
  }

  /** The units a cached answer of a checked call's API costs. */
  function cachedUnits(checked: CheckedCall) {
    return checked.api.cachedCost ?? checked.api.cost;
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
      /**
       * Runs before a vendor call is charged (not for an answer from the cache): the storefront's limit
       * of uncached product views per visitor. What it throws is the call's answer; nothing is charged or logged.
       */
      beforeUpstream?: () => Promise<void>;
    }): Promise<ProductAnswer> {
      const startedAt = performance.now();
      // No per-key rate limit: the storefront limits its own visitors' uncached views (beforeUpstream).
      const { shopRef, params, beforeUpstream, ...path } = call;
      return serve(
        await checkCaller({ caller: { shopRef }, source: 'storefront', ...path, body: params, startedAt }),
        beforeUpstream,
      );
    },

    /** One Open API call from start to end. */
    async handleCall(call: OpenApiCall): Promise<ProductAnswer> {
      return serve(await checkKeyCall(call));
    },

    /**
     * A call as it arrived on the public route, from `ip`: refused at once while the address is over
     * its budget of anonymous refusals; a body that is not a JSON object is MALFORMED_REQUEST; an
     * unknown key or a malformed request counts against the address's budget (a store's own
     * refusals are logged and metered instead, see above).
     */
    async handlePublicCall(call: Omit<OpenApiCall, 'body'> & { ip: string; body: unknown }): Promise<ProductAnswer> {
      const { ip, body: sent, ...identity } = call;
      refusals?.refuseIfOverBudget(ip);
      try {
        const body = sent ?? {};
        if (typeof body !== 'object' || Array.isArray(body)) throw new AppError('MALFORMED_REQUEST');
        return await serve(await checkKeyCall({ ...identity, body: body as Record<string, unknown> }));
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
