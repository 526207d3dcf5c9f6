import { formatZoneOffset, zoneDateTime } from '@parlour/contract/business-time';
import { merchantListUnreadNotices } from '@parlour/contract/calls/notice';
import {
  merchantListMarketPlugins,
  merchantListShopPlugins,
  merchantSetShopPluginStatus,
} from '@parlour/contract/calls/plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { storeWithKey } from './open-api-helper';
import { addPlugin, marketLinkIn, takePlugin } from './plugin-helper';
import { advanceKeepingSessions, expectOk, merchantWithStore, payThroughCashier, signInAdmin } from './shop-helper';

const DAY_S = 86_400;
const REMINDER = { 'zh-CN': '插件试用即将结束：', 'en-US': 'Plugin trial ending soon: ' } as const;
const ENDED = { 'zh-CN': '插件试用已结束：', 'en-US': 'Plugin trial ended: ' } as const;

/**
 * Plugin trial reminders, run by the plugin-sweep job as the scheduler runs it, on a fake clock: a
 * merchant is told once, in both languages, when a trial on one of their stores ends within 3 days
 * (the plugin, the store, the end date, where to buy it) — a trial shorter than that at its first
 * sweep. Concurrent and repeated sweeps remind nobody twice; a trial bought, switched off or already
 * ended gets no reminder; the end notice still comes at the end.
 */
describe('plugin trial reminder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  const sweep = () => t.app.jobs.find((entry) => entry.queue === 'plugin-sweep')!;
  /** The merchant's unread notices of one kind (by title), in `lang`. */
  const noticesOf = async (token: string, kind: typeof REMINDER | typeof ENDED, lang: 'zh-CN' | 'en-US' = 'zh-CN') =>
    (await expectOk(t.call(merchantListUnreadNotices, { lang_code: lang, limit: 100 }, token))).list.filter((notice) =>
      notice.title.startsWith(kind[lang]),
    );
  const trialEnd = async (token: string, shopId: string, pluginId: number) => {
    const mine = await expectOk(t.call(merchantListShopPlugins, { shop_id: shopId }, token));
    return new Date(mine.list.find((plugin) => plugin.id === pluginId)!.trial_ends_at!);
  };

  it('reminds once per trial within 3 days of its end, never a bought or switched-off one, and still sends the end notice', async () => {
    const job = sweep();
    const admin = await signInAdmin(t);
    const store = await storeWithKey(t);
    const other = await merchantWithStore(t);
    const week = await addPlugin(t, admin, { price: 9900, trial_days: 7 });
    const day = await addPlugin(t, admin, { price: 9900, trial_days: 1 });
    const bought = await addPlugin(t, admin, { price: 4900, trial_days: 7 });
    const switchedOff = await addPlugin(t, admin, { price: 4900, trial_days: 7 });
    for (const plugin of [week, day, bought, switchedOff])
      await expectOk(takePlugin(t, store.token, { shop_id: store.shopId, plugin_id: plugin.id, mode: 'trial' }));
    await expectOk(takePlugin(t, other.token, { shop_id: other.shopId, plugin_id: week.id, mode: 'trial' }));
    // Bought during its trial; switched off by the merchant during its trial.
    const order = await expectOk(takePlugin(t, store.token, { shop_id: store.shopId, plugin_id: bought.id }));
    await expectOk(payThroughCashier(t, order.payment!));
    await expectOk(
      t.call(
        merchantSetShopPluginStatus,
        { shop_id: store.shopId, plugin_id: switchedOff.id, status: 'disabled' },
        store.token,
      ),
    );

    // Two sweeps at once: the 1-day trial (shorter than the window) is reminded once, at its first sweep.
    const [first, second] = await Promise.all([job.run(), job.run()]);
    expect([first, second].map((run) => (run as { disabled: number }).disabled)).toEqual([0, 0]);
    expect((first as { reminded: number }).reminded + (second as { reminded: number }).reminded).toBe(1);
    expect(await job.run()).toEqual({ disabled: 0, reminded: 0 });
    const { rows } = await t.database.executeSql(
      'select plugin_id, trial_reminded_at from shop_plugins where shop_ref = $1 order by plugin_id',
      [store.shopRef],
    );
    const marked = new Map(
      (rows as Array<{ plugin_id: number; trial_reminded_at: Date | string | null }>).map((row) => [
        Number(row.plugin_id),
        row.trial_reminded_at,
      ]),
    );
    expect(new Date(marked.get(day.id)!).getTime()).toBe(t.clock.now().getTime());
    expect([week, bought, switchedOff].map((plugin) => marked.get(plugin.id))).toEqual([null, null, null]);

    // The notice names the plugin, the store, the end (Shanghai time, with its offset) and where to buy it, in both languages.
    const dayEnd = await trialEnd(store.token, store.shopId, day.id);
    const [zh, ...zhMore] = await noticesOf(store.token, REMINDER, 'zh-CN');
    expect(zhMore).toEqual([]);
    expect(zh.title).toBe(`插件试用即将结束：插件 ${day.code}`);
    expect(zh.content).toContain(`<strong>插件 ${day.code}</strong>`);
    expect(zh.content).toContain(store.shopId);
    expect(zh.content).toContain(
      `试用期将于 ${zoneDateTime(dayEnd, 'Asia/Shanghai')} (${formatZoneOffset(dayEnd, 'Asia/Shanghai')}) 结束`,
    );
    // Where to buy it: a same-tab link into the console's market, with the store chosen and the plugin searched.
    const zhLink = marketLinkIn(zh.content);
    expect(zhLink).toEqual({
      text: '前往「插件 → 插件市场」购买',
      href: `/merchant/plugin?tab=market&shop_id=${encodeURIComponent(store.shopId)}&keyword=${encodeURIComponent(day.code)}`,
      origin: 'https://console.invalid',
      path: '/merchant/plugin',
      query: { tab: 'market', shop_id: store.shopId, keyword: day.code },
    });
    // The market the link opens shows that plugin, on that store, still on trial.
    const linked = await expectOk(
      t.call(merchantListMarketPlugins, { shop_id: zhLink.query.shop_id, keyword: zhLink.query.keyword }, store.token),
    );
    expect(linked.list.map((plugin) => plugin.id)).toContain(day.id);
    const [en] = await noticesOf(store.token, REMINDER, 'en-US');
    expect(en.title).toBe(`Plugin trial ending soon: Plugin ${day.code}`);
    expect(en.content).toContain(`<strong>Plugin ${day.code}</strong>`);
    expect(en.content).toContain(`ends on ${zoneDateTime(dayEnd, 'Asia/Shanghai')} (UTC+08:00)`);
    expect(marketLinkIn(en.content)).toEqual({ ...zhLink, text: 'buy it under Plugins → Market' });
    // The other merchant's trial is not due yet, and they are told nothing of this store.
    expect(await noticesOf(other.token, REMINDER)).toEqual([]);

    // 4 days on: the 7-day trials end within 3 days (each merchant told of their own store's); the 1-day trial ended.
    await advanceKeepingSessions(t, 4 * DAY_S + 60, [store.token, other.token]);
    expect(await job.run()).toEqual({ disabled: 1, reminded: 2 });
    expect(await job.run()).toEqual({ disabled: 0, reminded: 0 });
    const reminded = await noticesOf(store.token, REMINDER);
    expect(reminded.map((notice) => notice.title).sort()).toEqual(
      [`插件试用即将结束：插件 ${day.code}`, `插件试用即将结束：插件 ${week.code}`].sort(),
    );
    const [otherReminder, ...otherMore] = await noticesOf(other.token, REMINDER, 'en-US');
    expect(otherMore).toEqual([]);
    expect(otherReminder.title).toBe(`Plugin trial ending soon: Plugin ${week.code}`);
    expect(marketLinkIn(otherReminder.content).query).toEqual({
      tab: 'market',
      shop_id: other.shopId,
      keyword: week.code,
    });
    expect(otherReminder.content).not.toContain(store.shopId);
    expect((await noticesOf(store.token, ENDED)).map((notice) => notice.title)).toEqual([
      `插件试用已结束：插件 ${day.code}`,
    ]);

    // At the end: the end notice for each 7-day trial, no second reminder; nothing ever about the bought or switched-off plugin.
    await advanceKeepingSessions(t, 3 * DAY_S, [store.token, other.token]);
    expect(await job.run()).toEqual({ disabled: 2, reminded: 0 });
    expect(await job.run()).toEqual({ disabled: 0, reminded: 0 });
    expect((await noticesOf(store.token, REMINDER)).length).toBe(2);
    expect((await noticesOf(store.token, ENDED)).map((notice) => notice.title).sort()).toEqual(
      [`插件试用已结束：插件 ${day.code}`, `插件试用已结束：插件 ${week.code}`].sort(),
    );
    expect((await noticesOf(other.token, ENDED)).map((notice) => notice.title)).toEqual([
      `插件试用已结束：插件 ${week.code}`,
    ]);
    const all = (await expectOk(t.call(merchantListUnreadNotices, { limit: 100 }, store.token))).list;
    expect(
      all.filter((notice) => notice.title.includes(bought.code) || notice.title.includes(switchedOff.code)),
    ).toEqual([]);
  });

  it('gives a trial that ended before any sweep saw it only the end notice', async () => {
    const job = sweep();
    const admin = await signInAdmin(t);
    const store = await merchantWithStore(t);
    const plugin = await addPlugin(t, admin, { price: 9900, trial_days: 1 });
    await expectOk(takePlugin(t, store.token, { shop_id: store.shopId, plugin_id: plugin.id, mode: 'trial' }));
    await advanceKeepingSessions(t, DAY_S + 60, [store.token]);
    // The run counts every store of the app: other trials may end here, none may be reminded.
    expect(await job.run()).toMatchObject({ reminded: 0 });
    expect(await noticesOf(store.token, REMINDER)).toEqual([]);
    expect((await noticesOf(store.token, ENDED)).map((notice) => notice.title)).toEqual([
      `插件试用已结束：插件 ${plugin.code}`,
    ]);
  });

  it('disables an ended trial in the transaction that writes its notice: a failed notice leaves it on for the next sweep', async () => {
    const job = sweep();
    const admin = await signInAdmin(t);
    const store = await storeWithKey(t);
    const plugin = await addPlugin(t, admin, { price: 9900, trial_days: 1 });
    await expectOk(takePlugin(t, store.token, { shop_id: store.shopId, plugin_id: plugin.id, mode: 'trial' }));
    await advanceKeepingSessions(t, DAY_S + 60, [store.token]);
    const storedStatus = async () =>
      (
        await t.database.executeSql('select status from shop_plugins where shop_ref = $1 and plugin_id = $2', [
          store.shopRef,
          plugin.id,
        ])
      ).rows[0] as { status: string };
    await expect(
      t.app.services.plugins.disableEndedTrials(async () => {
        throw new Error('notice store down');
      }),
    ).rejects.toThrow('notice store down');
    expect(await storedStatus()).toEqual({ status: 'enabled' });
    expect(await noticesOf(store.token, ENDED)).toEqual([]);
    // The next sweep disables it and tells the merchant, once.
    expect(await job.run()).toMatchObject({ disabled: expect.any(Number) });
    expect(await storedStatus()).toEqual({ status: 'disabled' });
    expect((await noticesOf(store.token, ENDED)).map((notice) => notice.title)).toEqual([
      `插件试用已结束：插件 ${plugin.code}`,
    ]);
    await job.run();
    expect((await noticesOf(store.token, ENDED)).length).toBe(1);
  });
});
