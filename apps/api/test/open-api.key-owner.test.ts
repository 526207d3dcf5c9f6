import { adminEditMerchant } from '@parlour/contract/calls/merchant-admin';
import { merchantRotateShopKey } from '@parlour/contract/calls/open-core';
import { type TStorePlugins } from '@parlour/contract/calls/plugin';
import { adminSetShopStatus, merchantBuyShop } from '@parlour/contract/calls/store';
import { ErrorCode, errorMessages, type ErrorKey } from '@parlour/contract/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { grantPackage, logsOf, openCall, revealKey, shopRefOf, storeWithKey } from './open-api-helper';
import { expectOk, shopFields, signInAdmin } from './shop-helper';

const DAY_MS = 86_400_000;

/** What a case hands the two calls: the key to present, and the store it belongs to (when one does). */
interface Presented {
  key: string | undefined;
  shopRef?: number;
}

interface Case {
  rule: string;
  present: (t: TestApp, admin: string) => Promise<Presented>;
  /** The refusal both calls answer; undefined: both serve the call. */
  refusal: ErrorKey | undefined;
  /** The Open API's log rows for the store afterwards (a refusal with no tenant, or a suspended merchant's, is not logged). */
  logged: Array<[status: string, error: string]>;
}

async function expireAgo(t: TestApp, shopRef: number, ms: number) {
  await t.database.db.execute(
    sql`update shops set expires_at = ${new Date(t.clock.now().getTime() - ms)} where id = ${shopRef}`,
  );
}

async function storedStatus(t: TestApp, shopRef: number) {
  const { rows } = await t.database.executeSql('select status from shops where id = $1', [shopRef]);
  return (rows[0] as { status: string }).status;
}

const cases: Case[] = [
  {
    rule: 'an operating store is served',
    present: async (t) => {
      const store = await storeWithKey(t);
      await grantPackage(t, { merchantId: store.merchantId, units: 10 });
      return store;
    },
    refusal: undefined,
    logged: [['success', '']],
  },
  { rule: 'no key sent', present: async () => ({ key: undefined }), refusal: 'OPEN_KEY_INVALID', logged: [] },
  {
    rule: 'a key no store holds',
    present: async () => ({ key: `pk_live_${'x'.repeat(43)}` }),
    refusal: 'OPEN_KEY_INVALID',
    logged: [],
  },
  {
    rule: 'a rotated-out key',
    present: async (t) => {
      const store = await storeWithKey(t);
      await expectOk(t.call(merchantRotateShopKey, { shop_id: store.shopId }, store.token));
      return store;
    },
    refusal: 'OPEN_KEY_INVALID',
    logged: [],
  },
  {
    rule: "a suspended merchant's key",
    present: async (t, admin) => {
      const store = await storeWithKey(t);
      await expectOk(t.call(adminEditMerchant, { id: store.merchantId, status: 'disabled' }, admin));
      return store;
    },
    refusal: 'OPEN_KEY_SUSPENDED',
    logged: [],
  },
  {
    rule: 'a suspended merchant whose store is also disabled (suspension is answered first)',
    present: async (t, admin) => {
      const store = await storeWithKey(t);
      await expectOk(
        t.call(adminSetShopStatus, { shop_id: store.shopId, is_disabled: true, remark: 'key owner test' }, admin),
      );
      await expectOk(t.call(adminEditMerchant, { id: store.merchantId, status: 'disabled' }, admin));
      return store;
    },
    refusal: 'OPEN_KEY_SUSPENDED',
    logged: [],
  },
  {
    rule: 'a store disabled by an operator',
    present: async (t, admin) => {
      const store = await storeWithKey(t);
      await expectOk(
        t.call(adminSetShopStatus, { shop_id: store.shopId, is_disabled: true, remark: 'key owner test' }, admin),
      );
      return store;
    },
    refusal: 'OPEN_STORE_NOT_RUNNING',
    logged: [['rejected', 'OPEN_STORE_NOT_RUNNING']],
  },
  {
    rule: 'a store whose term ended a second ago (pending renewal, not swept yet)',
    present: async (t) => {
      const store = await storeWithKey(t);
      await expireAgo(t, store.shopRef, 1000);
      expect(await storedStatus(t, store.shopRef)).toBe('operating');
      return store;
    },
    refusal: 'OPEN_STORE_NOT_RUNNING',
    logged: [['rejected', 'OPEN_STORE_NOT_RUNNING']],
  },
  {
    rule: 'a store ended past its grace days and swept to disabled',
    present: async (t) => {
      const store = await storeWithKey(t);
      await expireAgo(t, store.shopRef, 8 * DAY_MS);
      await t.app.jobs.find((job) => job.queue === 'store-sweep')!.run();
      expect(await storedStatus(t, store.shopRef)).toBe('disabled');
      return store;
    },
    refusal: 'OPEN_STORE_NOT_RUNNING',
    logged: [['rejected', 'OPEN_STORE_NOT_RUNNING']],
  },
  {
    rule: 'a store bought and not paid yet',
    present: async (t) => {
      const { token } = await storeWithKey(t);
      const fields = shopFields();
      await expectOk(t.call(merchantBuyShop, { ...fields, term_type: 'month', term: 1, pay_method: 'alipay' }, token));
      const { shopRef } = await shopRefOf(t, fields.shop_id);
      expect(await storedStatus(t, shopRef)).toBe('unpaid');
      return { key: await revealKey(t, token, fields.shop_id), shopRef };
    },
    refusal: 'OPEN_STORE_NOT_RUNNING',
    logged: [['rejected', 'OPEN_STORE_NOT_RUNNING']],
  },
];

/**
 * The store API key's rules are written once (keyOwnerRefusal, from the store API keys' lookup): the metered
 * Open API and the store system's plugin list answer every key the same way.
 */
describe('a store API key is refused the same way by the Open API and the plugin list', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  beforeEach(async () => {
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  async function logCount() {
    const { rows } = await t.database.executeSql('select count(*)::int as n from api_call_logs');
    return Number((rows[0] as { n: number }).n);
  }

  it.each(cases)('$rule', async ({ present, refusal, logged }) => {
    const { key, shopRef } = await present(t, admin);
    const logsBefore = await logCount();
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const metered = await openCall(t, 'taobao/item_get', { num_iid: '1', lang_code: lang }, key);
      const plugins = await openCall<TStorePlugins>(t, 'plugins', { lang_code: lang }, key);
      if (refusal) {
        for (const answer of [metered, plugins])
          expect({ code: answer.code, msg: answer.msg }).toEqual({
            code: ErrorCode[refusal],
            msg: errorMessages[refusal][lang],
          });
      } else {
        expect([metered.code, plugins.code]).toEqual([200, 200]);
        expect(plugins.data.plugins).toEqual([]);
      }
    }
    // Each language's Open API call once (nothing for a key without a tenant); the plugin list is never logged.
    expect(await logCount()).toBe(logsBefore + 2 * logged.length);
    if (shopRef !== undefined) {
      const rows = (await logsOf(t, shopRef)).map((log) => [log.status, log.error.split(':')[0]]);
      expect(rows).toEqual([...logged, ...logged]);
    }
  });
});
