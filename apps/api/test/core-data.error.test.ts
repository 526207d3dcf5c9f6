import type { Call } from '@parlour/contract/call';
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
} from '@parlour/contract/calls/open-core';
import { buildTestApp, type TestApp } from './helper';
import { expectOk, signInAdmin } from './shop-helper';

describe('core data: validation and conflicts, in both languages', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const fail = async (path: Call, body: Record<string, unknown>) => {
    const zh = await t.call(path, body, admin);
    const en = await t.call(path, { ...body, lang_code: 'en-US' }, admin);
    return { code: zh.code, zh: zh.msg, en: en.msg };
  };

  it('names the field of the provider configuration', async () => {
    expect(await fail(adminEditProductDataConfig, { provider: 'ftp' })).toEqual({
      code: 10001,
      zh: '数据服务商须为沙箱或 HTTP 接口',
      en: 'Provider must be sandbox or HTTP',
    });
    expect(await fail(adminEditProductDataConfig, { provider: 'http', key: 'k', secret: 's' })).toEqual({
      code: 10001,
      zh: '使用 HTTP 接口时须填写接口地址',
      en: 'Base URL is required for the HTTP provider',
    });
    expect(
      await fail(adminEditProductDataConfig, { provider: 'http', base_url: 'api-gw.onebound.cn', key: 'k' }),
    ).toMatchObject({ en: 'Base URL must be an http(s):// address' });
    expect(await fail(adminEditProductDataConfig, { provider: 'http', base_url: 'https://x.example' })).toMatchObject({
      en: 'Key is required for the HTTP provider',
    });
    // No secret stored yet and none given.
    expect(
      await fail(adminEditProductDataConfig, { provider: 'http', base_url: 'https://x.example', key: 'k' }),
    ).toEqual({ code: 10001, zh: '使用 HTTP 接口时须填写 Secret', en: 'Secret is required for the HTTP provider' });
    expect(await fail(adminEditProductDataConfig, { provider: 'sandbox', timeout_ms: 50 })).toMatchObject({
      en: 'Timeout must be a whole number of milliseconds from 200 to 60000',
    });
    expect((await expectOk(t.call(adminGetProductDataConfig, {}, admin))).provider).toBe('sandbox');
  });

  it('names the platform whose vendor path is not a path segment, and keeps the stored paths', async () => {
    const http = { provider: 'http' as const, base_url: 'https://x.example', key: 'k', secret: 's' };
    expect(await fail(adminEditProductDataConfig, { ...http, platform_paths: { jd: 'jd/item' } })).toEqual({
      code: 10001,
      zh: '京东接口路径须为 1-40 个字母、数字或 - _ .',
      en: 'JD path must be 1–40 letters, digits, -, _ or .',
    });
    expect(await fail(adminEditProductDataConfig, { ...http, platform_paths: { micro_store: '' } })).toEqual({
      code: 10001,
      zh: '微店接口路径须为 1-40 个字母、数字或 - _ .',
      en: 'Micro store path must be 1–40 letters, digits, -, _ or .',
    });
    expect(
      await fail(adminEditProductDataConfig, { ...http, platform_paths: { taobao: 'x'.repeat(41) } }),
    ).toMatchObject({ en: 'Taobao path must be 1–40 letters, digits, -, _ or .' });
    expect(await fail(adminEditProductDataConfig, { ...http, platform_paths: { '1688': '..' } })).toMatchObject({
      zh: '1688 接口路径须为 1-40 个字母、数字或 - _ .',
    });
    expect(await fail(adminEditProductDataConfig, { ...http, platform_paths: { jd: '京东' } })).toMatchObject({
      en: 'JD path must be 1–40 letters, digits, -, _ or .',
    });
    expect(await fail(adminEditProductDataConfig, { ...http, platform_paths: { jd: 7 } })).toMatchObject({
      en: 'JD path must be 1–40 letters, digits, -, _ or .',
    });
    expect(await fail(adminEditProductDataConfig, { ...http, platform_paths: 'jd' })).toEqual({
      code: 10001,
      zh: '平台接口路径须为对象，键为 1688、taobao、micro_store、jd',
      en: 'Platform paths must be an object keyed by 1688, taobao, micro_store and jd',
    });
    const answer = await t.call(adminEditProductDataConfig, { ...http, platform_paths: { jd: 'a?b' } }, admin);
    expect(answer.data).toEqual({
      errors: [{ field: 'platform_paths.jd', message: '京东接口路径须为 1-40 个字母、数字或 - _ .' }],
    });
    expect((await expectOk(t.call(adminGetProductDataConfig, {}, admin))).platform_paths).toEqual({
      '1688': '1688',
      taobao: 'taobao',
      micro_store: 'micro',
      jd: 'jd',
    });
  });

  it('refuses a second data source for a platform, bad platforms and empty names', async () => {
    expect(await fail(adminAddDataSource, { platform: 'taobao', name: '淘宝 2' })).toEqual({
      code: 13010,
      zh: '该平台已有数据源',
      en: 'This platform has a data source already',
    });
    expect(await fail(adminAddDataSource, { platform: 'amazon', name: 'A' })).toEqual({
      code: 10001,
      zh: '平台须为 1688、淘宝、微店或京东',
      en: 'Platform must be 1688, taobao, micro store or jd',
    });
    expect(await fail(adminEditDataSource, { id: 1, name: ' ' })).toEqual({
      code: 10001,
      zh: '请输入数据源名称',
      en: 'Data source name is required',
    });
    expect((await t.call(adminEditDataSource, { id: 9999, name: 'x' }, admin)).code).toBe(10004);
    expect((await t.call(adminEnableDataSource, { id: 9999, is_enabled: true }, admin)).code).toBe(10004);
    expect((await t.call(adminDeleteDataSource, { id: 9999 }, admin)).code).toBe(10004);
    expect(await fail(adminEnableDataSource, { id: 1, is_enabled: 'yes' })).toMatchObject({
      en: 'Enabled must be true or false',
    });
  });

  it('checks API code, cost and platform, and refuses a duplicate code on a platform', async () => {
    const base = { platform: 'jd' as const, code: 'item_sku', name: 'SKU', cost: 1 };
    expect(await fail(adminAddOpenApi, { ...base, code: 'Item-Get' })).toMatchObject({
      code: 10001,
      en: expect.stringMatching(/^API code must start with a lower-case letter/),
    });
    expect(await fail(adminAddOpenApi, { ...base, code: '' })).toMatchObject({
      zh: '请输入接口编码',
      en: 'API code is required',
    });
    expect(await fail(adminAddOpenApi, { ...base, cost: 0 })).toEqual({
      code: 10001,
      zh: '单次消耗须为 1-10000 的整数',
      en: 'Cost must be a whole number of units from 1 to 10000',
    });
    expect(await fail(adminAddOpenApi, { ...base, cost: 1.5 })).toMatchObject({
      en: 'Cost must be a whole number of units from 1 to 10000',
    });
    expect(await fail(adminAddOpenApi, { ...base, platform: 'weidian' })).toMatchObject({
      en: 'Platform must be 1688, taobao, micro store or jd',
    });
    expect(await fail(adminAddOpenApi, { ...base, name: '' })).toMatchObject({
      zh: '请输入接口名称',
      en: 'API name is required',
    });
    expect(await fail(adminAddOpenApi, { ...base, code: 'item_get' })).toEqual({
      code: 13011,
      zh: '该平台已有相同编码的接口',
      en: 'This platform has an API with this code already',
    });
    const added = await expectOk(t.call(adminAddOpenApi, base, admin));
    expect(await fail(adminEditOpenApi, { ...base, id: added.id, code: 'item_search' })).toMatchObject({ code: 13011 });
    expect((await t.call(adminEditOpenApi, { ...base, id: 9999 }, admin)).code).toBe(10004);
  });
});
