import {
  merchantStorePickAdd,
  merchantStorePickMove,
  merchantStorePickDelete,
  merchantStorePicksList,
  STORE_PICKS_MAX,
} from '@parlour/contract/calls/store-picks';
import { ErrorCode } from '@parlour/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceRange } from '../src/providers/product-data/product-data-provider';
import { sandboxItem } from '../src/providers/product-data/sandbox-product-data-provider';
import { buildTestApp, type TestApp } from './helper';
import { grantPackage, logsOf, shopRefOf, unitsUsed } from './open-api-helper';
import { expectOk, merchantWithStore } from './shop-helper';

/**
 * The merchant's picks (issue 24 §1): items pinned for the store's home page from a pasted link or share
 * text, each looked up once as the store's metered call and kept as a snapshot; the home page and the
 * sitemap show them without a call; another merchant's store is not found; one store's picks never show
 * on another's host.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
});
afterAll(() => t?.close());

async function storeWithUnits(units = 100) {
  const store = await merchantWithStore(t);
  const ids = await shopRefOf(t, store.shopId);
  const packageId = await grantPackage(t, { merchantId: ids.merchantId, shopRef: ids.shopRef, units });
  return { ...store, ...ids, packageId, host: `${store.shopId}.localhost:3000` };
}

const page = (host: string, url: string, lang = 'en-US') =>
  t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.77', headers: { host, 'accept-language': lang } });

const taobao = (id: string) => `https://item.taobao.com/item.htm?id=${id}`;

describe('[PICKS] the merchant pins items for the home page', () => {
  it('adds from a link or share text (one metered lookup each), lists in order, moves and removes', async () => {
    const store = await storeWithUnits();
    const empty = await expectOk(t.call(merchantStorePicksList, { shop_id: store.shopId }, store.token));
    expect(empty).toEqual({ shop_id: store.shopId, list: [], max: STORE_PICKS_MAX });

    await expectOk(t.call(merchantStorePickAdd, { shop_id: store.shopId, link: taobao('520813250866') }, store.token));
    await expectOk(
      t.call(
        merchantStorePickAdd,
        { shop_id: store.shopId, link: '【京东】https://item.m.jd.com/product/100012043978.html 好物分享 😍' },
        store.token,
      ),
    );
    const added = await expectOk(
      t.call(
        merchantStorePickAdd,
        { shop_id: store.shopId, link: 'https://detail.1688.com/offer/675093285921.html', lang_code: 'en-US' },
        store.token,
      ),
    );
    expect(added.list.map((pick) => `${pick.platform}:${pick.item_id}`)).toEqual([
      'taobao:520813250866',
      'jd:100012043978',
      '1688:675093285921',
    ]);
    // The snapshot: the item as the marketplace answered, in the merchant's language.
    const item = sandboxItem('1688', '675093285921', 'en');
    expect(added.list[2]).toMatchObject({
      title: item.title,
      image: item.images[0],
      price_min: priceRange(item).min,
      price_max: priceRange(item).max,
      china_freight: item.china_freight,
    });
    // Each add was one item_get, charged to the store and logged as the storefront's.
    const logs = await logsOf(t, store.shopRef);
    expect(logs.map((log) => [log.api_code, log.status, log.charged_units])).toEqual([
      ['item_get', 'success', 1],
      ['item_get', 'success', 1],
      ['item_get', 'success', 1],
    ]);

    const [first, second, third] = added.list;
    const moved = await expectOk(
      t.call(merchantStorePickMove, { shop_id: store.shopId, id: third.id, direction: 'up' }, store.token),
    );
    expect(moved.list.map((pick) => pick.id)).toEqual([first.id, third.id, second.id]);
    // At an end it stays.
    const top = await expectOk(
      t.call(merchantStorePickMove, { shop_id: store.shopId, id: first.id, direction: 'up' }, store.token),
    );
    expect(top.list.map((pick) => pick.id)).toEqual([first.id, third.id, second.id]);
    const down = await expectOk(
      t.call(merchantStorePickMove, { shop_id: store.shopId, id: first.id, direction: 'down' }, store.token),
    );
    expect(down.list.map((pick) => pick.id)).toEqual([third.id, first.id, second.id]);

    const removed = await expectOk(
      t.call(merchantStorePickDelete, { shop_id: store.shopId, id: first.id }, store.token),
    );
    expect(removed.list.map((pick) => pick.id)).toEqual([third.id, second.id]);
    expect((await t.call(merchantStorePickDelete, { shop_id: store.shopId, id: first.id }, store.token)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('refuses a duplicate and a full list before spending anything', async () => {
    const store = await storeWithUnits();
    await expectOk(t.call(merchantStorePickAdd, { shop_id: store.shopId, link: taobao('520813250866') }, store.token));
    // The same item through another of its links.
    const again = await t.call(
      merchantStorePickAdd,
      { shop_id: store.shopId, link: 'https://detail.tmall.com/item.htm?id=520813250866', lang_code: 'en-US' },
      store.token,
    );
    expect(again).toMatchObject({ code: ErrorCode.PICK_EXISTS, msg: 'This item is among the picks already' });

    const values = Array.from({ length: STORE_PICKS_MAX - 1 }, (_, index) => [
      store.shopRef,
      'jd',
      String(100_000_000 + index),
      `Item ${index}`,
      '',
      100,
      100,
      index + 10,
    ]);
    for (const row of values)
      await t.database.executeSql(
        'insert into store_picks (shop_ref, platform, item_id, title, image, price_min, price_max, sort) values ($1, $2, $3, $4, $5, $6, $7, $8)',
        row,
      );
    const full = await t.call(
      merchantStorePickAdd,
      { shop_id: store.shopId, link: taobao('620000000001') },
      store.token,
    );
    expect(full).toMatchObject({
      code: ErrorCode.PICK_LIMIT_REACHED,
      msg: `精选商品已达上限：每个店铺最多 ${STORE_PICKS_MAX} 件`,
    });
    // Only the first add was looked up.
    expect((await logsOf(t, store.shopRef)).length).toBe(1);
    expect((await unitsUsed(t, store.packageId)).used).toBe(1);
  });

  it('names the field in the caller’s language for a link that names no item, and changes nothing', async () => {
    const store = await storeWithUnits();
    const cases: Array<[string, string, string]> = [
      ['', '请粘贴商品链接或分享文字', 'Paste an item link or share text'],
      ['   ', '请粘贴商品链接或分享文字', 'Paste an item link or share text'],
      ['保温杯', '商品链接无法识别', 'Item link not recognised'],
      ['https://www.amazon.com/dp/B0C1234567', '商品链接无法识别', 'Item link not recognised'],
      // JD's short links have no resolver in the catalogue.
      ['https://3.cn/1x-AbCdEf', '短链接或口令', 'short link or share code'],
    ];
    for (const [link, chinese, english] of cases) {
      const zh = await t.call(merchantStorePickAdd, { shop_id: store.shopId, link }, store.token);
      expect(zh.code, link).toBe(ErrorCode.VALIDATION_FAILED);
      expect(zh.msg, link).toContain(chinese);
      expect(JSON.stringify(zh.data), link).toContain('"field":"link"');
      const en = await t.call(merchantStorePickAdd, { shop_id: store.shopId, link, lang_code: 'en-US' }, store.token);
      expect(en.msg, link).toContain(english);
    }
    const bad = await t.call(
      merchantStorePickMove,
      { shop_id: store.shopId, id: 1, direction: 'left', lang_code: 'en-US' } as never,
      store.token,
    );
    expect(bad).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, msg: 'Direction must be up or down' });
    expect((await expectOk(t.call(merchantStorePicksList, { shop_id: store.shopId }, store.token))).list).toEqual([]);
    expect(await logsOf(t, store.shopRef)).toEqual([]);
  });

  it('pins a 淘口令 through the catalogue’s item_password: two metered calls', async () => {
    const store = await storeWithUnits();
    const added = await expectOk(
      t.call(
        merchantStorePickAdd,
        { shop_id: store.shopId, link: '9￥AbCd1234XyZ￥/ 【淘宝】加厚连帽卫衣，打开手淘' },
        store.token,
      ),
    );
    expect(added.list).toHaveLength(1);
    expect(added.list[0].platform).toBe('taobao');
    expect((await logsOf(t, store.shopRef)).map((log) => log.api_code)).toEqual(['item_password', 'item_get']);
  });

  it('answers a missing item in the merchant’s words and refunds its lookup', async () => {
    const store = await storeWithUnits();
    const missing = await t.call(
      merchantStorePickAdd,
      { shop_id: store.shopId, link: taobao('0404040404'), lang_code: 'en-US' },
      store.token,
    );
    expect(missing.code).toBe(ErrorCode.OPEN_ITEM_NOT_FOUND);
    expect((await unitsUsed(t, store.packageId)).used).toBe(0);
  });
});

describe('[PICKS] tenancy', () => {
  it('keeps another merchant out of a store’s picks', async () => {
    const owner = await storeWithUnits();
    const added = await expectOk(
      t.call(merchantStorePickAdd, { shop_id: owner.shopId, link: taobao('520813250866') }, owner.token),
    );
    const other = await storeWithUnits();
    const pick = added.list[0];
    for (const [call, body] of [
      [merchantStorePicksList, { shop_id: owner.shopId }],
      [merchantStorePickAdd, { shop_id: owner.shopId, link: taobao('620000000002') }],
      [merchantStorePickDelete, { shop_id: owner.shopId, id: pick.id }],
      [merchantStorePickMove, { shop_id: owner.shopId, id: pick.id, direction: 'down' }],
    ] as const)
      expect((await t.call(call as never, body as never, other.token)).code, call.path).toBe(ErrorCode.NOT_FOUND);
    // A pick id of another store, named with one's own store, is not found either.
    expect((await t.call(merchantStorePickDelete, { shop_id: other.shopId, id: pick.id }, other.token)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await expectOk(t.call(merchantStorePicksList, { shop_id: owner.shopId }, owner.token))).list).toHaveLength(
      1,
    );
    expect(await logsOf(t, other.shopRef)).toEqual([]);
  });
});

describe('[PICKS] on the store’s pages', () => {
  it('shows the picks on the home page and in the sitemap without any metered call, and only on its own host', async () => {
    const store = await storeWithUnits();
    await expectOk(t.call(merchantStorePickAdd, { shop_id: store.shopId, link: taobao('520813250866') }, store.token));
    await expectOk(
      t.call(
        merchantStorePickAdd,
        { shop_id: store.shopId, link: 'https://item.jd.com/100012043978.html' },
        store.token,
      ),
    );
    const logsBefore = await logsOf(t, store.shopRef);

    const home = await page(store.host, '/', 'zh-CN');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('data-store-picks');
    expect(home.body).toContain('店主精选');
    expect(home.body).toContain('href="/item/taobao/520813250866"');
    expect(home.body).toContain('href="/item/jd/100012043978"');
    // The snapshot's title (pinned in Chinese) and the price in CNY (no pricing saved).
    const item = sandboxItem('taobao', '520813250866', 'zh-CN');
    expect(home.body).toContain(item.title);
    // Priced as the item page prices it: the default pricing adds the China freight the snapshot kept.
    const { min, max } = priceRange(item);
    const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
    const freight = item.china_freight ?? 0;
    expect(home.body).toContain(`${yuan(min + freight)} – ${yuan(max + freight)}`);
    expect(home.body.indexOf('/item/taobao/520813250866')).toBeLessThan(home.body.indexOf('/item/jd/100012043978'));

    const sitemap = await page(store.host, '/sitemap.xml');
    expect(sitemap.body).toContain('<loc>http://' + store.host + '/</loc>');
    expect(sitemap.body).toContain(`<loc>http://${store.host}/item/taobao/520813250866</loc>`);
    expect(sitemap.body).toContain(`<loc>http://${store.host}/item/jd/100012043978</loc>`);
    // Neither page made a call.
    expect(await logsOf(t, store.shopRef)).toEqual(logsBefore);

    // Another store's home and sitemap show none of them.
    const other = await storeWithUnits();
    const otherHome = await page(other.host, '/');
    expect(otherHome.statusCode).toBe(200);
    expect(otherHome.body).not.toContain('data-store-picks');
    expect(otherHome.body).not.toContain('520813250866');
    expect((await page(other.host, '/sitemap.xml')).body).not.toContain('/item/');
  });
});
