import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAddDataSource,
  adminAddOpenApi,
  adminDeleteDataSource,
  adminEditDataSource,
  adminEditOpenApi,
  adminEditProductDataConfig,
  adminEnableDataSource,
  adminGetProductDataConfig,
  adminListDataSources,
  adminListOpenApis,
} from '@parlour/contract/calls/open-core';
import { buildTestApp, type TestApp } from './helper';
import { expectOk, signInAdmin } from './shop-helper';

describe('core data (operator)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  it('answers the sandbox provider by default and keeps a saved secret when the field is left empty', async () => {
    expect(await expectOk(t.call(adminGetProductDataConfig, {}, admin))).toEqual({
      provider: 'sandbox',
      base_url: '',
      key: '',
      has_secret: false,
      timeout_ms: 8000,
      platform_paths: { '1688': '1688', taobao: 'taobao', micro_store: 'micro', jd: 'jd' },
      updated_at: null,
    });
    const saved = await expectOk(
      t.call(
        adminEditProductDataConfig,
        { provider: 'http', base_url: 'https://api-gw.onebound.cn', key: 'k-1', secret: 's-1', timeout_ms: 5000 },
        admin,
      ),
    );
    expect(saved).toMatchObject({
      provider: 'http',
      base_url: 'https://api-gw.onebound.cn',
      key: 'k-1',
      has_secret: true,
      timeout_ms: 5000,
    });
    expect(saved).not.toHaveProperty('secret');
    const kept = await expectOk(
      t.call(
        adminEditProductDataConfig,
        { provider: 'http', base_url: 'https://api-gw.onebound.cn', key: 'k-2', secret: '', timeout_ms: 4000 },
        admin,
      ),
    );
    expect(kept).toMatchObject({ key: 'k-2', has_secret: true, timeout_ms: 4000 });
    const { rows } = await t.database.executeSql("select value from platform_settings where key = 'product_data'");
    const stored = (rows[0] as { value: { secret_sealed: string } }).value;
    expect(t.app.services.secretBox.openSecret(stored.secret_sealed)).toBe('s-1');
    const back = await expectOk(t.call(adminEditProductDataConfig, { provider: 'sandbox' }, admin));
    expect(back).toMatchObject({ provider: 'sandbox', timeout_ms: 8000, has_secret: true });
  });

  it("saves the vendor's path of each platform; a platform left out takes its default path", async () => {
    const saved = await expectOk(
      t.call(
        adminEditProductDataConfig,
        {
          provider: 'http',
          base_url: 'https://api-gw.onebound.cn',
          key: 'k-1',
          secret: 's-1',
          platform_paths: { jd: ' jingdong ', micro_store: 'weidian.v2', '1688': 'ali-1688_b2b' },
        },
        admin,
      ),
    );
    const paths = { '1688': 'ali-1688_b2b', taobao: 'taobao', micro_store: 'weidian.v2', jd: 'jingdong' };
    expect(saved.platform_paths).toEqual(paths);
    expect((await expectOk(t.call(adminGetProductDataConfig, {}, admin))).platform_paths).toEqual(paths);
    const { rows } = await t.database.executeSql("select value from platform_settings where key = 'product_data'");
    expect((rows[0] as { value: { platform_paths: unknown } }).value.platform_paths).toEqual(paths);
    // A configuration saved before paths were editable reads as the default paths.
    await t.database.executeSql(
      "update platform_settings set value = value::jsonb - 'platform_paths' where key = 'product_data'",
    );
    expect((await expectOk(t.call(adminGetProductDataConfig, {}, admin))).platform_paths).toEqual({
      '1688': '1688',
      taobao: 'taobao',
      micro_store: 'micro',
      jd: 'jd',
    });
    await expectOk(t.call(adminEditProductDataConfig, { provider: 'sandbox' }, admin));
  });

  it('lists the seeded data sources with API counts, switches one off, edits, deletes and adds it back', async () => {
    const { list, total } = await expectOk(t.call(adminListDataSources, {}, admin));
    expect(total).toBe(4);
    expect(list.map((source) => source.platform)).toEqual(['1688', 'taobao', 'micro_store', 'jd']);
    // item_get and item_search on each; item_password (short links, 淘口令) on Taobao and 1688.
    expect(list.map((source) => [source.is_enabled, source.api_count, source.enabled_api_count])).toEqual([
      [true, 3, 3],
      [true, 3, 3],
      [true, 2, 2],
      [true, 2, 2],
    ]);
    const jd = list.find((source) => source.platform === 'jd')!;
    expect(await expectOk(t.call(adminEnableDataSource, { id: jd.id, is_enabled: false }, admin))).toMatchObject({
      id: jd.id,
      is_enabled: false,
    });
    expect(
      await expectOk(t.call(adminEditDataSource, { id: jd.id, name: '京东自营', remark: '暂停', sort: 9 }, admin)),
    ).toMatchObject({ name: '京东自营', remark: '暂停', sort: 9, is_enabled: false });
    expect(await expectOk(t.call(adminDeleteDataSource, { id: jd.id }, admin))).toBeNull();
    expect((await expectOk(t.call(adminListDataSources, {}, admin))).total).toBe(3);
    const added = await expectOk(t.call(adminAddDataSource, { platform: 'jd', name: '京东', sort: 4 }, admin));
    expect(added).toMatchObject({ platform: 'jd', name: '京东', is_enabled: true, api_count: 2 });
  });

  it('adds and edits APIs of the catalogue, filtered by platform and keyword', async () => {
    const added = await expectOk(
      t.call(
        adminAddOpenApi,
        {
          platform: 'taobao',
          code: 'item_review',
          name: '商品评论',
          description: '按商品 ID 获取评论',
          cost: 3,
          sort: 50,
        },
        admin,
      ),
    );
    expect(added).toMatchObject({ platform: 'taobao', code: 'item_review', cost: 3, is_enabled: true });
    const edited = await expectOk(
      t.call(
        adminEditOpenApi,
        { id: added.id, platform: 'taobao', code: 'item_review', name: '评论', cost: 4, is_enabled: false, sort: 50 },
        admin,
      ),
    );
    expect(edited).toMatchObject({ name: '评论', cost: 4, is_enabled: false, sort: 50 });
    const taobao = await expectOk(t.call(adminListOpenApis, { platform: 'taobao' }, admin));
    expect(taobao.list.map((api) => api.code)).toEqual(['item_get', 'item_search', 'item_password', 'item_review']);
    const search = await expectOk(t.call(adminListOpenApis, { keyword: 'review' }, admin));
    expect(search.list.map((api) => api.id)).toEqual([added.id]);
    const page = await expectOk(t.call(adminListOpenApis, { page: 2, limit: 5 }, admin));
    expect(page).toMatchObject({ total: 11 });
    expect(page.list).toHaveLength(5);
  });
});
