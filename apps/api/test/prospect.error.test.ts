import { addMessage, adminEditProspect, adminListProspects } from '@parlour/contract/calls/prospect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { rawMessageFields, uniqueIp } from './notice-helper';
import { expectOk, signInAdmin } from './shop-helper';

describe('prospects: errors', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const total = async () => (await expectOk(t.call(adminListProspects, {}, adminToken))).total;

  describe('[VALIDATION]', () => {
    it.each([
      [{ name: '' }, 'Name is required', '请输入您的姓名'],
      [{ name: '   ' }, 'Name is required', '请输入您的姓名'],
      [{ name: 'x'.repeat(51) }, 'Name must be at most 50 characters', '姓名最多 50 个字符'],
      [{ contact: undefined }, 'Contact phone is required', '请输入联系电话'],
      [{ contact: '' }, 'Contact phone is required', '请输入联系电话'],
      [{ contact: '12345' }, 'Contact phone must be a valid phone number', '联系电话须为有效的手机号'],
      [{ contact: 'someone@example.com' }, 'Contact phone must be a valid phone number', '联系电话须为有效的手机号'],
      [
        { contact: '07911 12', country: 'GB' },
        'Contact phone must be a valid phone number',
        '联系电话须为有效的手机号',
      ],
      [{ contact: '+44 12' }, 'Contact phone must be a valid phone number', '联系电话须为有效的手机号'],
      [{ contact: '138 0013 800a' }, 'Contact phone must be a valid phone number', '联系电话须为有效的手机号'],
      [{ contact: '1'.repeat(40) }, 'Contact phone must be a valid phone number', '联系电话须为有效的手机号'],
      [{ contact: '07911 123456', country: 'XX' }, 'Contact phone country is not valid', '请选择联系电话的国家或地区'],
      [{ contact: '07911 123456', country: 42 }, 'Contact phone country is not valid', '请选择联系电话的国家或地区'],
      [{ content: '' }, 'Message is required', '请输入留言内容'],
      [{ content: 'x'.repeat(1001) }, 'Message must be at most 1000 characters', '留言内容最多 1000 个字符'],
    ])('refuses %j with a message naming the field, and stores nothing', async (override, english, chinese) => {
      const before = await total();
      const body = rawMessageFields(override);
      const ip = uniqueIp();
      expect(await t.callRaw(addMessage, { ...body, lang_code: 'en-US' }, undefined, { ip })).toMatchObject({
        code: 10001,
        msg: english,
      });
      expect(await t.callRaw(addMessage, { ...body, lang_code: 'zh-CN' }, undefined, { ip })).toMatchObject({
        code: 10001,
        msg: chinese,
      });
      expect(await total()).toBe(before);
    });

    it('refuses bad operator input in both languages', async () => {
      expect(
        await t.call(
          adminListProspects,
          { start_date: '2026-03-02', end_date: '2026-03-01', lang_code: 'en-US' },
          adminToken,
        ),
      ).toMatchObject({ code: 10001, msg: 'Date range is not valid' });
      expect(await t.callRaw(adminListProspects, { status: 'lost', lang_code: 'zh-CN' }, adminToken)).toMatchObject({
        code: 10001,
        msg: '跟进状态须为待跟进或已跟进',
      });
      expect(
        await t.call(adminEditProspect, { id: 1, remark: 'x'.repeat(501), lang_code: 'en-US' }, adminToken),
      ).toMatchObject({ code: 10001, msg: 'Remark must be at most 500 characters' });
      expect(await t.callRaw(adminEditProspect, { remark: 'x', lang_code: 'zh-CN' }, adminToken)).toMatchObject({
        code: 10001,
        msg: '缺少记录 ID',
      });
    });

    it('answers not found when following up an unknown lead', async () => {
      expect((await t.call(adminEditProspect, { id: 999_999, remark: 'x' }, adminToken)).code).toBe(10004);
    });
  });
});
