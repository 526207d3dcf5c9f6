import {
  merchantAddShopPlugin,
  merchantListMarketPlugins,
  merchantListShopPlugins,
  merchantPluginDetail,
  merchantSetShopPluginStatus,
  type TStorePlugins,
} from '@parlour/contract/calls/plugin';
import { merchantListBills } from '@parlour/contract/calls/bill';
import { adminEditMerchant } from '@parlour/contract/calls/merchant-admin';
import { merchantRotateShopKey } from '@parlour/contract/calls/open-core';
import { ErrorCode } from '@parlour/contract/errors';
import { describe, expect, it } from 'vitest';
import type { TestApp } from './helper';
import { openCall, storeWithKey } from './open-api-helper';
import { addPlugin, takePlugin, usePluginSuite } from './plugin-helper';
import { advanceKeepingSessions, expectOk, merchantWithStore, payThroughCashier } from './shop-helper';

/**
 * Plugins (docs/plugins.md): tenancy of the plugin calls, and the store system's list of a store's enabled
 * plugins by its API key.
 */
describe('plugin security', () => {
  let t: TestApp;
  let admin: string;
  usePluginSuite({ app: (app) => (t = app), admin: (token) => (admin = token) });

  it("merchant B neither sees A's purchases nor installs onto, enables or disables plugins of A's stores", async () => {
    const a = await merchantWithStore(t);
    const b = await merchantWithStore(t);
    const plugin = await addPlugin(t, admin, { trial_days: 0 });
    const order = await expectOk(takePlugin(t, a.token, { shop_id: a.shopId, plugin_id: plugin.id }));
    await expectOk(payThroughCashier(t, order.payment!));

    expect((await t.call(merchantListShopPlugins, { shop_id: a.shopId }, b.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(merchantListMarketPlugins, { shop_id: a.shopId }, b.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(merchantPluginDetail, { id: plugin.id, shop_id: a.shopId }, b.token)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect(
      (
        await t.call(
          merchantSetShopPluginStatus,
          { shop_id: a.shopId, plugin_id: plugin.id, status: 'disabled' },
          b.token,
        )
      ).code,
    ).toBe(ErrorCode.NOT_FOUND);
    expect((await takePlugin(t, b.token, { shop_id: a.shopId, plugin_id: plugin.id })).code).toBe(ErrorCode.NOT_FOUND);
    // B's own views hold nothing of A's: its market shows the plugin available, its bills no plugin bill.
    const market = await expectOk(
      t.call(merchantListMarketPlugins, { shop_id: b.shopId, keyword: plugin.code }, b.token),
    );
    expect(market.list[0]).toMatchObject({ market_state: 'available', unpaid_bill_no: null, is_installed: false });
    expect((await expectOk(t.call(merchantListBills, { type: 'plugin' }, b.token))).total).toBe(0);
    expect((await expectOk(t.call(merchantListShopPlugins, { shop_id: a.shopId }, a.token))).list[0]).toMatchObject({
      id: plugin.id,
      shop_status: 'enabled',
    });
  });

  it('ignores a merchant_id or shop_ref smuggled into a purchase body', async () => {
    const a = await merchantWithStore(t);
    const b = await merchantWithStore(t);
    const plugin = await addPlugin(t, admin, { price: 0, trial_days: 0 });
    const { rows } = await t.database.executeSql('select id, merchant_id from shops where shop_id = $1', [a.shopId]);
    const aShop = rows[0] as { id: number; merchant_id: number };
    await expectOk(
      t.callRaw(
        merchantAddShopPlugin,
        { shop_id: b.shopId, plugin_id: plugin.id, merchant_id: aShop.merchant_id, shop_ref: aShop.id },
        b.token,
      ),
    );
    const { rows: installs } = await t.database.executeSql(
      'select shop_ref, merchant_id from shop_plugins where plugin_id = $1',
      [plugin.id],
    );
    expect(installs).toHaveLength(1);
    expect(Number((installs[0] as { shop_ref: number }).shop_ref)).not.toBe(Number(aShop.id));
  });

  describe('the store system: POST /open/v1/plugins with the store API key', () => {
    it("answers the store's enabled plugins with code, version and trial end; not metered; another store's plugins never", async () => {
      const store = await storeWithKey(t);
      const other = await storeWithKey(t);
      const free = await addPlugin(t, admin, { price: 0, trial_days: 0, version: '2.1.0' });
      const tried = await addPlugin(t, admin, { trial_days: 3 });
      const off = await addPlugin(t, admin, { price: 0, trial_days: 0 });
      await expectOk(takePlugin(t, store.token, { shop_id: store.shopId, plugin_id: free.id }));
      const trial = await expectOk(
        takePlugin(t, store.token, { shop_id: store.shopId, plugin_id: tried.id, mode: 'trial' }),
      );
      await expectOk(takePlugin(t, store.token, { shop_id: store.shopId, plugin_id: off.id }));
      await expectOk(
        t.call(
          merchantSetShopPluginStatus,
          { shop_id: store.shopId, plugin_id: off.id, status: 'disabled' },
          store.token,
        ),
      );
      await expectOk(takePlugin(t, other.token, { shop_id: other.shopId, plugin_id: off.id }));

      const answer = await openCall<TStorePlugins>(t, 'plugins', {}, store.key);
      expect(answer.code).toBe(200);
      expect(answer.data.shop_id).toBe(store.shopId);
      expect(answer.data.plugins).toEqual(
        [
          { code: free.code, version: '2.1.0', source: 'free', trial_ends_at: null },
          { code: tried.code, version: '1.0.0', source: 'trial', trial_ends_at: trial.shop_plugin!.trial_ends_at },
        ].sort((left, right) => left.code.localeCompare(right.code)),
      );
      // Bearer works too, and nothing is logged or charged.
      expect(
        (await openCall<TStorePlugins>(t, 'plugins', {}, undefined, { authorization: `Bearer ${store.key}` })).data
          .plugins,
      ).toHaveLength(2);
      const { rows } = await t.database.executeSql('select count(*)::int as n from api_call_logs where shop_ref = $1', [
        store.shopRef,
      ]);
      expect(Number((rows[0] as { n: number }).n)).toBe(0);

      // A trial past its end is no longer enabled.
      await advanceKeepingSessions(t, 3 * 86_400 + 60, [store.token]);
      expect(
        (await openCall<TStorePlugins>(t, 'plugins', {}, store.key)).data.plugins.map((plugin) => plugin.code),
      ).toEqual([free.code]);
    });

    it('refuses a missing, unknown or rotated key, a suspended merchant and a store that is not running', async () => {
      expect((await openCall(t, 'plugins', {})).code).toBe(ErrorCode.OPEN_KEY_INVALID);
      expect((await openCall(t, 'plugins', {}, 'pk_live_unknown')).code).toBe(ErrorCode.OPEN_KEY_INVALID);
      const store = await storeWithKey(t);
      await expectOk(t.call(merchantRotateShopKey, { shop_id: store.shopId }, store.token));
      expect((await openCall(t, 'plugins', {}, store.key)).code).toBe(ErrorCode.OPEN_KEY_INVALID);

      const suspended = await storeWithKey(t);
      await expectOk(t.call(adminEditMerchant, { id: suspended.merchantId, status: 'disabled' }, admin));
      expect((await openCall(t, 'plugins', {}, suspended.key)).code).toBe(ErrorCode.OPEN_KEY_SUSPENDED);

      const lapsed = await storeWithKey(t);
      await advanceKeepingSessions(t, 32 * 86_400, [lapsed.token]);
      expect((await openCall(t, 'plugins', {}, lapsed.key)).code).toBe(ErrorCode.OPEN_STORE_NOT_RUNNING);
    });
  });
});
