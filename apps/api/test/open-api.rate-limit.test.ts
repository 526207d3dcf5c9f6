import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { createKeyRateLimit } from '../src/modules/traffic/open-api/key-rate-limit';
import { createOpenApiRepository } from '../src/modules/traffic/open-api/open-api.repository';
import { createOpenApiService } from '../src/modules/traffic/open-api/open-api.service';
import { createSandboxProductDataProvider } from '../src/providers/product-data/sandbox-product-data-provider';
import { buildTestApp, type TestApp } from './helper';
import { grantPackage, logsOf, storeWithKey, unitsUsed } from './open-api-helper';

describe('Open API: per-key rate protection', () => {
  it('refills a bucket per key over time and answers how long to wait', () => {
    let time = 0;
    const limit = createKeyRateLimit({ perSecond: 2, burst: 3, now: () => time });
    expect([limit.take('a'), limit.take('a'), limit.take('a'), limit.take('a')]).toEqual([0, 0, 0, 1]);
    expect(limit.take('b')).toBe(0);
    time += 500;
    expect(limit.take('a')).toBe(0);
    expect(limit.take('a')).toBe(1);
  });

  describe('in the service', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    });
    afterAll(() => t.close());

    it('answers TOO_MANY_REQUESTS past the burst, without logging or charging the refused call', async () => {
      const store = await storeWithKey(t);
      const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 10 });
      const service = createOpenApiService({
        repository: createOpenApiRepository(t.database.db),
        clock: t.clock,
        getProductData: async () => ({
          provider: createSandboxProductDataProvider(),
          timeoutMs: 1000,
          sourceKey: 'sandbox',
        }),
        // The bucket's time stands still: a slow machine must not refill it between the calls.
        rateLimit: { perSecond: 0.5, burst: 2, now: () => 0 },
      });
      const call = { apiKey: store.key, platform: 'taobao', apiCode: 'item_get', body: { num_iid: '1' } };
      await service.handleCall(call);
      await service.handleCall(call);
      await expect(service.handleCall(call)).rejects.toEqual(
        new AppError('TOO_MANY_REQUESTS', { data: { retry_after: 2 } }),
      );
      expect(await unitsUsed(t, packageId)).toEqual({ used: 2, total: 10 });
      expect((await logsOf(t, store.shopRef)).map((log) => log.status)).toEqual(['success', 'success']);
    });
  });
});
