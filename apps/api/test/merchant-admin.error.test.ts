import {
  adminAddMerchant,
  adminEditMerchant,
  adminListMerchants,
  adminMerchantRegisterTrend,
} from '@parlour/contract/calls/merchant-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, GOOD_PASSWORD, registerMerchant, uniqueEmail, uniqueMobile, type TestApp } from './helper';
import { addMerchant, listMerchants } from './merchant-admin-helper';
import { signInAdmin } from './shop-helper';

describe('merchants (operator): errors', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  describe('[VALIDATION]', () => {
    it.each([
      [{ email: undefined }, 'Email or phone number is required', '请填写邮箱或手机号（至少一项）'],
      [{ email: '', mobile: '' }, 'Email or phone number is required', '请填写邮箱或手机号（至少一项）'],
      [{ email: 'not-an-email' }, 'Email is not a valid address', '邮箱格式不正确'],
      [{ mobile: '12345' }, 'Phone number is not valid', '手机号格式不正确'],
      [{ password: undefined }, 'Password is required', '请输入密码'],
      [{ password: 'Ab1!' }, 'Password must be 6-16 characters', '密码长度须为 6-16 位'],
      [
        { password: 'alllowercase1!' },
        'Password must contain upper case, lower case, a digit and a special character',
        '密码须包含大写字母、小写字母、数字和特殊字符',
      ],
      [{ type: 'company' }, 'Merchant type must be individual or enterprise', '商户类型须为个人或企业'],
      [{ nickname: 'x'.repeat(51) }, 'Merchant name must be at most 50 characters', '商户名称最多 50 个字符'],
      [{ remark: 'x'.repeat(201) }, 'Remark must be at most 200 characters', '备注最多 200 个字符'],
    ])(
      'add refuses %j with a message naming the field in both languages, and adds nobody',
      async (override, english, chinese) => {
        const email = uniqueEmail('invalid');
        const body = { email, password: GOOD_PASSWORD, ...override };
        expect(await t.callRaw(adminAddMerchant, { ...body, lang_code: 'en-US' }, adminToken)).toMatchObject({
          code: 10001,
          msg: english,
        });
        expect(await t.callRaw(adminAddMerchant, { ...body, lang_code: 'zh-CN' }, adminToken)).toMatchObject({
          code: 10001,
          msg: chinese,
        });
        expect((await listMerchants(t, adminToken, { keyword: email })).total).toBe(0);
      },
    );

    it.each([
      [{ id: undefined }, 'Record ID is required'],
      [{ status: 'banned' }, 'Merchant status must be active or disabled'],
      [{ email: 'bad@' }, 'Email is not a valid address'],
      [{ remark: 'x'.repeat(201) }, 'Remark must be at most 200 characters'],
    ])('edit refuses %j and changes nothing', async (override, message) => {
      const merchant = await addMerchant(t, adminToken, { remark: 'before' });
      const answer = await t.callRaw(
        adminEditMerchant,
        { id: merchant.id, nickname: 'Changed', ...override, lang_code: 'en-US' },
        adminToken,
      );
      expect(answer).toMatchObject({ code: 10001, msg: message });
      const [row] = (await listMerchants(t, adminToken, { keyword: merchant.email })).list;
      expect(row).toMatchObject({ nickname: merchant.nickname, remark: 'before', status: 'active' });
    });

    it('edit refuses to leave a merchant with neither email nor phone', async () => {
      const merchant = await addMerchant(t, adminToken);
      const answer = await t.call(adminEditMerchant, { id: merchant.id, email: '', lang_code: 'en-US' }, adminToken);
      expect(answer).toMatchObject({ code: 10001, msg: 'Email or phone number is required' });
      expect((await listMerchants(t, adminToken, { keyword: merchant.email })).total).toBe(1);
    });

    it.each([
      [{ status: 'gone' }, 'Merchant status must be active or disabled'],
      [{ type: 'gone' }, 'Merchant type must be individual or enterprise'],
      [{ start_date: '2026-02-10', end_date: '2026-02-01' }, 'Date range is not valid'],
      [{ start_date: '10/02/2026' }, 'Date range is not valid'],
      [{ limit: 1000 }, 'Limit must be between 1 and 100'],
    ])('the list refuses %j', async (input, message) => {
      expect(await t.callRaw(adminListMerchants, { ...input, lang_code: 'en-US' }, adminToken)).toMatchObject({
        code: 10001,
        msg: message,
      });
    });

    it('the trend refuses a range longer than 366 days', async () => {
      const answer = await t.call(
        adminMerchantRegisterTrend,
        { start_date: '2024-01-01', end_date: '2025-12-31', lang_code: 'en-US' },
        adminToken,
      );
      expect(answer).toMatchObject({ code: 10001, msg: 'The date range may cover at most 366 days' });
    });
  });

  describe('[CONFLICTS]', () => {
    it('add refuses an email or phone that has an account already, registered or added', async () => {
      const registered = await registerMerchant(t);
      const mobile = uniqueMobile();
      await addMerchant(t, adminToken, { email: undefined, mobile });
      for (const body of [
        { email: registered.email },
        { email: registered.email.toUpperCase() },
        { email: undefined, mobile },
        { email: uniqueEmail(), mobile },
      ]) {
        const answer = await t.call(
          adminAddMerchant,
          { password: GOOD_PASSWORD, ...body, lang_code: 'en-US' },
          adminToken,
        );
        expect(answer, JSON.stringify(body)).toMatchObject({ code: 11011 });
      }
      expect((await listMerchants(t, adminToken, { keyword: mobile })).total).toBe(1);
    });

    it("edit refuses another merchant's email or phone and changes nothing", async () => {
      const a = await addMerchant(t, adminToken, { mobile: uniqueMobile() });
      const b = await addMerchant(t, adminToken);
      expect((await t.callRaw(adminEditMerchant, { id: b.id, email: a.email }, adminToken)).code).toBe(11011);
      expect(
        (await t.callRaw(adminEditMerchant, { id: b.id, mobile: a.mobile, nickname: 'Changed' }, adminToken)).code,
      ).toBe(11011);
      const [row] = (await listMerchants(t, adminToken, { keyword: b.email })).list;
      expect(row).toMatchObject({ email: b.email, mobile: null, nickname: b.nickname });
      // Saving a merchant's own email again is no conflict.
      expect(
        (await t.callRaw(adminEditMerchant, { id: a.id, email: a.email, mobile: a.mobile }, adminToken)).code,
      ).toBe(200);
    });

    it('two simultaneous adds of one email create one merchant', async () => {
      const email = uniqueEmail('race');
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => t.call(adminAddMerchant, { email, password: GOOD_PASSWORD }, adminToken)),
      );
      expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.code === 11011)).toHaveLength(3);
      expect((await listMerchants(t, adminToken, { keyword: email })).total).toBe(1);
    });

    it('edit of an unknown merchant answers not found', async () => {
      expect((await t.call(adminEditMerchant, { id: 987654, nickname: 'x' }, adminToken)).code).toBe(10004);
    });
  });
});
