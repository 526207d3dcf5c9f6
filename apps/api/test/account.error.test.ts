import { errorMessages } from '@parlour/contract/errors';
import {
  adminCaptcha,
  adminLogin,
  checkEmailCode,
  checkMobileCode,
  merchantCaptcha,
  merchantForgotPassword,
  merchantLogin,
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

/** The numbers of the specification, written out so a changed constant fails here. */
const CODE_MAX_ATTEMPTS = 5;
const CODE_TTL_SECONDS = 10 * 60;
const CODE_RESEND_SECONDS = 60;

/** The captcha answer of every test app here, so tests can solve it. */
const CAPTCHA_TEXT = 'abcd';
const captchaDrawer = () => ({ text: CAPTCHA_TEXT, svg: '<svg/>' });

/** A well-formed code that is not `code`. */
function wrongCode(code: string | undefined) {
  return code === '000000' ? '111111' : '000000';
}

interface LoginFailure {
  captcha_required?: boolean;
}

describe('accounts: errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ captchaDrawer, env: { CODE_SENDS_PER_IP_PER_HOUR: '1000' } });
    await t.app.services.accounts.ensureAdmin('admin', 'Admin@2026');
  });
  afterAll(() => t.close());

  function registerBody(email: string, code: string, password = GOOD_PASSWORD) {
    return { email, code, password, confirm_password: password, agree: true };
  }
  async function mailedCode(email: string, event: 'register' | 'forgot' = 'register') {
    const sent = await t.call(sendEmailCode, { email, event });
    expect(sent.code).toBe(200);
    return t.mail.lastCodeTo(email);
  }

  describe('[REGISTER] an account that exists', () => {
    const takenEmailTitle =
      'answers a register code for a taken email like any other, mails "you already have an account" instead of a ' +
      'code, and refuses a registration without a valid code';
    it(takenEmailTitle, async () => {
      const merchant = await registerMerchant(t);
      t.clock.advance(CODE_RESEND_SECONDS);
      const mailsBefore = t.mail.sent.length;
      const sent = await t.call(sendEmailCode, { email: merchant.email, event: 'register', lang_code: 'en-US' });
      expect(sent).toMatchObject({ code: 200, data: { resend_after: CODE_RESEND_SECONDS } });
      expect(t.mail.sent.length).toBe(mailsBefore + 1);
      const notice = t.mail.sent.at(-1)!;
      expect(notice).toMatchObject({ to: merchant.email, subject: 'You already have a Parlour account' });
      expect(notice.text).toMatch(/\/login/);
      expect(notice.text).toMatch(/\/forgot/);
      expect(notice.text).not.toMatch(/\d{6}/);

      // The code comes first: without a valid one the answer is the same as for a new address.
      const again = await t.callRaw(merchantRegister, registerBody(merchant.email, '123456'));
      expect(again.code).toBe(11020);
    });

    it('a valid register code for an address that has an account answers "already registered"', async () => {
      const merchant = await registerMerchant(t);
      t.clock.advance(CODE_RESEND_SECONDS);
      expect((await t.call(sendEmailCode, { email: merchant.email, event: 'register' })).code).toBe(200);
      // The code the send recorded (no mail carried it: it is sealed in the queued delivery job).
      const job = t.queued.at(-1)!;
      const code = t.app.services.secretBox.openSecret(job.data.sealedCode as string);
      const answer = await t.callRaw(merchantRegister, { ...registerBody(merchant.email, code), lang_code: 'en-US' });
      expect(answer).toMatchObject({ code: 11011, msg: errorMessages.ACCOUNT_EXISTS['en-US'] });
    });

    it('answers a register code for a taken phone number like any other and texts nothing', async () => {
      const merchant = await registerMobileMerchant(t);
      t.clock.advance(CODE_RESEND_SECONDS);
      const textsBefore = t.sms.sent.length;
      expect((await t.call(sendMobileCode, { mobile: merchant.mobile, event: 'register' })).code).toBe(200);
      expect(t.sms.sent.length).toBe(textsBefore);
      const again = await t.call(merchantMobileRegister, {
        mobile: merchant.mobile,
        code: '123456',
        password: GOOD_PASSWORD,
        confirm_password: GOOD_PASSWORD,
        agree: true,
      });
      expect(again.code).toBe(11020);
    });
  });

  describe('[CODES]', () => {
    it('refuses a wrong code, and a wrong try leaves the right code usable', async () => {
      const email = uniqueEmail();
      const code = await mailedCode(email);
      const wrong = await t.callRaw(merchantRegister, { ...registerBody(email, wrongCode(code)), lang_code: 'en-US' });
      expect(wrong).toMatchObject({ code: 11020, msg: errorMessages.CODE_INVALID['en-US'] });
      expect((await t.callRaw(merchantRegister, registerBody(email, code))).code).toBe(200);
    });

    it(`voids a code after ${CODE_MAX_ATTEMPTS} wrong tries, even for the right one after`, async () => {
      const email = uniqueEmail();
      const code = await mailedCode(email);
      for (let index = 0; index < CODE_MAX_ATTEMPTS; index += 1) {
        expect((await t.call(checkEmailCode, { email, code: wrongCode(code), event: 'register' })).code).toBe(11020);
      }
      expect((await t.call(checkEmailCode, { email, code, event: 'register' })).code).toBe(11020);
      expect((await t.callRaw(merchantRegister, registerBody(email, code))).code).toBe(11020);
    });

    it(`still takes the right code after ${CODE_MAX_ATTEMPTS - 1} wrong tries`, async () => {
      const email = uniqueEmail();
      const code = await mailedCode(email);
      for (let index = 0; index < CODE_MAX_ATTEMPTS - 1; index += 1) {
        expect((await t.callRaw(merchantRegister, registerBody(email, wrongCode(code)))).code).toBe(11020);
      }
      expect((await t.callRaw(merchantRegister, registerBody(email, code))).code).toBe(200);
    });

    it('expires a code after 10 minutes', async () => {
      const email = uniqueEmail();
      const code = await mailedCode(email);
      t.clock.advance(CODE_TTL_SECONDS - 1);
      expect((await t.call(checkEmailCode, { email, code, event: 'register' })).code).toBe(200);
      t.clock.advance(2);
      expect((await t.call(checkEmailCode, { email, code, event: 'register' })).code).toBe(11020);
      expect((await t.callRaw(merchantRegister, registerBody(email, code))).code).toBe(11020);
    });

    it('uses a code once: a second reset with the same code fails', async () => {
      const merchant = await registerMerchant(t);
      t.clock.advance(CODE_RESEND_SECONDS);
      const code = await mailedCode(merchant.email, 'forgot');
      const reset = { email: merchant.email, code, password: OTHER_PASSWORD, confirm_password: OTHER_PASSWORD };
      expect((await t.call(merchantForgotPassword, reset)).code).toBe(200);
      const again = { ...reset, password: 'Third%Pass3', confirm_password: 'Third%Pass3' };
      expect((await t.call(merchantForgotPassword, again)).code).toBe(11020);
      expect((await t.call(checkEmailCode, { email: merchant.email, code, event: 'forgot' })).code).toBe(11020);
      expect((await t.call(merchantLogin, { account: merchant.email, password: OTHER_PASSWORD })).code).toBe(200);
    });

    it('binds a code to its purpose: a register code is refused for forgot and back', async () => {
      const email = uniqueEmail();
      const registerCode = await mailedCode(email, 'register');
      expect((await t.call(checkEmailCode, { email, code: registerCode, event: 'forgot' })).code).toBe(11020);
      expect((await t.call(checkEmailCode, { email, code: registerCode, event: 'register' })).code).toBe(200);

      const merchant = await registerMerchant(t);
      t.clock.advance(CODE_RESEND_SECONDS);
      const forgotCode = await mailedCode(merchant.email, 'forgot');
      expect((await t.call(checkEmailCode, { email: merchant.email, code: forgotCode, event: 'register' })).code).toBe(
        11020,
      );
      expect((await t.call(checkEmailCode, { email: merchant.email, code: forgotCode, event: 'forgot' })).code).toBe(
        200,
      );
    });

    it('binds a code to its target: the code of one address is refused for another', async () => {
      const first = uniqueEmail();
      const second = uniqueEmail();
      const firstCode = await mailedCode(first);
      const secondCode = await mailedCode(second);
      expect(firstCode).not.toBe(secondCode);
      expect((await t.callRaw(merchantRegister, registerBody(second, firstCode))).code).toBe(11020);
      expect((await t.callRaw(merchantRegister, registerBody(second, secondCode))).code).toBe(200);

      const mobile = uniqueMobile();
      expect((await t.call(sendMobileCode, { mobile, event: 'register' })).code).toBe(200);
      const mobileCode = t.sms.lastCodeTo(mobile);
      expect((await t.call(checkEmailCode, { email: uniqueEmail(), code: mobileCode, event: 'register' })).code).toBe(
        11020,
      );
    });

    it('keeps only the newest code of a target', async () => {
      const email = uniqueEmail();
      const older = await mailedCode(email);
      t.clock.advance(CODE_RESEND_SECONDS);
      const newer = await mailedCode(email);
      if (older !== newer) expect((await t.callRaw(merchantRegister, registerBody(email, older))).code).toBe(11020);
      expect((await t.callRaw(merchantRegister, registerBody(email, newer))).code).toBe(200);
    });

    it('answers CODE_INVALID when no code was ever sent', async () => {
      expect((await t.call(checkEmailCode, { email: uniqueEmail(), code: '123456', event: 'register' })).code).toBe(
        11020,
      );
      expect((await t.call(checkMobileCode, { mobile: uniqueMobile(), code: '123456', event: 'forgot' })).code).toBe(
        11020,
      );
    });
  });

  describe('[CODES] sending is throttled', () => {
    it('refuses a second code to the same target within 60 s, with retry_after', async () => {
      const email = uniqueEmail();
      const code = await mailedCode(email);
      const again = await t.callRaw<{ retry_after: number }>(sendEmailCode, {
        email,
        event: 'register',
        lang_code: 'en-US',
      });
      expect(again).toMatchObject({
        code: 10029,
        msg: errorMessages.TOO_MANY_REQUESTS['en-US'],
        data: { retry_after: CODE_RESEND_SECONDS },
      });

      t.clock.advance(CODE_RESEND_SECONDS - 20);
      const later = await t.callRaw<{ retry_after: number }>(sendEmailCode, { email, event: 'register' });
      expect(later).toMatchObject({ code: 10029, data: { retry_after: 20 } });

      // Another target is not held up, and the refused sends left the first code alone.
      expect((await t.call(sendEmailCode, { email: uniqueEmail(), event: 'register' })).code).toBe(200);
      expect((await t.call(checkEmailCode, { email, code, event: 'register' })).code).toBe(200);

      t.clock.advance(20);
      expect((await t.call(sendEmailCode, { email, event: 'register' })).code).toBe(200);
    });

    it('throttles SMS codes per number the same way', async () => {
      const mobile = uniqueMobile();
      expect((await t.call(sendMobileCode, { mobile, event: 'register' })).code).toBe(200);
      expect(await t.call(sendMobileCode, { mobile, event: 'register' })).toMatchObject({
        code: 10029,
        data: { retry_after: CODE_RESEND_SECONDS },
      });
      t.clock.advance(CODE_RESEND_SECONDS);
      expect((await t.call(sendMobileCode, { mobile, event: 'register' })).code).toBe(200);
    });

    it('throttles sends for unknown accounts too, so the throttle reveals nothing', async () => {
      const email = uniqueEmail('nobody');
      expect((await t.call(sendEmailCode, { email, event: 'forgot' })).code).toBe(200);
      expect((await t.call(sendEmailCode, { email, event: 'forgot' })).code).toBe(10029);
    });

    it('throttles per IP address across targets', async () => {
      const limited = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '3' } });
      try {
        const send = (ip: string, index: number) =>
          index % 2
            ? limited.callRaw<{ retry_after?: number }>(
                sendMobileCode,
                { mobile: uniqueMobile(), event: 'register' },
                undefined,
                { ip },
              )
            : limited.callRaw<{ retry_after?: number }>(
                sendEmailCode,
                { email: uniqueEmail(), event: 'register' },
                undefined,
                { ip },
              );
        for (let index = 0; index < 3; index += 1) expect((await send('203.0.113.7', index)).code).toBe(200);
        const refused = await send('203.0.113.7', 3);
        expect(refused.code).toBe(10029);
        expect(refused.data.retry_after).toBeGreaterThan(0);
        // Another address is not affected.
        expect((await send('203.0.113.8', 0)).code).toBe(200);
        // The window is an hour.
        limited.clock.advance(3600);
        expect((await send('203.0.113.7', 4)).code).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });

  describe('[FORGOT] errors', () => {
    it('refuses a wrong code and leaves the password unchanged', async () => {
      const merchant = await registerMerchant(t);
      t.clock.advance(CODE_RESEND_SECONDS);
      const code = await mailedCode(merchant.email, 'forgot');
      const reset = await t.call(merchantForgotPassword, {
        email: merchant.email,
        code: wrongCode(code),
        password: OTHER_PASSWORD,
        confirm_password: OTHER_PASSWORD,
      });
      expect(reset.code).toBe(11020);
      expect((await t.call(merchantLogin, { account: merchant.email, password: merchant.password })).code).toBe(200);
      expect(
        (await t.call(checkEmailCode, { email: merchant.email, code: wrongCode(code), event: 'forgot' })).code,
      ).toBe(11020);
    });

    it('refuses a reset for an account that does not exist', async () => {
      const email = uniqueEmail('nobody');
      expect((await t.call(sendEmailCode, { email, event: 'forgot' })).code).toBe(200);
      const reset = await t.call(merchantForgotPassword, {
        email,
        code: '123456',
        password: OTHER_PASSWORD,
        confirm_password: OTHER_PASSWORD,
      });
      expect(reset.code).toBe(11020);
      const mobileReset = await t.call(merchantMobileForgotPassword, {
        mobile: uniqueMobile(),
        code: '123456',
        password: OTHER_PASSWORD,
        confirm_password: OTHER_PASSWORD,
      });
      expect(mobileReset.code).toBe(11020);
    });
  });

  describe('[REGISTER] the shared field rules hold on the server', () => {
    it.each([
      ['a weak password', { password: 'weakpass', confirm_password: 'weakpass' }, 'password'],
      [
        'a password over 16 characters',
        { password: 'Aa1!Aa1!Aa1!Aa1!x', confirm_password: 'Aa1!Aa1!Aa1!Aa1!x' },
        'password',
      ],
      ['a confirmation that does not match', { confirm_password: OTHER_PASSWORD }, 'confirm_password'],
      ['terms not agreed', { agree: false }, 'agree'],
      ['a code of 3 characters', { code: '123' }, 'code'],
      ['a code with symbols', { code: '12-456' }, 'code'],
      ['a malformed email', { email: 'not-an-email' }, 'email'],
    ])('refuses %s with VALIDATION_FAILED naming the field', async (_name, change, field) => {
      const answer = await t.callRaw<{ errors: { field: string }[] }>(merchantRegister, {
        ...registerBody(uniqueEmail(), '123456'),
        ...change,
      });
      expect(answer.code).toBe(10001);
      expect(answer.data.errors.map((error) => error.field)).toContain(field);
    });

    it('refuses a malformed phone number on phone registration', async () => {
      const answer = await t.callRaw<{ errors: { field: string }[] }>(merchantMobileRegister, {
        mobile: '12345',
        code: '123456',
        password: GOOD_PASSWORD,
        confirm_password: GOOD_PASSWORD,
        agree: true,
      });
      expect(answer.code).toBe(10001);
      expect(answer.data.errors.map((error) => error.field)).toEqual(['mobile']);
    });
  });

  describe('[LOGIN] failures and the captcha', () => {
    async function fail(account: string, captcha?: { captcha_id: string; captcha_code: string }) {
      return t.callRaw<LoginFailure>(merchantLogin, { account, password: 'Wrong#Pass1', ...captcha });
    }
    async function fetchCaptcha(captchaCall: typeof merchantCaptcha | typeof adminCaptcha = merchantCaptcha) {
      const answer = await t.call(captchaCall, {});
      expect(answer.code).toBe(200);
      return answer.data;
    }

    it('answers LOGIN_FAILED for an unknown account and for a wrong password alike', async () => {
      const merchant = await registerMerchant(t);
      const unknown = await t.call(merchantLogin, {
        account: uniqueEmail('nobody'),
        password: merchant.password,
        lang_code: 'en-US',
      });
      const wrong = await t.call(merchantLogin, {
        account: merchant.email,
        password: 'Wrong#Pass1',
        lang_code: 'en-US',
      });
      expect(unknown).toEqual({
        code: 11001,
        msg: errorMessages.LOGIN_FAILED['en-US'],
        data: { captcha_required: false },
      });
      expect(wrong).toEqual(unknown);
    });

    it('requires a captcha from the 5th failure, then takes a right captcha and clears the failures', async () => {
      const merchant = await registerMerchant(t);
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect(await fail(merchant.email)).toMatchObject({ code: 11001, data: { captcha_required: false } });
      }
      expect(await fail(merchant.email)).toMatchObject({ code: 11001, data: { captcha_required: true } });

      // Even the right password needs the captcha now.
      const withoutCaptcha = await t.call(merchantLogin, {
        account: merchant.email,
        password: merchant.password,
        lang_code: 'en-US',
      });
      expect(withoutCaptcha).toMatchObject({
        code: 11003,
        msg: errorMessages.CAPTCHA_REQUIRED['en-US'],
        data: { captcha_required: true },
      });

      const captcha = await fetchCaptcha();
      expect(captcha).toMatchObject({ captcha_id: expect.any(String), svg: '<svg/>', expires_in: expect.any(Number) });

      // A wrong answer uses the captcha up: the right answer to the same image fails after it.
      const wrongAnswer = await t.call(merchantLogin, {
        account: merchant.email,
        password: merchant.password,
        captcha_id: captcha.captcha_id,
        captcha_code: 'zzzz',
      });
      expect(wrongAnswer).toMatchObject({ code: 11004, data: { captcha_required: true } });
      const reused = await t.call(merchantLogin, {
        account: merchant.email,
        password: merchant.password,
        captcha_id: captcha.captcha_id,
        captcha_code: CAPTCHA_TEXT,
      });
      expect(reused.code).toBe(11004);

      // A right captcha with a wrong password is still a failure, and still needs a captcha next.
      expect(
        await fail(merchant.email, { captcha_id: (await fetchCaptcha()).captcha_id, captcha_code: CAPTCHA_TEXT }),
      ).toMatchObject({
        code: 11001,
        data: { captcha_required: true },
      });

      // Answers are compared without regard to case.
      const success = await t.call(merchantLogin, {
        account: merchant.email,
        password: merchant.password,
        captcha_id: (await fetchCaptcha()).captcha_id,
        captcha_code: CAPTCHA_TEXT.toUpperCase(),
      });
      expect(success.code).toBe(200);

      // The failures are cleared: no captcha needed, and the count starts again.
      expect((await t.call(merchantLogin, { account: merchant.email, password: merchant.password })).code).toBe(200);
      expect(await fail(merchant.email)).toMatchObject({ code: 11001, data: { captcha_required: false } });
    });

    it('refuses an expired captcha', async () => {
      const merchant = await registerMerchant(t);
      for (let attempt = 1; attempt <= 5; attempt += 1) await fail(merchant.email);
      const captcha = await fetchCaptcha();
      t.clock.advance(captcha.expires_in + 1);
      // Still inside the 15-minute failure window.
      const late = await t.call(merchantLogin, {
        account: merchant.email,
        password: merchant.password,
        captcha_id: captcha.captcha_id,
        captcha_code: CAPTCHA_TEXT,
      });
      expect(late.code).toBe(11004);
      const unknown = await t.call(merchantLogin, {
        account: merchant.email,
        password: merchant.password,
        captcha_id: 'no-such-captcha',
        captcha_code: CAPTCHA_TEXT,
      });
      expect(unknown.code).toBe(11004);
    });

    it('forgets failures older than the 15-minute window', async () => {
      const merchant = await registerMerchant(t);
      for (let attempt = 1; attempt <= 5; attempt += 1) await fail(merchant.email);
      t.clock.advance(15 * 60 - 1);
      expect((await t.call(merchantLogin, { account: merchant.email, password: merchant.password })).code).toBe(11003);
      t.clock.advance(2);
      expect((await t.call(merchantLogin, { account: merchant.email, password: merchant.password })).code).toBe(200);
    });

    it('does not count an attempt stopped at the captcha as a failure', async () => {
      const merchant = await registerMerchant(t);
      for (let attempt = 1; attempt <= 5; attempt += 1) await fail(merchant.email);
      t.clock.advance(10 * 60);
      for (let attempt = 1; attempt <= 5; attempt += 1) expect((await fail(merchant.email)).code).toBe(11003);
      // The five real failures leave the window; the refused attempts were never failures.
      t.clock.advance(5 * 60 + 1);
      expect((await t.call(merchantLogin, { account: merchant.email, password: merchant.password })).code).toBe(200);
    });

    it('counts failures of unknown accounts the same way', async () => {
      const account = uniqueEmail('nobody');
      for (let attempt = 1; attempt <= 4; attempt += 1) expect((await fail(account)).data.captcha_required).toBe(false);
      expect((await fail(account)).data.captcha_required).toBe(true);
      expect((await fail(account)).code).toBe(11003);
    });

    it('a password reset clears the failures', async () => {
      const merchant = await registerMerchant(t);
      for (let attempt = 1; attempt <= 5; attempt += 1) await fail(merchant.email);
      t.clock.advance(CODE_RESEND_SECONDS);
      const code = await mailedCode(merchant.email, 'forgot');
      const reset = await t.call(merchantForgotPassword, {
        email: merchant.email,
        code,
        password: OTHER_PASSWORD,
        confirm_password: OTHER_PASSWORD,
      });
      expect(reset.code).toBe(200);
      expect((await t.call(merchantLogin, { account: merchant.email, password: OTHER_PASSWORD })).code).toBe(200);
    });

    it('requires the captcha on operator login too', async () => {
      const failAdmin = () => t.callRaw<LoginFailure>(adminLogin, { account: 'admin', password: 'Wrong#Pass1' });
      for (let attempt = 1; attempt <= 4; attempt += 1)
        expect(await failAdmin()).toMatchObject({ code: 11001, data: { captcha_required: false } });
      expect(await failAdmin()).toMatchObject({ code: 11001, data: { captcha_required: true } });
      expect((await t.call(adminLogin, { account: 'admin', password: 'Admin@2026' })).code).toBe(11003);

      const wrong = await fetchCaptcha(adminCaptcha);
      const wrongAnswer = await t.call(adminLogin, {
        account: 'admin',
        password: 'Admin@2026',
        captcha_id: wrong.captcha_id,
        captcha_code: 'zzzz',
      });
      expect(wrongAnswer.code).toBe(11004);

      const captcha = await fetchCaptcha(adminCaptcha);
      const success = await t.call(adminLogin, {
        account: 'admin',
        password: 'Admin@2026',
        captcha_id: captcha.captcha_id,
        captcha_code: CAPTCHA_TEXT,
      });
      expect(success.code).toBe(200);
      expect((await t.call(adminLogin, { account: 'admin', password: 'Admin@2026' })).code).toBe(200);
    });

    it('keeps merchant and operator failures apart', async () => {
      // An operator account named like a merchant's email does not share its counter.
      const merchant = await registerMerchant(t);
      for (let attempt = 1; attempt <= 5; attempt += 1)
        await t.call(adminLogin, { account: merchant.email, password: 'Wrong#Pass1' });
      expect((await t.call(merchantLogin, { account: merchant.email, password: merchant.password })).code).toBe(200);
    });
  });

  it('reads the threshold and the window from the configuration', async () => {
    const strict = await buildTestApp({
      captchaDrawer,
      env: { LOGIN_CAPTCHA_THRESHOLD: '2', LOGIN_FAILURE_WINDOW_MINUTES: '1' },
    });
    try {
      const merchant = await registerMerchant(strict);
      const fail = () =>
        strict.callRaw<LoginFailure>(merchantLogin, { account: merchant.email, password: 'Wrong#Pass1' });
      expect((await fail()).data.captcha_required).toBe(false);
      expect((await fail()).data.captcha_required).toBe(true);
      expect((await strict.call(merchantLogin, { account: merchant.email, password: merchant.password })).code).toBe(
        11003,
      );
      strict.clock.advance(61);
      expect((await strict.call(merchantLogin, { account: merchant.email, password: merchant.password })).code).toBe(
        200,
      );
    } finally {
      await strict.close();
    }
  });
});
