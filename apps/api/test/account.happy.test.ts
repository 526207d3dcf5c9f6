import {
  adminLogin,
  adminLogout,
  checkEmailCode,
  checkMobileCode,
  merchantForgotPassword,
  merchantLogin,
  merchantLogout,
  merchantMobileForgotPassword,
  merchantMobileRegister,
  merchantRegister,
  sendEmailCode,
  sendMobileCode,
} from '@parlour/contract/calls/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  GOOD_PASSWORD,
  OTHER_PASSWORD,
  registerMerchant,
  registerMobileMerchant,
  uniqueEmail,
  uniqueMobile,
  type TestApp,
} from './helper';

/** Spec numbers, written out so a changed constant fails here. */
const CODE_RESEND_SECONDS = 60;
const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

describe('accounts: happy paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Per-IP throttling has its own test; here every call comes from one address.
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '1000' } });
    await t.app.services.accounts.ensureAdmin('admin', 'Admin@2026');
  });
  afterAll(() => t.close());

  describe('[REGISTER]', () => {
    it('registers by email with a mailed code and answers a signed-in session', async () => {
      const email = uniqueEmail();
      const sent = await t.call(sendEmailCode, { email, event: 'register' });
      expect(sent).toMatchObject({ code: 200, data: { resend_after: CODE_RESEND_SECONDS } });
      const code = t.mail.lastCodeTo(email);
      expect(code).toMatch(/^\d{6}$/);

      const answer = await t.call(merchantRegister, {
        email,
        code,
        password: GOOD_PASSWORD,
        confirm_password: GOOD_PASSWORD,
        agree: true,
      });
      expect(answer.code).toBe(200);
      expect(answer.data.userinfo).toMatchObject({ account: email, email, mobile: null, type: 'individual' });
      expect(answer.data.userinfo.token).toEqual(expect.any(String));

      // The automatic sign-in works on an authenticated call.
      expect((await t.call(merchantLogout, {}, answer.data.userinfo.token)).code).toBe(200);
    });

    it('marks the session of a registration as the first sign-in, and later sign-ins as returning', async () => {
      const merchant = await registerMerchant(t);
      const registered = await t.call(merchantLogin, { account: merchant.email, password: merchant.password });
      expect(registered.data.userinfo.is_first_sign_in).toBe(false);
      const email = uniqueEmail();
      expect((await t.call(sendEmailCode, { email, event: 'register' })).code).toBe(200);
      const answer = await t.call(merchantRegister, {
        email,
        code: t.mail.lastCodeTo(email),
        password: GOOD_PASSWORD,
        confirm_password: GOOD_PASSWORD,
        agree: true,
      });
      expect(answer.data.userinfo.is_first_sign_in).toBe(true);
      const later = await t.call(merchantLogin, { account: email, password: GOOD_PASSWORD });
      expect(later.data.userinfo.is_first_sign_in).toBe(false);
    });

    it('registers by phone with an SMS code and answers a signed-in session', async () => {
      const mobile = uniqueMobile();
      expect((await t.call(sendMobileCode, { mobile, event: 'register' })).code).toBe(200);
      const sms = t.sms.sent.at(-1);
      expect(sms).toMatchObject({ mobile, purpose: 'register' });
      expect(sms?.code).toMatch(/^\d{6}$/);

      const answer = await t.callRaw(merchantMobileRegister, {
        mobile,
        code: sms?.code,
        password: GOOD_PASSWORD,
        confirm_password: GOOD_PASSWORD,
        agree: true,
      });
      expect(answer.code).toBe(200);
      expect(answer.data.userinfo).toMatchObject({ account: mobile, mobile, email: null });
      expect((await t.call(merchantLogout, {}, answer.data.userinfo.token)).code).toBe(200);
    });

    it('writes the code mail in the caller language', async () => {
      const email = uniqueEmail();
      await t.call(sendEmailCode, { email, event: 'register', lang_code: 'en-US' });
      expect(t.mail.sent.at(-1)?.text).toMatch(/verification code is \d{6}/);
      const other = uniqueEmail();
      await t.call(sendEmailCode, { email: other, event: 'register', lang_code: 'zh-CN' });
      expect(t.mail.sent.at(-1)?.text).toMatch(/验证码是 \d{6}/);
    });

    it('stores emails in lower case so the same address cannot register twice', async () => {
      const email = uniqueEmail('Mixed.Case');
      const merchant = await registerMerchant(t, email);
      t.clock.advance(60);
      // The same answer as for a new address; the mail says the account exists and carries no code.
      expect((await t.call(sendEmailCode, { email: email.toLowerCase(), event: 'register' })).code).toBe(200);
      expect(t.mail.sent.at(-1)).toMatchObject({ to: email.toLowerCase(), subject: 'Parlour：此邮箱已注册' });
      const login = await t.call(merchantLogin, { account: email.toUpperCase(), password: merchant.password });
      expect(login.code).toBe(200);
    });
  });

  describe('[LOGIN]', () => {
    it('signs a merchant in by email and answers the token with the profile', async () => {
      const merchant = await registerMerchant(t);
      const login = await t.call(merchantLogin, {
        account: merchant.email,
        password: merchant.password,
      });
      expect(login.code).toBe(200);
      const { userinfo } = login.data;
      expect(userinfo).toMatchObject({ id: merchant.id, account: merchant.email, email: merchant.email, mobile: null });
      expect(Object.keys(userinfo).sort()).toEqual(
        [
          'account',
          'created_at',
          'email',
          'expires_at',
          'id',
          'is_first_sign_in',
          'mobile',
          'nickname',
          'token',
          'type',
        ].sort(),
      );
      expect(userinfo).not.toHaveProperty('password_hash');
      expect(JSON.stringify(login)).not.toMatch(/argon2/);
      // 32 random bytes, URL-safe base64.
      expect(Buffer.from(userinfo.token, 'base64url')).toHaveLength(32);
      expect(new Date(userinfo.expires_at).getTime() - t.clock.now().getTime()).toBe(SESSION_TTL_SECONDS * 1000);
      expect((await t.call(merchantLogout, {}, userinfo.token)).code).toBe(200);
    });

    it('signs a merchant in by phone', async () => {
      const merchant = await registerMobileMerchant(t);
      const login = await t.call(merchantLogin, { account: merchant.mobile, password: merchant.password });
      expect(login.code).toBe(200);
      expect(login.data.userinfo).toMatchObject({ id: merchant.id, account: merchant.mobile, mobile: merchant.mobile });
    });

    it('gives each login its own session, and logout ends only that one', async () => {
      const merchant = await registerMerchant(t);
      const first = await t.call(merchantLogin, { account: merchant.email, password: merchant.password });
      const second = await t.call(merchantLogin, { account: merchant.email, password: merchant.password });
      expect(first.data.userinfo.token).not.toBe(second.data.userinfo.token);
      expect((await t.call(merchantLogout, {}, first.data.userinfo.token)).code).toBe(200);
      expect((await t.call(merchantLogout, {}, first.data.userinfo.token)).code).toBe(10000);
      expect((await t.call(merchantLogout, {}, second.data.userinfo.token)).code).toBe(200);
    });

    it('signs the seeded operator in and out', async () => {
      const login = await t.call(adminLogin, {
        account: 'admin',
        password: 'Admin@2026',
      });
      expect(login.code).toBe(200);
      expect(login.data.userinfo).toMatchObject({ account: 'admin', token: expect.any(String) });
      expect(login.data.userinfo).not.toHaveProperty('password_hash');
      expect((await t.call(adminLogout, {}, login.data.userinfo.token)).code).toBe(200);
      expect((await t.call(adminLogout, {}, login.data.userinfo.token)).code).toBe(10000);
    });
  });

  describe('[FORGOT]', () => {
    it('resets a password by email in two steps and signs the merchant out everywhere', async () => {
      const merchant = await registerMerchant(t);
      const login = await t.call(merchantLogin, { account: merchant.email, password: merchant.password });
      const oldTokens = [merchant.token, login.data.userinfo.token];
      // The register code went to the same address less than a minute ago.
      t.clock.advance(CODE_RESEND_SECONDS);

      expect((await t.call(sendEmailCode, { email: merchant.email, event: 'forgot' })).code).toBe(200);
      const code = t.mail.lastCodeTo(merchant.email);
      expect(t.mail.sent.at(-1)?.subject).toMatch(/密码|password/i);

      // Step one checks the code without using it up.
      const check = { email: merchant.email, code, event: 'forgot' as const };
      expect(await t.call(checkEmailCode, check)).toMatchObject({ code: 200, data: { valid: true } });
      expect(await t.call(checkEmailCode, check)).toMatchObject({ code: 200, data: { valid: true } });

      const reset = await t.call(merchantForgotPassword, {
        email: merchant.email,
        code,
        password: OTHER_PASSWORD,
        confirm_password: OTHER_PASSWORD,
      });
      expect(reset).toMatchObject({ code: 200, data: null });

      expect((await t.call(merchantLogin, { account: merchant.email, password: merchant.password })).code).toBe(11001);
      expect((await t.call(merchantLogin, { account: merchant.email, password: OTHER_PASSWORD })).code).toBe(200);
      for (const token of oldTokens) expect((await t.call(merchantLogout, {}, token)).code).toBe(10000);
    });

    it('resets a password by phone in two steps and signs the merchant out everywhere', async () => {
      const merchant = await registerMobileMerchant(t);
      t.clock.advance(CODE_RESEND_SECONDS);
      expect((await t.call(sendMobileCode, { mobile: merchant.mobile, event: 'forgot' })).code).toBe(200);
      const code = t.sms.lastCodeTo(merchant.mobile);
      expect(t.sms.sent.at(-1)?.purpose).toBe('forgot');

      const check = { mobile: merchant.mobile, code, event: 'forgot' as const };
      expect(await t.call(checkMobileCode, check)).toMatchObject({ code: 200, data: { valid: true } });
      expect(await t.call(checkMobileCode, check)).toMatchObject({ code: 200, data: { valid: true } });

      const reset = await t.call(merchantMobileForgotPassword, {
        mobile: merchant.mobile,
        code,
        password: OTHER_PASSWORD,
        confirm_password: OTHER_PASSWORD,
      });
      expect(reset.code).toBe(200);
      expect((await t.call(merchantLogin, { account: merchant.mobile, password: merchant.password })).code).toBe(11001);
      expect((await t.call(merchantLogin, { account: merchant.mobile, password: OTHER_PASSWORD })).code).toBe(200);
      expect((await t.call(merchantLogout, {}, merchant.token)).code).toBe(10000);
    });

    it('answers a code request for an unknown email like any other, but sends nothing', async () => {
      const email = uniqueEmail('nobody');
      const mailsBefore = t.mail.sent.length;
      expect(await t.call(sendEmailCode, { email, event: 'forgot' })).toMatchObject({
        code: 200,
        data: { resend_after: CODE_RESEND_SECONDS },
      });
      expect(t.mail.sent.length).toBe(mailsBefore);

      const mobile = uniqueMobile();
      const smsBefore = t.sms.sent.length;
      expect((await t.call(sendMobileCode, { mobile, event: 'forgot' })).code).toBe(200);
      expect(t.sms.sent.length).toBe(smsBefore);
    });
  });
});
