import {
  adminAddPlugin,
  adminAddPluginType,
  adminDeletePluginType,
  adminEditPlugin,
  adminEditPluginType,
  adminListPluginInstalls,
  adminListPlugins,
  adminListPluginTypes,
  adminPluginDetail,
  adminPluginStatusLists,
  adminPluginTypeLists,
  adminSetPluginStatus,
  merchantPluginTypeLists,
} from '@parlour/contract/calls/plugin';
import { ErrorCode } from '@parlour/contract/errors';
import { describe, expect, it } from 'vitest';
import { registerMerchant, type TestApp } from './helper';
import {
  addPlugin,
  addPluginType,
  PLUGIN_TYPE,
  pluginFields,
  rawPluginFields,
  uniquePluginCode,
  usePluginSuite,
} from './plugin-helper';
import { IMAGES, uploadImage } from './settings-fakes';
import { expectOk, VERSION } from './shop-helper';

/** The operator's plugin catalogue and types (docs/plugins.md). */
describe('plugin catalogue (operator)', () => {
  let t: TestApp;
  let admin: string;
  usePluginSuite({ app: (app) => (t = app), admin: (token) => (admin = token) });

  it('adds a plugin with uploads, sanitised description and both languages; detail answers it with no installs yet', async () => {
    const icon = await uploadImage(t.app, { token: admin, bytes: IMAGES.png, name: 'icon.png', type: 'image/png' });
    const shots = [
      await uploadImage(t.app, { token: admin, bytes: IMAGES.jpg, name: 'a.jpg', type: 'image/jpeg' }),
      await uploadImage(t.app, { token: admin, bytes: IMAGES.png, name: 'b.png', type: 'image/png' }),
    ];
    const fields = pluginFields({
      icon: icon.data!.url,
      screenshots: shots.map((shot) => shot.data!.url),
      video_url: 'https://video.example.com/demo.mp4',
      description: {
        'zh-CN': '<p onclick="x()">介绍<script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>',
        'en-US': '<p>About</p>',
      },
    });
    const created = await expectOk(t.call(adminAddPlugin, fields, admin));
    expect(created).toMatchObject({
      code: fields.code,
      name: fields.name && typeof fields.name === 'object' ? fields.name['zh-CN'] : '',
      icon: icon.data!.url,
      type_id: PLUGIN_TYPE.service,
      type_name: '客服沟通',
      price: 9900,
      currency: 'CNY',
      is_free: false,
      trial_days: 7,
      status: 'listed',
      version: '1.0.0',
      install_count: 0,
      screenshots: shots.map((shot) => shot.data!.url),
      video_url: 'https://video.example.com/demo.mp4',
    });
    expect(created).not.toHaveProperty('installs');
    expect(await expectOk(t.call(adminListPluginInstalls, { id: created.id }, admin))).toEqual({ list: [], total: 0 });
    expect(created.packages.map((version) => version.id)).toEqual([VERSION.professional, VERSION.enterprise]);
    expect(created.description).not.toMatch(/script|onclick|javascript/);
    expect(created.description).toContain('介绍');
    expect(created.localized.description['en-US']).toBe('<p>About</p>');

    const english = await expectOk(t.call(adminPluginDetail, { id: created.id, lang_code: 'en-US' }, admin));
    expect(english).toMatchObject({
      name: `Plugin ${fields.code}`,
      type_name: 'Customer service',
      description: '<p>About</p>',
      changelog: 'First release',
    });
    expect(english.packages.map((version) => version.name)).toEqual(['Professional', 'Enterprise']);
  });

  it('edits everything but the code; an unknown id is not found', async () => {
    const created = await addPlugin(t, admin);
    const { code: _code, ...fields } = pluginFields({
      price: 0,
      trial_days: 0,
      type_id: PLUGIN_TYPE.marketing,
      package_ids: [VERSION.starter],
      version: '2.0.0',
    });
    const edited = await expectOk(t.call(adminEditPlugin, { ...fields, id: created.id }, admin));
    expect(edited).toMatchObject({
      id: created.id,
      code: created.code,
      price: 0,
      is_free: true,
      type_id: PLUGIN_TYPE.marketing,
      version: '2.0.0',
    });
    expect(edited.packages.map((version) => version.id)).toEqual([VERSION.starter]);
    // A code in the body is not an edit of the code.
    const again = await expectOk(
      t.callRaw(adminEditPlugin, { ...fields, id: created.id, code: 'changed_code' }, admin),
    );
    expect(again.code).toBe(created.code);
    expect((await t.call(adminEditPlugin, { ...fields, id: 999_999 }, admin)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(adminPluginDetail, { id: 999_999 }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses a taken code, bad fields in both languages naming the field, and images not from the upload pipeline', async () => {
    const created = await addPlugin(t, admin);
    expect((await t.call(adminAddPlugin, pluginFields({ code: created.code }), admin)).code).toBe(
      ErrorCode.PLUGIN_CODE_TAKEN,
    );
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ code: 'Bad Code' }, '插件编码', 'Plugin code'],
      [{ name: '' }, '插件名称', 'Plugin name'],
      [{ price: -1 }, '价格', 'Price'],
      [{ price: 0, trial_days: 3 }, '免费插件', 'free plugin'],
      [{ trial_days: 91 }, '试用天数', 'Trial days'],
      [{ package_ids: [] }, '店铺版本', 'store versions'],
      [
        { screenshots: Array.from({ length: 7 }, () => '/uploads/0123456789abcdef0123456789abcdef.png') },
        '截图',
        'screenshots',
      ],
      [{ screenshots: ['https://evil.example.com/x.png'] }, '截图', 'Screenshots'],
      [{ video_url: 'http://video.example.com/x.mp4' }, '视频地址', 'Video URL'],
      [{ version: '' }, '版本号', 'version'],
      [{ description: { 'zh-CN': '<script>x</script>' } }, '插件介绍', 'Plugin description'],
      [{ type_id: 999_999 }, '插件类型', 'Plugin type'],
      [{ package_ids: [999_999] }, '店铺版本', 'store versions'],
      [{ icon: '/uploads/0123456789abcdef0123456789abcdef.png' }, '图标', 'icon'],
    ];
    for (const [override, zh, en] of cases) {
      const body = rawPluginFields({ code: uniquePluginCode(), ...override });
      const chinese = await t.callRaw(adminAddPlugin, body, admin);
      expect(chinese.code, JSON.stringify(override)).toBe(ErrorCode.VALIDATION_FAILED);
      expect(chinese.msg, JSON.stringify(override)).toContain(zh);
      const english = await t.callRaw(adminAddPlugin, { ...body, lang_code: 'en-US' }, admin);
      expect(english.msg, JSON.stringify(override)).toContain(en);
    }
  });

  it('lists with keyword, type, status and version filters, sorts on install count and update time, pages', async () => {
    const type = await addPluginType(t, admin);
    const first = await addPlugin(t, admin, { type_id: type.id, package_ids: [VERSION.starter], price: 100 });
    const second = await addPlugin(t, admin, { type_id: type.id, package_ids: [VERSION.enterprise], price: 300 });
    const third = await addPlugin(t, admin, {
      type_id: type.id,
      package_ids: [VERSION.starter, VERSION.enterprise],
      status: 'unlisted',
      price: 200,
    });
    const ids = async (input: Record<string, unknown>) =>
      (await expectOk(t.callRaw(adminListPlugins, { type_id: type.id, ...input }, admin))).list.map(
        (plugin) => plugin.id,
      );
    // Latest updated first by default.
    expect(await ids({})).toEqual([third.id, second.id, first.id]);
    expect(await ids({ status: 'unlisted' })).toEqual([third.id]);
    expect(await ids({ package_id: VERSION.starter })).toEqual([third.id, first.id]);
    expect(await ids({ keyword: second.code })).toEqual([second.id]);
    expect(await ids({ keyword: `Plugin ${first.code}` })).toEqual([first.id]);
    expect(await ids({ sort_field: 'price', sort_order: 'ascend' })).toEqual([first.id, third.id, second.id]);
    expect(await ids({ sort_field: 'updated_at', sort_order: 'ascend' })).toEqual([first.id, second.id, third.id]);
    await t.database.executeSql('update plugins set install_count = 5 where id = $1', [second.id]);
    expect((await ids({ sort_field: 'install_count', sort_order: 'descend' }))[0]).toBe(second.id);
    const page = await expectOk(t.call(adminListPlugins, { type_id: type.id, page: 2, limit: 2 }, admin));
    expect(page).toMatchObject({ total: 3 });
    expect(page.list.map((plugin) => plugin.id)).toEqual([first.id]);
    expect((await t.callRaw(adminListPlugins, { sort_field: 'code' }, admin)).code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it("lists and unlists; status_lists and type_lists feed the filters in the caller's language", async () => {
    const created = await addPlugin(t, admin);
    expect((await expectOk(t.call(adminSetPluginStatus, { id: created.id, status: 'unlisted' }, admin))).status).toBe(
      'unlisted',
    );
    expect((await expectOk(t.call(adminSetPluginStatus, { id: created.id, status: 'listed' }, admin))).status).toBe(
      'listed',
    );
    expect((await t.call(adminSetPluginStatus, { id: 999_999, status: 'listed' }, admin)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await expectOk(t.call(adminPluginStatusLists, {}, admin))).list).toEqual([
      { value: 'listed', label: '已上架' },
      { value: 'unlisted', label: '已下架' },
    ]);
    expect(
      (await expectOk(t.call(adminPluginStatusLists, { lang_code: 'en-US' }, admin))).list.map(
        (option) => option.label,
      ),
    ).toEqual(['Listed', 'Unlisted']);
    const types = (await expectOk(t.call(adminPluginTypeLists, { lang_code: 'en-US' }, admin))).list;
    expect(types.slice(0, 5).map((type) => type.name)).toEqual([
      'Customer service',
      'Marketing',
      'Product tools',
      'Shipping',
      'Localisation',
    ]);
  });

  it('manages types: add, edit, list with counts; a used type cannot be deleted, an unused one can', async () => {
    const type = await expectOk(
      t.call(adminAddPluginType, { name: { 'zh-CN': '数据分析', 'en-US': 'Analytics' }, sort: 60 }, admin),
    );
    expect(type).toMatchObject({
      name: '数据分析',
      sort: 60,
      plugin_count: 0,
      localized: { name: { 'zh-CN': '数据分析', 'en-US': 'Analytics' } },
    });
    const edited = await expectOk(
      t.call(adminEditPluginType, { id: type.id, name: { 'zh-CN': '数据', 'en-US': 'Data' }, sort: 61 }, admin),
    );
    expect(edited).toMatchObject({ name: '数据', sort: 61 });
    await addPlugin(t, admin, { type_id: type.id });
    const listed = (await expectOk(t.call(adminListPluginTypes, {}, admin))).list.find((entry) => entry.id === type.id);
    expect(listed?.plugin_count).toBe(1);
    expect((await t.call(adminDeletePluginType, { id: type.id }, admin)).code).toBe(ErrorCode.PLUGIN_TYPE_IN_USE);
    const unused = await addPluginType(t, admin);
    expect((await t.call(adminDeletePluginType, { id: unused.id }, admin)).code).toBe(200);
    expect((await t.call(adminDeletePluginType, { id: unused.id }, admin)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(adminEditPluginType, { id: unused.id, name: { 'zh-CN': 'x' } }, admin)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    const { token } = await registerMerchant(t);
    const merchantTypes = (await expectOk(t.call(merchantPluginTypeLists, { lang_code: 'en-US' }, token))).list;
    expect(merchantTypes.find((entry) => entry.id === type.id)?.name).toBe('Data');
  });

  it('refuses a merchant token on every operator plugin call, and records every operator write in the audit log', async () => {
    const { token } = await registerMerchant(t);
    const created = await addPlugin(t, admin);
    expect((await t.call(adminListPlugins, {}, token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(adminAddPlugin, pluginFields(), token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(adminSetPluginStatus, { id: created.id, status: 'unlisted' }, token)).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect((await t.call(adminPluginDetail, { id: created.id }, token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(adminListPluginInstalls, { id: created.id }, token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(adminAddPluginType, { name: { 'zh-CN': 'x' } }, token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(adminListPlugins, {})).code).toBe(ErrorCode.TOKEN_EXPIRED);
    const { rows } = await t.database.executeSql(
      "select action, target_type, target_id from audit_log where action = 'plugin.add' and target_id = $1",
      [String(created.id)],
    );
    expect(rows).toHaveLength(1);
  });
});
