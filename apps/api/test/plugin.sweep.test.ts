import { merchantListUnreadNotices } from '@parlour/contract/calls/notice';
import { merchantListMarketPlugins, merchantListShopPlugins, type TStorePlugins } from '@parlour/contract/calls/plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { openCall, storeWithKey } from './open-api-helper';
import { addPlugin, marketLinkIn, takePlugin } from './plugin-helper';
import { advanceKeepingSessions, expectOk, payThroughCashier, signInAdmin } from './shop-helper';

/**
 * Plugins (docs/plugins.md): the plugin-sweep job, run as the scheduler runs it. A trial past its
 * end is stored as disabled; the merchant is told by a notice of their own (once, in both
 * languages) and sees it in "my plugins" (disabled, trial ended) and the market (trial ended, to
 * buy); the store system stops listing it. A bought plugin and a trial still running are not
 * touched.
 */
describe('plugin sweep job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  const stored = async (shopRef: number) => {
    const { rows } = await t.database.executeSql(
      'select plugin_id, status, updated_at from shop_plugins where shop_ref = $1 order by plugin_id',
      [shopRef],
    );
    return new Map(
      (rows as Array<{ plugin_id: number; status: string; updated_at: Date | string }>).map((row) => [
        Number(row.plugin_id),
        { status: row.status, updated_at: new Date(row.updated_at).getTime() },
      ]),
    );
  };

  it('disables a trial whose end passed, shows it ended to the merchant, and leaves a bought plugin and a running trial alone', async () => {
    const job = t.app.jobs.find((entry) => entry.queue === 'plugin-sweep')!;
    expect(job.cron).toBe('* * * * *');
    let admin = await signInAdmin(t);
    const store = await storeWithKey(t);
    const short = await addPlugin(t, admin, { price: 9900, trial_days: 3 });
    const long = await addPlugin(t, admin, { price: 9900, trial_days: 30 });
    const bought = await addPlugin(t, admin, { price: 4900, trial_days: 0 });
    await expectOk(takePlugin(t, store.token, { shop_id: store.shopId, plugin_id: short.id, mode: 'trial' }));
    await expectOk(takePlugin(t, store.token, { shop_id: store.shopId, plugin_id: long.id, mode: 'trial' }));
    const order = await expectOk(takePlugin(t, store.token, { shop_id: store.shopId, plugin_id: bought.id }));
    await expectOk(payThroughCashier(t, order.payment!));

    // Nothing has ended yet (the 3-day trial is within the reminder window: plugin.trial-reminder.test.ts).
    expect(await job.run()).toEqual({ disabled: 0, reminded: 1 });
    const before = await stored(store.shopRef);
    expect([...before.values()].map((row) => row.status)).toEqual(['enabled', 'enabled', 'enabled']);

    await advanceKeepingSessions(t, 3 * 86_400 + 60, [store.token]);
    admin = await signInAdmin(t);
    expect(await job.run()).toEqual({ disabled: 1, reminded: 0 });
    const after = await stored(store.shopRef);
    expect(after.get(short.id)!.status).toBe('disabled');
    expect(after.get(long.id)).toEqual(before.get(long.id));
    expect(after.get(bought.id)).toEqual(before.get(bought.id));
    // A second run finds nothing more.
    expect(await job.run()).toEqual({ disabled: 0, reminded: 0 });

    // The merchant's own notice, once, in both languages, naming the store and the plugin.
    const told = async (lang: 'zh-CN' | 'en-US') =>
      (await expectOk(t.call(merchantListUnreadNotices, { lang_code: lang }, store.token))).list.filter(
        (notice) => notice.title.includes(short.code) && !/即将结束|ending soon/.test(notice.title),
      );
    const [zh] = await told('zh-CN');
    expect((await told('zh-CN')).length).toBe(1);
    expect(zh.title).toMatch(/^插件试用已结束：/);
    expect(zh.content).toContain(store.shopId);
    const [en] = await told('en-US');
    expect(en.title).toMatch(/^Plugin trial ended: /);
    expect(en.content).toMatch(/has ended: the plugin is disabled/);
    // Both link to the market (same tab), with the store chosen and the plugin searched.
    const link = {
      origin: 'https://console.invalid',
      path: '/merchant/plugin',
      query: { tab: 'market', shop_id: store.shopId, keyword: short.code },
    };
    expect(marketLinkIn(zh.content)).toMatchObject({ ...link, text: '「插件 → 插件市场」' });
    expect(marketLinkIn(en.content)).toMatchObject({ ...link, text: 'Plugins → Market' });
    // Nobody else is told, and nothing about the bought plugin or the running trial.
    const others = await expectOk(t.call(merchantListUnreadNotices, {}, store.token));
    expect(
      others.list.filter((notice) => notice.title.includes(long.code) || notice.title.includes(bought.code)),
    ).toEqual([]);

    // The merchant sees it: disabled with its trial ended in "my plugins", "trial ended" in the market.
    const mine = await expectOk(t.call(merchantListShopPlugins, { shop_id: store.shopId }, store.token));
    const byId = new Map(mine.list.map((plugin) => [plugin.id, plugin]));
    expect(byId.get(short.id)).toMatchObject({ source: 'trial', shop_status: 'disabled', is_trial_expired: true });
    expect(byId.get(long.id)).toMatchObject({ source: 'trial', shop_status: 'enabled', is_trial_expired: false });
    expect(byId.get(bought.id)).toMatchObject({ source: 'purchased', shop_status: 'enabled' });
    const market = await expectOk(
      t.call(merchantListMarketPlugins, { shop_id: link.query.shop_id, keyword: link.query.keyword }, store.token),
    );
    expect(market.list[0]).toMatchObject({ id: short.id, market_state: 'trial_expired' });

    // The storefront switches the feature off.
    const open = await openCall<TStorePlugins>(t, 'plugins', {}, store.key);
    expect(open.data.plugins.map((plugin) => plugin.code).sort()).toEqual([long.code, bought.code].sort());

    // Bought after its trial: enabled, and the sweep leaves it.
    const late = await expectOk(takePlugin(t, store.token, { shop_id: store.shopId, plugin_id: short.id }));
    await expectOk(payThroughCashier(t, late.payment!));
    expect(await job.run()).toEqual({ disabled: 0, reminded: 0 });
    expect((await stored(store.shopRef)).get(short.id)!.status).toBe('enabled');
  });
});
