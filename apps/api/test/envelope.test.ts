import { callUrl, type Call } from '@parlour/contract/call';
import { errorMessages } from '@parlour/contract/errors';
import { validationMessages } from '@parlour/contract/i18n/validation';
import { merchantLogin, merchantLogout, merchantRegister, sendEmailCode } from '@parlour/contract/calls/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, uniqueEmail, type TestApp } from './helper';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

describe('the answer envelope (spec §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A raw POST, for bodies the `call` helper cannot send. */
  async function post(call: Call, payload: string | undefined, headers: Record<string, string> = {}) {
    const response = await t.app.inject({ method: 'POST', url: callUrl(call), payload, headers });
    return { status: response.statusCode, type: response.headers['content-type'], body: response.json() as Envelope };
  }

  describe('[BODY]', () => {
    it('answers malformed JSON with MALFORMED_REQUEST, HTTP 200 and a message', async () => {
      for (const lang of ['en-US', 'zh-CN'] as const) {
        const answer = await post(merchantLogin, '{"account": "a@b.co",', {
          'content-type': 'application/json',
          'accept-language': lang,
        });
        expect(answer.status).toBe(200);
        expect(answer.type).toMatch(/^application\/json/);
        expect(answer.body).toEqual({ code: 10002, msg: errorMessages.MALFORMED_REQUEST[lang], data: null });
      }
    });

    it.each([
      ['an array', '[{"account":"a@b.co"}]', 'application/json'],
      ['a number', '42', 'application/json'],
      ['a string', '"account"', 'application/json'],
      ['plain text', 'account=a@b.co', 'text/plain'],
      ['a form', 'account=a@b.co', 'application/x-www-form-urlencoded'],
    ])('answers %s as a body with MALFORMED_REQUEST', async (_name, payload, type) => {
      const answer = await post(merchantLogin, payload, { 'content-type': type });
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(10002);
      expect(answer.body.msg).toBeTruthy();
    });

    it('answers a body over the size limit as an envelope', async () => {
      const answer = await post(merchantLogin, JSON.stringify({ account: 'a'.repeat(2 * 1024 * 1024) }), {
        'content-type': 'application/json',
      });
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(10002);
    });

    it('takes an empty body on a call without fields', async () => {
      const { token } = await registerMerchant(t);
      const first = await post(merchantLogout, undefined, { authorization: `Bearer ${token}` });
      expect(first.body).toMatchObject({ code: 200, data: null });

      const other = await registerMerchant(t);
      const withType = await post(merchantLogout, '', {
        authorization: `Bearer ${other.token}`,
        'content-type': 'application/json',
      });
      expect(withType.body).toMatchObject({ code: 200, data: null });
    });

    it('ignores unknown fields', async () => {
      const merchant = await registerMerchant(t);
      const login = await t.callRaw(merchantLogin, {
        account: merchant.email,
        password: merchant.password,
        remember_me: true,
        shop_id: 7,
        nested: { a: 1 },
      });
      expect(login.code).toBe(200);
      expect(login.data).not.toHaveProperty('remember_me');
    });

    it('answers a success as code 200 with the message in the caller language', async () => {
      const merchant = await registerMerchant(t);
      const zh = await t.call(merchantLogin, {
        account: merchant.email,
        password: merchant.password,
        lang_code: 'zh-CN',
      });
      expect(zh).toMatchObject({ code: 200, msg: errorMessages.OK['zh-CN'] });
      const en = await t.call(merchantLogin, {
        account: merchant.email,
        password: merchant.password,
        lang_code: 'en-US',
      });
      expect(en).toMatchObject({ code: 200, msg: errorMessages.OK['en-US'] });
    });
  });

  describe('[LANGUAGE]', () => {
    it.each([
      ['zh-CN', 'zh-CN'],
      ['zh', 'zh-CN'],
      ['en-US', 'en-US'],
      ['en', 'en-US'],
      ['EN-us', 'en-US'],
      ['fr-FR', 'zh-CN'],
    ] as const)('lang_code %s answers in %s', async (langCode, lang) => {
      const answer = await t.call(merchantLogin, {
        account: uniqueEmail('nobody'),
        password: 'Wrong#Pass1',
        lang_code: langCode,
      });
      expect(answer).toMatchObject({ code: 11001, msg: errorMessages.LOGIN_FAILED[lang] });
    });

    it('answers in Chinese without lang_code, and follows Accept-Language when the body has none', async () => {
      const plain = await t.call(merchantLogin, { account: uniqueEmail('nobody'), password: 'Wrong#Pass1' });
      expect(plain.msg).toBe(errorMessages.LOGIN_FAILED['zh-CN']);
      const header = await t.call(
        merchantLogin,
        { account: uniqueEmail('nobody'), password: 'Wrong#Pass1' },
        undefined,
        {
          headers: { 'accept-language': 'en-US,en;q=0.9' },
        },
      );
      expect(header.msg).toBe(errorMessages.LOGIN_FAILED['en-US']);
      // lang_code wins over the header.
      const both = await t.call(
        merchantLogin,
        { account: uniqueEmail('nobody'), password: 'Wrong#Pass1', lang_code: 'zh-CN' },
        undefined,
        {
          headers: { 'accept-language': 'en-US' },
        },
      );
      expect(both.msg).toBe(errorMessages.LOGIN_FAILED['zh-CN']);
    });

    it('translates errors of authenticated calls too', async () => {
      const en = await t.call(merchantLogout, { lang_code: 'en' });
      expect(en).toEqual({ code: 10000, msg: errorMessages.TOKEN_EXPIRED['en-US'], data: null });
      const zh = await t.call(merchantLogout, { lang_code: 'zh' });
      expect(zh.msg).toBe(errorMessages.TOKEN_EXPIRED['zh-CN']);
    });
  });

  describe('[VALIDATION]', () => {
    type Errors = { errors: { field: string; message: string }[] };
    /** The fields named in data.errors, once each (one field may break several rules). */
    const fieldsOf = (answer: { data: Errors }) => [...new Set(answer.data.errors.map((error) => error.field))];

    it('names the first bad field in msg and lists every bad field in data.errors, in both languages', async () => {
      const body = { email: 'not-an-email', code: '1', password: 'short', confirm_password: 'short', agree: false };
      const en = await t.callRaw<Errors>(merchantRegister, { ...body, lang_code: 'en-US' });
      expect(en.code).toBe(10001);
      expect(en.msg).toBe(validationMessages.email_invalid['en-US']);
      expect(en.msg).toMatch(/Email/);
      expect(fieldsOf(en)).toEqual(['email', 'code', 'password', 'agree']);
      expect(en.data.errors.find((error) => error.field === 'password')?.message).toMatch(/Password/);
      expect(en.data.errors.find((error) => error.field === 'code')?.message).toMatch(/Verification code/);

      const zh = await t.callRaw<Errors>(merchantRegister, { ...body, lang_code: 'zh-CN' });
      expect(zh.code).toBe(10001);
      expect(zh.msg).toBe(validationMessages.email_invalid['zh-CN']);
      expect(zh.msg).toMatch(/邮箱/);
      expect(fieldsOf(zh)).toEqual(['email', 'code', 'password', 'agree']);
      expect(zh.data.errors.find((error) => error.field === 'password')?.message).toMatch(/密码/);
      expect(zh.data.errors.find((error) => error.field === 'code')?.message).toMatch(/验证码/);
    });

    it('names missing fields', async () => {
      const en = await t.callRaw<Errors>(merchantLogin, { lang_code: 'en-US' });
      expect(en).toMatchObject({ code: 10001, msg: 'Account is required' });
      expect(en.data.errors.map((error) => error.field)).toEqual(['account', 'password']);
      const zh = await t.callRaw<Errors>(merchantLogin, { account: 'a@b.co', lang_code: 'zh-CN' });
      expect(zh).toMatchObject({ code: 10001, msg: '请输入密码' });
    });

    it('names the field when a rule has no message of its own', async () => {
      const captcha = { account: 'a@b.co', password: 'x', captcha_id: 'x'.repeat(65), captcha_code: 'abcd' };
      const en = await t.call(merchantLogin, { ...captcha, lang_code: 'en-US' });
      expect(en).toMatchObject({
        code: 10001,
        msg: 'Captcha is not valid',
        data: { errors: [{ field: 'captcha_id' }] },
      });
      const zh = await t.call(merchantLogin, { ...captcha, lang_code: 'zh-CN' });
      expect(zh.msg).toBe('图形验证码格式不正确');
    });

    it('names a field of the wrong type', async () => {
      const en = await t.callRaw<Errors>(sendEmailCode, { email: 42, event: 'register', lang_code: 'en-US' });
      expect(en).toMatchObject({ code: 10001, msg: 'Email is required', data: { errors: [{ field: 'email' }] } });
      const event = await t.callRaw<Errors>(sendEmailCode, { email: 'a@b.co', event: 'login', lang_code: 'en-US' });
      expect(event).toMatchObject({ code: 10001, data: { errors: [{ field: 'event' }] } });
      expect(event.msg).toMatch(/purpose/);
    });
  });

  describe('[NOT FOUND]', () => {
    it('answers an unknown /api path with a 404 envelope', async () => {
      for (const [method, url] of [
        ['POST', '/api/v1/merchant/nothing/here'],
        ['GET', '/api/v1/merchant/member/user/login'],
        ['GET', '/api/unknown'],
        ['PUT', '/api/v1/merchant/member/user/login'],
      ] as const) {
        const response = await t.app.inject({ method, url, headers: { 'accept-language': 'en-US' } });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual({ code: 10004, msg: errorMessages.NOT_FOUND['en-US'], data: null });
      }
    });
  });

  it('answers an unexpected failure as SERVER_ERROR, HTTP 200, without details', async () => {
    const broken = await buildTestApp();
    await broken.database.close();
    try {
      const response = await broken.app.inject({
        method: 'POST',
        url: `/api/v1/${merchantLogin.path}`,
        payload: { account: 'a@b.co', password: 'x', lang_code: 'en-US' },
      });
      expect(response.statusCode).toBe(200);
      // The only detail is the request id its log line carries (request-id.test.ts).
      expect(response.json()).toEqual({
        code: 10500,
        msg: errorMessages.SERVER_ERROR['en-US'],
        data: { request_id: response.headers['x-request-id'] },
      });
      expect(response.body).not.toMatch(/stack|Error:|at /);
    } finally {
      await broken.app.close();
    }
  });
});
