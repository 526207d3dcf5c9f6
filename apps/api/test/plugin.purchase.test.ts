import {
  adminListPluginInstalls,
  adminPluginDetail,
  adminSetPluginStatus,
  merchantAddShopPlugin,
  merchantListMarketPlugins,
  merchantListShopPlugins,
  merchantPluginDetail,
  merchantSetShopPluginStatus,
} from '@parlour/contract/calls/plugin';
import {
  adminBillTypeDistribution,
  adminExportBills,
  adminListBills,
  adminListIncome,
  merchantCancelBill,
  merchantExportBills,
  merchantListBills,
} from '@parlour/contract/calls/bill';
import { adminSetShopStatus, merchantRenewShop } from '@parlour/contract/calls/store';
import { ErrorCode } from '@parlour/contract/errors';
import { describe, expect, it } from 'vitest';
import { registerMerchant, type TestApp } from './helper';
import { sandboxPayments } from './payment-helper';
import { addPlugin, takePlugin, usePluginSuite } from './plugin-helper';
import {
  advanceKeepingSessions,
  expectOk,
  merchantWithStore,
  payThroughCashier,
  signInAdmin,
  VERSION,
} from './shop-helper';

const DAY_MS = 86_400_000;

/**
 * Plugins (docs/plugins.md): a merchant takes plugins for its stores — free, on trial, bought through a
 * plugin bill — and switches them.
 */
describe('plugin purchase (merchant)', () => {
  let t: TestApp;
  let admin: string;
  usePluginSuite({ app: (app) => (t = app), admin: (token) => (admin = token) });

  const myPlugins = async (token: string, shopId: string) =>
    (await expectOk(t.call(merchantListShopPlugins, { shop_id: shopId }, token))).list;
  const installCount = async (pluginId: number) =>
    (await expectOk(t.call(adminPluginDetail, { id: pluginId }, admin))).install_count;

  it('installs a free plugin at once, enabled, counted once; a second add answers "installed"', async () => {
    const owner = await merchantWithStore(t);
    const plugin = await addPlugin(t, admin, { price: 0, trial_days: 0 });
    const added = await expectOk(takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id }));
    expect(added).toMatchObject({
      bill: null,
      payment: null,
      shop_plugin: {
        id: plugin.id,
        source: 'free',
        shop_status: 'enabled',
        trial_ends_at: null,
        is_trial_expired: false,
        shop_id: owner.shopId,
      },
    });
    expect((await takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id })).code).toBe(
      ErrorCode.PLUGIN_INSTALLED,
    );
    expect(await installCount(plugin.id)).toBe(1);
    const market = await expectOk(
      t.call(merchantListMarketPlugins, { shop_id: owner.shopId, keyword: plugin.code }, owner.token),
    );
    expect(market.list[0]).toMatchObject({
      id: plugin.id,
      market_state: 'installed',
      is_installed: true,
      shop_status: 'enabled',
      can_trial: false,
    });
    const installs = await expectOk(t.call(adminListPluginInstalls, { id: plugin.id }, admin));
    expect(installs).toMatchObject({ total: 1, list: [{ shop_id: owner.shopId, source: 'free', status: 'enabled' }] });
  });

  const paidPluginTitle =
    'buys a paid plugin: an unpaid plugin bill (order exists with its bill_no while unpaid), paid at the sandbox ' +
    'cashier, then installed as purchased';
  it(paidPluginTitle, async () => {
    const owner = await merchantWithStore(t);
    const plugin = await addPlugin(t, admin, { price: 4900, trial_days: 0 });
    const order = await expectOk(
      takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id, pay_method: 'wechat' }),
    );
    expect(order.shop_plugin).toBeNull();
    expect(order.bill).toMatchObject({
      type: 'plugin',
      status: 'unpaid',
      amount: 4900,
      currency: 'CNY',
      pay_method: 'wechat',
      shop_id: owner.shopId,
      product_name: `插件 · 插件 ${plugin.code}`,
    });
    expect(order.payment?.bill_no).toBe(order.bill!.bill_no);
    const again = await takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id });
    expect(again.code).toBe(ErrorCode.ORDER_EXISTS);
    expect(again.data).toEqual({ bill_no: order.bill!.bill_no });
    const market = await expectOk(
      t.call(merchantListMarketPlugins, { shop_id: owner.shopId, keyword: plugin.code }, owner.token),
    );
    expect(market.list[0]).toMatchObject({
      market_state: 'available',
      unpaid_bill_no: order.bill!.bill_no,
      is_installed: false,
    });
    expect(await myPlugins(owner.token, owner.shopId)).toEqual([]);
    expect(await installCount(plugin.id)).toBe(0);

    // A replayed or repeated notification installs once.
    const payments = sandboxPayments(t);
    const notification = await payments.paidNotification(order.bill!);
    expect((await payments.notify(notification)).status).toBe(200);
    await payments.notify(notification);
    const [mine] = await myPlugins(owner.token, owner.shopId);
    expect(mine).toMatchObject({
      id: plugin.id,
      source: 'purchased',
      shop_status: 'enabled',
      bill_no: order.bill!.bill_no,
    });
    expect(await installCount(plugin.id)).toBe(1);
    expect((await takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id })).code).toBe(
      ErrorCode.PLUGIN_INSTALLED,
    );

    // Plugin bills are bills like any other: listed with the plugin's name in the reader's language.
    const english = await expectOk(
      t.call(merchantListBills, { type: 'plugin', shop_id: owner.shopId, lang_code: 'en-US' }, owner.token),
    );
    expect(english.list).toMatchObject([
      { bill_no: order.bill!.bill_no, type: 'plugin', status: 'paid', product_name: `Plugin · Plugin ${plugin.code}` },
    ]);
  });

  it('installs nothing for a cancelled or expired bill; a new purchase then makes a new bill', async () => {
    const owner = await merchantWithStore(t);
    const plugin = await addPlugin(t, admin, { trial_days: 0 });
    const first = await expectOk(takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id }));
    await expectOk(t.call(merchantCancelBill, { bill_no: first.bill!.bill_no }, owner.token));
    expect((await payThroughCashier(t, first.payment!)).code).not.toBe(200);
    expect(await myPlugins(owner.token, owner.shopId)).toEqual([]);

    const second = await expectOk(takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id }));
    expect(second.bill!.bill_no).not.toBe(first.bill!.bill_no);
    // Past the payment window the bill reads expired; paying it installs nothing, and a purchase makes a new bill.
    t.clock.advance(31 * 60);
    expect((await payThroughCashier(t, second.payment!)).code).toBe(ErrorCode.ORDER_EXPIRED);
    expect(await myPlugins(owner.token, owner.shopId)).toEqual([]);
    const third = await expectOk(takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id }));
    await expectOk(payThroughCashier(t, third.payment!));
    expect((await myPlugins(owner.token, owner.shopId)).map((entry) => entry.source)).toEqual(['purchased']);
    expect(await installCount(plugin.id)).toBe(1);
  });

  it('tries a paid plugin once per store: installed until its end, then disabled (not re-enabled) until bought', async () => {
    const owner = await merchantWithStore(t);
    const plugin = await addPlugin(t, admin, { price: 9900, trial_days: 7 });
    const start = t.clock.now();
    const trial = await expectOk(
      takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id, mode: 'trial' }),
    );
    expect(trial.shop_plugin).toMatchObject({ source: 'trial', shop_status: 'enabled', is_trial_expired: false });
    expect(new Date(trial.shop_plugin!.trial_ends_at!).getTime()).toBe(start.getTime() + 7 * DAY_MS);
    expect(
      (await takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id, mode: 'trial' })).code,
    ).toBe(ErrorCode.PLUGIN_TRIAL_UNAVAILABLE);
    const market = await expectOk(
      t.call(merchantListMarketPlugins, { shop_id: owner.shopId, keyword: plugin.code }, owner.token),
    );
    expect(market.list[0]).toMatchObject({ market_state: 'trial', trial_ends_at: trial.shop_plugin!.trial_ends_at });

    await advanceKeepingSessions(t, 7 * 86_400 + 60, [owner.token]);
    admin = await signInAdmin(t);
    // Read as disabled before any sweep.
    expect((await myPlugins(owner.token, owner.shopId))[0]).toMatchObject({
      shop_status: 'disabled',
      is_trial_expired: true,
    });
    expect(
      (await expectOk(t.call(merchantListShopPlugins, { shop_id: owner.shopId, status: 'enabled' }, owner.token)))
        .total,
    ).toBe(0);
    expect(
      (await expectOk(t.call(merchantListShopPlugins, { shop_id: owner.shopId, status: 'disabled' }, owner.token)))
        .total,
    ).toBe(1);
    expect(
      (
        await t.call(
          merchantSetShopPluginStatus,
          { shop_id: owner.shopId, plugin_id: plugin.id, status: 'enabled' },
          owner.token,
        )
      ).code,
    ).toBe(ErrorCode.PLUGIN_TRIAL_EXPIRED);
    expect(
      (await takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id, mode: 'trial' })).code,
    ).toBe(ErrorCode.PLUGIN_TRIAL_UNAVAILABLE);
    const expiredMarket = await expectOk(
      t.call(merchantListMarketPlugins, { shop_id: owner.shopId, keyword: plugin.code }, owner.token),
    );
    expect(expiredMarket.list[0].market_state).toBe('trial_expired');

    // The sweep persists what reads derived.
    expect((await t.app.services.plugins.disableEndedTrials()).length).toBeGreaterThanOrEqual(1);
    const bought = await expectOk(takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id }));
    await expectOk(payThroughCashier(t, bought.payment!));
    expect((await myPlugins(owner.token, owner.shopId))[0]).toMatchObject({
      source: 'purchased',
      shop_status: 'enabled',
      trial_ends_at: null,
      is_trial_expired: false,
    });
    expect(await installCount(plugin.id)).toBe(1);
  });

  it('disables and enables; disabling keeps the purchase; a plugin never installed answers "not installed"', async () => {
    const owner = await merchantWithStore(t);
    const plugin = await addPlugin(t, admin, { trial_days: 0 });
    const order = await expectOk(takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id }));
    await expectOk(payThroughCashier(t, order.payment!));
    const disabled = await expectOk(
      t.call(
        merchantSetShopPluginStatus,
        { shop_id: owner.shopId, plugin_id: plugin.id, status: 'disabled' },
        owner.token,
      ),
    );
    expect(disabled).toMatchObject({ shop_status: 'disabled', source: 'purchased', bill_no: order.bill!.bill_no });
    expect((await takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id })).code).toBe(
      ErrorCode.PLUGIN_INSTALLED,
    );
    const enabled = await expectOk(
      t.call(
        merchantSetShopPluginStatus,
        { shop_id: owner.shopId, plugin_id: plugin.id, status: 'enabled' },
        owner.token,
      ),
    );
    expect(enabled.shop_status).toBe('enabled');
    const other = await addPlugin(t, admin);
    expect(
      (
        await t.call(
          merchantSetShopPluginStatus,
          { shop_id: owner.shopId, plugin_id: other.id, status: 'enabled' },
          owner.token,
        )
      ).code,
    ).toBe(ErrorCode.PLUGIN_NOT_INSTALLED);
    expect(await installCount(plugin.id)).toBe(1);
  });

  it('keeps an unlisted plugin installed where it was bought; it leaves the market and cannot be taken anew', async () => {
    const owner = await merchantWithStore(t);
    const newcomer = await merchantWithStore(t);
    const plugin = await addPlugin(t, admin, { price: 0, trial_days: 0 });
    await expectOk(takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id }));
    await expectOk(t.call(adminSetPluginStatus, { id: plugin.id, status: 'unlisted' }, admin));
    expect(
      (await myPlugins(owner.token, owner.shopId)).map((entry) => [entry.id, entry.status, entry.shop_status]),
    ).toEqual([[plugin.id, 'unlisted', 'enabled']]);
    expect(
      (await expectOk(t.call(merchantListMarketPlugins, { shop_id: owner.shopId, keyword: plugin.code }, owner.token)))
        .total,
    ).toBe(0);
    expect(
      (await expectOk(t.call(merchantPluginDetail, { id: plugin.id, shop_id: owner.shopId }, owner.token))).shop
        ?.is_installed,
    ).toBe(true);
    expect((await t.call(merchantPluginDetail, { id: plugin.id, shop_id: newcomer.shopId }, newcomer.token)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await t.call(merchantPluginDetail, { id: plugin.id }, newcomer.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await takePlugin(t, newcomer.token, { shop_id: newcomer.shopId, plugin_id: plugin.id })).code).toBe(
      ErrorCode.PLUGIN_UNAVAILABLE,
    );
    await expectOk(
      t.call(
        merchantSetShopPluginStatus,
        { shop_id: owner.shopId, plugin_id: plugin.id, status: 'disabled' },
        owner.token,
      ),
    );
  });

  it("gates by the store's version, naming the versions that have it, in the market and on add", async () => {
    const owner = await merchantWithStore(t);
    const plugin = await addPlugin(t, admin, { package_ids: [VERSION.enterprise] });
    const market = await expectOk(
      t.call(
        merchantListMarketPlugins,
        { shop_id: owner.shopId, keyword: plugin.code, lang_code: 'en-US' },
        owner.token,
      ),
    );
    expect(market.list[0]).toMatchObject({
      market_state: 'version_unavailable',
      is_version_available: false,
      can_trial: false,
      packages: [{ id: VERSION.enterprise, name: 'Enterprise' }],
    });
    const refused = await t.callRaw<{ packages: Array<{ id: number; name: string }> }>(
      merchantAddShopPlugin,
      { shop_id: owner.shopId, plugin_id: plugin.id, pay_method: 'alipay', lang_code: 'en-US' },
      owner.token,
    );
    expect(refused.code).toBe(ErrorCode.PLUGIN_VERSION_UNAVAILABLE);
    expect(refused.data.packages).toEqual([{ id: VERSION.enterprise, name: 'Enterprise' }]);
    expect(
      (await takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id, mode: 'trial' })).code,
    ).toBe(ErrorCode.PLUGIN_VERSION_UNAVAILABLE);

    // The market names the version to renew into; a plugin only lower versions have names none.
    expect(market.list[0].upgrade_package_id).toBe(VERSION.enterprise);
    const lower = await addPlugin(t, admin, { package_ids: [VERSION.starter] });
    const lowerMarket = await expectOk(
      t.call(merchantListMarketPlugins, { shop_id: owner.shopId, keyword: lower.code }, owner.token),
    );
    expect(lowerMarket.list[0]).toMatchObject({ market_state: 'version_unavailable', upgrade_package_id: null });
    // Renewed into it and paid: the plugin is available to the store.
    const renewal = await expectOk(
      t.call(
        merchantRenewShop,
        { shop_id: owner.shopId, package_id: VERSION.enterprise, term_type: 'month', term: 1, pay_method: 'alipay' },
        owner.token,
      ),
    );
    await expectOk(payThroughCashier(t, renewal.payment));
    const upgraded = await expectOk(
      t.call(merchantListMarketPlugins, { shop_id: owner.shopId, keyword: plugin.code }, owner.token),
    );
    expect(upgraded.list[0]).toMatchObject({
      market_state: 'available',
      is_version_available: true,
      upgrade_package_id: null,
    });
  });

  it('needs a store on trial or operating: a store disabled by the operator or past its term takes no plugin', async () => {
    const disabledOwner = await merchantWithStore(t);
    const plugin = await addPlugin(t, admin, { price: 0, trial_days: 0 });
    await expectOk(t.call(adminSetShopStatus, { shop_id: disabledOwner.shopId, is_disabled: true }, admin));
    expect(
      (await takePlugin(t, disabledOwner.token, { shop_id: disabledOwner.shopId, plugin_id: plugin.id })).code,
    ).toBe(ErrorCode.PLUGIN_SHOP_NOT_RUNNING);
    const lapsedOwner = await merchantWithStore(t);
    await advanceKeepingSessions(t, 32 * 86_400, [lapsedOwner.token]);
    admin = await signInAdmin(t);
    expect((await takePlugin(t, lapsedOwner.token, { shop_id: lapsedOwner.shopId, plugin_id: plugin.id })).code).toBe(
      ErrorCode.PLUGIN_SHOP_NOT_RUNNING,
    );
  });

  it('refuses a bad purchase body as "purchase data format error" naming the field, in both languages', async () => {
    const owner = await merchantWithStore(t);
    const paid = await addPlugin(t, admin, { trial_days: 0 });
    const free = await addPlugin(t, admin, { price: 0, trial_days: 0 });
    const noShop = await t.callRaw(merchantAddShopPlugin, { plugin_id: paid.id, pay_method: 'alipay' }, owner.token);
    expect(noShop).toMatchObject({ code: ErrorCode.PURCHASE_DATA_INVALID, msg: '请选择店铺' });
    expect((await t.callRaw(merchantAddShopPlugin, { plugin_id: paid.id, lang_code: 'en-US' }, owner.token)).msg).toBe(
      'Select a store',
    );
    const badMode = await t.callRaw(
      merchantAddShopPlugin,
      { shop_id: owner.shopId, plugin_id: paid.id, mode: 'rent', lang_code: 'en-US' },
      owner.token,
    );
    expect(badMode).toMatchObject({ code: ErrorCode.PURCHASE_DATA_INVALID, msg: 'Mode must be buy or trial' });
    expect((await t.callRaw(merchantAddShopPlugin, { shop_id: owner.shopId, plugin_id: 'x' }, owner.token)).code).toBe(
      ErrorCode.PURCHASE_DATA_INVALID,
    );
    const noPayMethod = await t.callRaw(
      merchantAddShopPlugin,
      { shop_id: owner.shopId, plugin_id: paid.id },
      owner.token,
    );
    expect(noPayMethod).toMatchObject({ code: ErrorCode.PURCHASE_DATA_INVALID, msg: '请选择支付方式' });
    expect((await takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: free.id, mode: 'trial' })).code).toBe(
      ErrorCode.PLUGIN_TRIAL_UNAVAILABLE,
    );
    expect((await takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: paid.id, mode: 'trial' })).code).toBe(
      ErrorCode.PLUGIN_TRIAL_UNAVAILABLE,
    );
    expect((await takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: 999_999 })).code).toBe(
      ErrorCode.PLUGIN_UNAVAILABLE,
    );
    expect((await takePlugin(t, owner.token, { shop_id: 'nosuchstore', plugin_id: paid.id })).code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('makes one bill for concurrent purchases of one plugin for one store; the others answer "order exists" naming it', async () => {
    const owner = await merchantWithStore(t);
    const plugin = await addPlugin(t, admin, { trial_days: 0 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id })),
    );
    const made = answers.filter((answer) => answer.code === 200);
    expect(made).toHaveLength(1);
    for (const answer of answers.filter((entry) => entry.code !== 200)) {
      expect(answer.code).toBe(ErrorCode.ORDER_EXISTS);
      expect(answer.data).toEqual({ bill_no: made[0].data.bill!.bill_no });
    }
    const { rows } = await t.database.executeSql(
      "select count(*)::int as n from bills where type = 'plugin' and plugin_id = $1",
      [plugin.id],
    );
    expect(Number((rows[0] as { n: number }).n)).toBe(1);
  });

  it('keeps the install count exact under concurrent installs on many stores and on one store', async () => {
    const plugin = await addPlugin(t, admin, { price: 0, trial_days: 0 });
    const owners = [];
    for (let index = 0; index < 4; index += 1) owners.push(await merchantWithStore(t));
    const spread = await Promise.all(
      owners.map((owner) => takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id })),
    );
    expect(spread.map((answer) => answer.code)).toEqual([200, 200, 200, 200]);
    const extra = await merchantWithStore(t);
    const same = await Promise.all(
      Array.from({ length: 8 }, () => takePlugin(t, extra.token, { shop_id: extra.shopId, plugin_id: plugin.id })),
    );
    expect(same.filter((answer) => answer.code === 200)).toHaveLength(1);
    expect(same.filter((answer) => answer.code === ErrorCode.PLUGIN_INSTALLED)).toHaveLength(7);
    expect(await installCount(plugin.id)).toBe(5);

    // The operator's detail pages the installing stores on the server, with the total.
    const first = await expectOk(t.call(adminListPluginInstalls, { id: plugin.id, page: 1, limit: 2 }, admin));
    const rest = [
      await expectOk(t.call(adminListPluginInstalls, { id: plugin.id, page: 2, limit: 2 }, admin)),
      await expectOk(t.call(adminListPluginInstalls, { id: plugin.id, page: 3, limit: 2 }, admin)),
    ];
    expect([first.total, ...rest.map((page) => page.total)]).toEqual([5, 5, 5]);
    expect([first.list.length, ...rest.map((page) => page.list.length)]).toEqual([2, 2, 1]);
    const paged = [first, ...rest].flatMap((page) => page.list.map((install) => install.shop_id));
    expect(new Set(paged)).toEqual(new Set([...owners, extra].map((owner) => owner.shopId)));
    expect((await t.call(adminListPluginInstalls, { id: 999_999, page: 1 }, admin)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(adminListPluginInstalls, { id: plugin.id, limit: 0 }, admin)).code).toBe(
      ErrorCode.VALIDATION_FAILED,
    );
  });

  const pluginBillsTitle =
    'shows plugin bills in both bill lists, both exports, the income list and the bill-type distribution, labelled ' +
    'as plugins with the plugin name';
  it(pluginBillsTitle, async () => {
    const owner = await merchantWithStore(t);
    const plugin = await addPlugin(t, admin, { price: 12300, trial_days: 0 });
    const order = await expectOk(takePlugin(t, owner.token, { shop_id: owner.shopId, plugin_id: plugin.id }));
    await expectOk(payThroughCashier(t, order.payment!));
    const billNo = order.bill!.bill_no;
    const adminList = await expectOk(t.call(adminListBills, { keyword: billNo, type: 'plugin' }, admin));
    expect(adminList.list).toMatchObject([
      {
        bill_no: billNo,
        type: 'plugin',
        status: 'paid',
        amount: 12300,
        shop_id: owner.shopId,
        package_name: `插件 ${plugin.code}`,
      },
    ]);
    const income = await expectOk(t.call(adminListIncome, { keyword: billNo }, admin));
    expect(income.list.map((bill) => bill.bill_no)).toEqual([billNo]);
    expect(income.total_amount).toBe(12300);
    const distribution = await expectOk(t.call(adminBillTypeDistribution, {}, admin));
    expect(distribution.list.find((entry) => entry.type === 'plugin')!.amount).toBeGreaterThanOrEqual(12300);
    const merchantFile = await expectOk(
      t.call(merchantExportBills, { type: 'plugin', format: 'csv', lang_code: 'en-US' }, owner.token),
    );
    const merchantCsv = Buffer.from(merchantFile.content_base64, 'base64').toString();
    expect(merchantFile.rows).toBe(1);
    expect(merchantCsv).toContain(billNo);
    expect(merchantCsv).toContain(`Plugin · Plugin ${plugin.code}`);
    expect(merchantCsv).toContain('Plugin,');
    const adminFile = await expectOk(t.call(adminExportBills, { keyword: billNo, format: 'csv' }, admin));
    const adminCsv = Buffer.from(adminFile.content_base64, 'base64').toString();
    expect(adminCsv).toContain(`插件 · 插件 ${plugin.code}`);
    expect(adminCsv).toContain('插件,');
  });

  it('refuses an operator token on merchant plugin calls: an operator cannot be billed', async () => {
    const plugin = await addPlugin(t, admin);
    const { token } = await registerMerchant(t);
    expect((await takePlugin(t, admin, { shop_id: 'anystore', plugin_id: plugin.id })).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect((await t.call(merchantListMarketPlugins, { shop_id: 'anystore' }, admin)).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    // A merchant without stores has nothing to select.
    expect((await t.call(merchantListMarketPlugins, { shop_id: 'anystore' }, token)).code).toBe(ErrorCode.NOT_FOUND);
  });
});
