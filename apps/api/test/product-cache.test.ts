import {
  adminEditOpenApi,
  adminListOpenApis,
  adminProductCacheStats,
  adminPurgeProductCache,
  type TOpenApi,
} from '@parlour/contract/calls/open-core';
import { adminListAuditLog } from '@parlour/contract/calls/operations';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import type { ProductDataRequest } from '../src/providers/product-data/product-data-provider';
import { createSandboxProductDataProvider } from '../src/providers/product-data/sandbox-product-data-provider';
import { buildTestApp, type TestApp } from './helper';
import { grantPackage, logsOf, openCall, storeWithKey, unitsUsed } from './open-api-helper';
import { expectOk, signInAdmin } from './shop-helper';

/**
 * The product-data cache (issue 24 §4): a fresh copy answers without a vendor call and costs the API's
 * units for a cached answer; a stale copy answers when the vendor fails; concurrent misses make one
 * vendor call; the operator sets the windows per API, sees hit rates and purges an item. Through the
 * Open API's public route and the storefront's call, on the database of the run.
 */

/** The vendor: the sandbox's answers, or failures, or answers held until released; it counts its calls. */
const vendor = {
  mode: 'ok' as 'ok' | 'fail' | 'hold',
  calls: [] as ProductDataRequest[],
  held: [] as Array<() => void>,
};
const sandbox = createSandboxProductDataProvider();

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp({
    env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' },
    productDataProviderFactory: () => ({
      kind: 'sandbox',
      async call(request) {
        vendor.calls.push(request);
        if (vendor.mode === 'fail') return { isOk: false, kind: 'http', error: 'HTTP 503' };
        if (vendor.mode === 'hold') await new Promise<void>((resolve) => vendor.held.push(resolve));
        return sandbox.call(request);
      },
    }),
  });
  adminToken = await signInAdmin(t);
});
afterAll(() => t?.close());
beforeEach(() => {
  vendor.mode = 'ok';
  vendor.calls = [];
  vendor.held = [];
});

/** Each test asks about its own items, so the copies of one never answer another. */
let nextItem = 700_000_000;
const newItemId = () => String(nextItem++);

async function catalogueEntry(platform: TOpenApi['platform'], code: string): Promise<TOpenApi> {
  const { list } = await expectOk(t.call(adminListOpenApis, { page: 1, limit: 50, platform }, adminToken));
  const entry = list.find((api) => api.code === code);
  if (!entry) throw new Error(`no ${platform}/${code} in the catalogue`);
  return entry;
}

/** Sets an API's cache fields (the rest as they are); answers a function that puts them back. */
async function setCachePolicy(
  platform: TOpenApi['platform'],
  code: string,
  policy: Partial<Pick<TOpenApi, 'fresh_seconds' | 'stale_seconds' | 'cached_cost' | 'cost'>>,
) {
  // The clock moves in these tests: a session of its own.
  adminToken = await signInAdmin(t);
  const entry = await catalogueEntry(platform, code);
  const edit = (fields: typeof policy) =>
    expectOk(
      t.call(
        adminEditOpenApi,
        {
          id: entry.id,
          platform: entry.platform,
          code: entry.code,
          name: entry.name,
          description: entry.description,
          cost: entry.cost,
          is_enabled: entry.is_enabled,
          sort: entry.sort,
          ...fields,
        },
        adminToken,
      ),
    );
  await edit(policy);
  return () =>
    edit({
      cost: entry.cost,
      fresh_seconds: entry.fresh_seconds,
      stale_seconds: entry.stale_seconds,
      cached_cost: entry.cached_cost,
    });
}

const itemGet = (key: string, numIid: string, lang?: string) =>
  openCall<{ item_id: string; title: string }>(
    t,
    'taobao/item_get',
    { num_iid: numIid, ...(lang ? { lang } : {}) },
    key,
  );

async function cacheStatesOf(shopRef: number) {
  return (await logsOf(t, shopRef)).map((row) => [
    row.status,
    (row as unknown as { cache_state: string }).cache_state,
    row.charged_units,
  ]);
}

describe('[CACHE] fresh copies', () => {
  it('answers a repeated call from the cache: one vendor call, each call charged and logged as cached', async () => {
    const store = await storeWithKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 10 });
    const itemId = newItemId();

    const first = await itemGet(store.key, itemId);
    const second = await itemGet(store.key, ` ${itemId} `);
    expect(first.data.item_id).toBe(itemId);
    expect(second.data).toEqual(first.data);
    expect(vendor.calls).toHaveLength(1);
    expect((first as unknown as { cache: { state: string } }).cache.state).toBe('live');
    const cache = (second as unknown as { cache: { state: string; fetched_at: string } }).cache;
    expect(cache.state).toBe('cached');
    expect(cache.fetched_at).toBe((first as unknown as { cache: { fetched_at: string } }).cache.fetched_at);
    // A cached answer costs what a call does by default (the catalogue's cached_cost is null).
    expect(await unitsUsed(t, packageId)).toEqual({ used: 2, total: 10 });
    expect(await cacheStatesOf(store.shopRef)).toEqual([
      ['success', 'live', 1],
      ['success', 'cached', 1],
    ]);
  });

  it('keeps the languages apart, and asks the vendor again once the freshness window has passed', async () => {
    const store = await storeWithKey(t);
    await grantPackage(t, { merchantId: store.merchantId, units: 10 });
    const itemId = newItemId();
    await itemGet(store.key, itemId, 'en');
    await itemGet(store.key, itemId, 'zh-CN');
    expect(vendor.calls).toHaveLength(2);

    const { fresh_seconds: fresh } = await catalogueEntry('taobao', 'item_get');
    expect(fresh).toBe(1800);
    t.clock.advance(fresh - 1);
    await itemGet(store.key, itemId, 'en');
    expect(vendor.calls).toHaveLength(2);
    t.clock.advance(2);
    const again = await itemGet(store.key, itemId, 'en');
    expect(vendor.calls).toHaveLength(3);
    expect((again as unknown as { cache: { state: string } }).cache.state).toBe('live');
  });

  it('charges the units the operator sets for a cached answer: 0 makes them free, even with no units left', async () => {
    const restore = await setCachePolicy('taobao', 'item_get', { cached_cost: 0 });
    try {
      const store = await storeWithKey(t);
      const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 1 });
      const itemId = newItemId();
      await itemGet(store.key, itemId);
      expect(await unitsUsed(t, packageId)).toEqual({ used: 1, total: 1 });
      for (let index = 0; index < 3; index++) expect((await itemGet(store.key, itemId)).data.item_id).toBe(itemId);
      expect(await unitsUsed(t, packageId)).toEqual({ used: 1, total: 1 });
      expect(await cacheStatesOf(store.shopRef)).toEqual([
        ['success', 'live', 1],
        ['success', 'cached', 0],
        ['success', 'cached', 0],
        ['success', 'cached', 0],
      ]);
      // A call the cache cannot answer still needs units.
      const refused = await t.app.inject({
        method: 'POST',
        url: '/open/v1/taobao/item_get',
        payload: { num_iid: newItemId() },
        headers: { 'x-api-key': store.key },
      });
      expect(refused.json().code).not.toBe(0);
      expect(vendor.calls).toHaveLength(1);
    } finally {
      await restore();
    }
  });

  it('makes concurrent misses of one key a single vendor call; the others are served its answer as cached', async () => {
    const store = await storeWithKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 100 });
    const itemId = newItemId();
    vendor.mode = 'hold';
    const calls = Array.from({ length: 8 }, () => itemGet(store.key, itemId));
    for (let waited = 0; vendor.held.length === 0 && waited < 300; waited++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    // Give the other seven time to arrive and find the flight.
    await new Promise((resolve) => setTimeout(resolve, 200));
    vendor.held.forEach((release) => release());
    const answers = await Promise.all(calls);
    expect(answers.every((answer) => answer.data.item_id === itemId)).toBe(true);
    expect(vendor.calls).toHaveLength(1);
    const states = await cacheStatesOf(store.shopRef);
    expect(states.filter(([, state]) => state === 'live')).toHaveLength(1);
    expect(states.filter(([, state]) => state === 'cached')).toHaveLength(7);
    expect(await unitsUsed(t, packageId)).toEqual({ used: 8, total: 100 });
  });
});

describe('[CACHE] stale copies when the vendor fails', () => {
  it('serves a copy past its freshness when the vendor fails, marked stale with its age, charging a cached answer', async () => {
    const restore = await setCachePolicy('taobao', 'item_search', { cost: 2, cached_cost: 1 });
    try {
      const store = await storeWithKey(t);
      const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 10 });
      const query = { q: `umbrella ${newItemId()}` };
      const first = await openCall<{ items: unknown[] }>(t, 'taobao/item_search', query, store.key);
      const { fresh_seconds: fresh } = await catalogueEntry('taobao', 'item_search');
      expect(fresh).toBe(600);
      t.clock.advance(fresh + 60);
      vendor.mode = 'fail';
      const stale = await openCall<{ items: unknown[] }>(t, 'taobao/item_search', query, store.key);
      expect(stale.data).toEqual(first.data);
      const cache = (stale as unknown as { cache: { state: string; fetched_at: string } }).cache;
      expect(cache.state).toBe('stale');
      expect(Date.parse(cache.fetched_at)).toBeLessThan(t.clock.now().getTime() - fresh * 1000);
      // 2 for the first call, then 2 charged for the vendor call and 1 given back for the stale serve.
      expect(await unitsUsed(t, packageId)).toEqual({ used: 3, total: 10 });
      const logs = await logsOf(t, store.shopRef);
      expect(await cacheStatesOf(store.shopRef)).toEqual([
        ['success', 'live', 2],
        ['success', 'stale', 1],
      ]);
      expect(logs[1].error).toContain('OPEN_UPSTREAM_FAILED');
    } finally {
      await restore();
    }
  });

  it('fails and refunds as before once the copy is past its stale window too, or when there is no copy', async () => {
    const store = await storeWithKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 10 });
    const itemId = newItemId();
    await itemGet(store.key, itemId);
    const { fresh_seconds: fresh, stale_seconds: stale } = await catalogueEntry('taobao', 'item_get');
    t.clock.advance(fresh + stale + 1);
    vendor.mode = 'fail';
    const failed = (numIid: string) =>
      t.app.services.openApi.handleCall({
        apiKey: store.key,
        platform: 'taobao',
        apiCode: 'item_get',
        body: { num_iid: numIid },
      });
    await expect(failed(itemId)).rejects.toEqual(new AppError('OPEN_UPSTREAM_FAILED'));
    await expect(failed(newItemId())).rejects.toEqual(new AppError('OPEN_UPSTREAM_FAILED'));
    expect(await unitsUsed(t, packageId)).toEqual({ used: 1, total: 10 });
    expect(await cacheStatesOf(store.shopRef)).toEqual([
      ['success', 'live', 1],
      ['failed_upstream', 'live', 0],
      ['failed_upstream', 'live', 0],
    ]);
  });

  it('an item page served from a stale copy says so, with the time of its data', async () => {
    const store = await storeWithKey(t);
    await grantPackage(t, { merchantId: store.merchantId, units: 10 });
    const itemId = newItemId();
    const host = `${store.shopId}.localhost:3000`;
    const page = () =>
      t.app.inject({ method: 'GET', url: `/item/taobao/${itemId}`, headers: { host, 'accept-language': 'en-US' } });
    expect((await page()).statusCode).toBe(200);
    t.clock.advance(3600);
    vendor.mode = 'fail';
    const stale = await page();
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain('The marketplace can&#x27;t be reached right now: price and stock as of');
    vendor.mode = 'ok';
    const fresh = await page();
    expect(fresh.body).not.toContain('can&#x27;t be reached');
    expect(fresh.body).toContain('Item data as of');
  });
});

describe('[CACHE] the storefront and the operator', () => {
  it('limits only uncached views per visitor: cached item pages keep answering past the limit', async () => {
    const limited = await buildTestApp({
      env: { CODE_SENDS_PER_IP_PER_HOUR: '10000', IP_RATE_LIMIT_SCALE: '1' },
      productDataProviderFactory: () => sandbox,
    });
    try {
      const store = await storeWithKey(limited);
      await grantPackage(limited, { merchantId: store.merchantId, units: 500 });
      const host = `${store.shopId}.localhost:3000`;
      const view = (itemId: string) =>
        limited.app.inject({
          method: 'GET',
          url: `/item/jd/${itemId}`,
          remoteAddress: '198.51.100.200',
          headers: { host },
        });
      const popular = newItemId();
      expect((await view(popular)).statusCode).toBe(200);
      // The visitor's other uncached views use up the rest of the minute's budget.
      const { ipRateLimit } = limited.app.services;
      for (let index = 1; index < ipRateLimit.limitOf('storefront-product'); index++)
        await ipRateLimit.hit('storefront-product', '198.51.100.200');
      for (let index = 0; index < 5; index++) expect((await view(popular)).statusCode).toBe(200);
      const uncached = await view(newItemId());
      expect(uncached.statusCode).toBe(429);
      expect(Number(uncached.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('reports hits, stale serves and misses per platform and API, and purges an item (audited)', async () => {
    // Earlier tests moved the clock past the operator's session.
    adminToken = await signInAdmin(t);
    const store = await storeWithKey(t);
    await grantPackage(t, { merchantId: store.merchantId, units: 50 });
    const before = await expectOk(t.call(adminProductCacheStats, { time_range: 'today' }, adminToken));
    const itemId = newItemId();
    await itemGet(store.key, itemId, 'en');
    await itemGet(store.key, itemId, 'en');
    await itemGet(store.key, itemId, 'zh-CN');
    const after = await expectOk(t.call(adminProductCacheStats, { time_range: 'today' }, adminToken));
    const row = (stats: typeof after) =>
      stats.list.find((entry) => entry.platform === 'taobao' && entry.api_code === 'item_get') ?? {
        hits: 0,
        misses: 0,
        stale: 0,
        entries: 0,
      };
    expect(row(after).hits - row(before).hits).toBe(1);
    expect(row(after).misses - row(before).misses).toBe(2);
    expect(row(after).entries - row(before).entries).toBe(2);
    expect(after.total.hit_rate).toBeGreaterThan(0);
    expect(after.start_date).toBe(after.end_date);

    const purged = await expectOk(t.call(adminPurgeProductCache, { platform: 'taobao', item_id: itemId }, adminToken));
    expect(purged).toEqual({ deleted: 2 });
    await itemGet(store.key, itemId, 'en');
    expect(vendor.calls).toHaveLength(3);
    const audit = await expectOk(
      t.call(adminListAuditLog, { page: 1, limit: 5, action: 'product_cache.purge' }, adminToken),
    );
    expect(audit.list[0]).toMatchObject({ action: 'product_cache.purge', target_id: `taobao/${itemId}` });
  });

  it('refuses bad cache settings and a bad item number with the field named, in both languages', async () => {
    adminToken = await signInAdmin(t);
    const entry = await catalogueEntry('jd', 'item_get');
    const base = {
      id: entry.id,
      platform: entry.platform,
      code: entry.code,
      name: entry.name,
      cost: entry.cost,
      sort: entry.sort,
    };
    for (const [fields, field] of [
      [{ fresh_seconds: -1 }, 'fresh_seconds'],
      [{ stale_seconds: 91 * 86_400 }, 'stale_seconds'],
      [{ cached_cost: 1.5 }, 'cached_cost'],
    ] as const) {
      for (const lang of ['zh-CN', 'en-US'] as const) {
        const answer = await t.call(adminEditOpenApi, { ...base, ...fields, lang_code: lang } as never, adminToken);
        expect(answer.code).toBe(10001);
        const errors = (answer.data as unknown as { errors: Array<{ field: string; message: string }> }).errors;
        expect(errors.map((error) => error.field)).toEqual([field]);
        expect(errors[0].message).toMatch(lang === 'zh-CN' ? /[\u4e00-\u9fff]/ : /^[A-Z][a-z]/);
      }
    }
    expect(await catalogueEntry('jd', 'item_get')).toEqual(entry);
    const bad = await t.call(adminPurgeProductCache, { platform: 'jd', item_id: 'a b' }, adminToken);
    expect(bad.code).toBe(10001);
  });
});
