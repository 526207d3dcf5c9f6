import { adminLogin, merchantCaptcha, merchantLogin } from '@parlour/contract/calls/account';
import {
  adminChangePassword,
  adminListSessions,
  merchantChangePassword,
  merchantListSessions,
} from '@parlour/contract/calls/account-security';
import { adminListShops, merchantListShops } from '@parlour/contract/calls/store';
import { ErrorCode } from '@parlour/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_NOTICE_QUEUE } from '../src/modules/accounts/account/password-notice';
import {
  buildTestApp,
  GOOD_PASSWORD,
  OTHER_PASSWORD,
  registerMerchant,
  registerMobileMerchant,
  type TestApp,
} from './helper';
import { expectOk } from './shop-helper';

/**
 * Changing the password while signed in, for merchants and operators: the current
 * password is checked (and wrong ones count as failed logins), the new one follows the register
 * rules, every other session ends while this one keeps working, a merchant is mailed a notice and
 * an operator's change is audited.
 */

const ADMIN_PASSWORD = 'Admin@2026';
/** The platform rule's default: failed logins of one account after which a captcha is required. */
const CAPTCHA_THRESHOLD = 5;
let operatorCount = 0;

describe('change password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** An operator account of the test's own, signed in. */
  async function operator() {
    operatorCount += 1;
    const account = `pw-operator-${operatorCount}`;
    await t.app.services.accounts.ensureAdmin(account, ADMIN_PASSWORD);
    const signedIn = await expectOk(t.call(adminLogin, { account, password: ADMIN_PASSWORD }));
    return { account, token: signedIn.userinfo.token, id: signedIn.userinfo.id };
  }

  const change = (current: string, next: string, confirm = next) => ({
    current_password: current,
    password: next,
    confirm_password: confirm,
  });
  const noticeJobsOf = (merchantId: number) =>
    t.queued.filter((job) => job.queue === PASSWORD_NOTICE_QUEUE && job.data.merchantId === merchantId);
  async function runNoticeJob(data: Record<string, unknown>) {
    return t.app.jobs.find((job) => job.queue === PASSWORD_NOTICE_QUEUE)!.run(data);
  }

  describe('[HAPPY]', () => {
    it('a merchant changes its password: other sessions end, this one keeps working, the old password no longer signs in, a notice is mailed', async () => {
      const merchant = await registerMerchant(t);
      const other = (await expectOk(t.call(merchantLogin, { account: merchant.email, password: GOOD_PASSWORD })))
        .userinfo.token;
      const third = (await expectOk(t.call(merchantLogin, { account: merchant.email, password: GOOD_PASSWORD })))
        .userinfo.token;

      const answer = await t.call(
        merchantChangePassword,
        { ...change(GOOD_PASSWORD, OTHER_PASSWORD), lang_code: 'en-US' },
        merchant.token,
      );
      expect(answer).toEqual({ code: 200, msg: expect.any(String), data: { ended_sessions: 2 } });

      expect((await t.call(merchantListShops, {}, other)).code).toBe(ErrorCode.TOKEN_EXPIRED);
      expect((await t.call(merchantListShops, {}, third)).code).toBe(ErrorCode.TOKEN_EXPIRED);
      expect((await t.call(merchantListShops, {}, merchant.token)).code).toBe(ErrorCode.OK);
      expect((await expectOk(t.call(merchantListSessions, {}, merchant.token))).list).toHaveLength(1);

      expect((await t.call(merchantLogin, { account: merchant.email, password: GOOD_PASSWORD })).code).toBe(
        ErrorCode.LOGIN_FAILED,
      );
      expect((await t.call(merchantLogin, { account: merchant.email, password: OTHER_PASSWORD })).code).toBe(
        ErrorCode.OK,
      );

      // The notice goes out from a job, in the language of the request, to the merchant's email.
      const jobs = noticeJobsOf(merchant.id);
      expect(jobs).toHaveLength(1);
      expect(jobs[0].data).toMatchObject({ lang: 'en-US' });
      const before = t.mail.sent.length;
      expect(await runNoticeJob(jobs[0].data)).toEqual({ delivery: 'sent' });
      const mail = t.mail.sent.slice(before);
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({ to: merchant.email, subject: 'Parlour: your password was changed' });
      expect(mail[0].text).toContain('/forgot');
      expect(mail[0].text).not.toContain(OTHER_PASSWORD);
    });

    it('mails the notice in Chinese when the change was made in Chinese', async () => {
      const merchant = await registerMerchant(t);
      await expectOk(
        t.call(
          merchantChangePassword,
          { ...change(GOOD_PASSWORD, OTHER_PASSWORD), lang_code: 'zh-CN' },
          merchant.token,
        ),
      );
      const before = t.mail.sent.length;
      await runNoticeJob(noticeJobsOf(merchant.id)[0].data);
      expect(t.mail.sent.slice(before)[0]).toMatchObject({
        to: merchant.email,
        subject: 'Parlour：您的登录密码已修改',
      });
    });

    it('a phone-only merchant changes its password; its notice job texts it the time of the change, in the language of the request', async () => {
      const merchant = await registerMobileMerchant(t);
      await expectOk(
        t.call(
          merchantChangePassword,
          { ...change(GOOD_PASSWORD, OTHER_PASSWORD), lang_code: 'en-US' },
          merchant.token,
        ),
      );
      const [job] = noticeJobsOf(merchant.id);
      const codesBefore = t.sms.sent.length;
      const noticesBefore = t.sms.notices.length;
      const mailBefore = t.mail.sent.length;
      expect(await runNoticeJob(job.data)).toEqual({ delivery: 'sent' });
      expect(t.mail.sent.length).toBe(mailBefore);
      expect(t.sms.sent.length).toBe(codesBefore);
      const notices = t.sms.notices.slice(noticesBefore);
      const time = String(job.data.changedAt).slice(0, 16).replace('T', ' ');
      expect(notices).toEqual([{ mobile: merchant.mobile, notice: 'password_changed', time, lang: 'en-US' }]);
    });

    it('an operator changes its password: other sessions end, this one keeps working, the change is audited without the passwords', async () => {
      const { account, token, id } = await operator();
      const other = (await expectOk(t.call(adminLogin, { account, password: ADMIN_PASSWORD }))).userinfo.token;
      const noticesBefore = t.queued.filter((job) => job.queue === PASSWORD_NOTICE_QUEUE).length;
      expect(await expectOk(t.call(adminChangePassword, change(ADMIN_PASSWORD, OTHER_PASSWORD), token))).toEqual({
        ended_sessions: 1,
      });
      expect((await t.call(adminListShops, {}, other)).code).toBe(ErrorCode.TOKEN_EXPIRED);
      expect((await t.call(adminListShops, {}, token)).code).toBe(ErrorCode.OK);
      expect((await expectOk(t.call(adminListSessions, {}, token))).list).toHaveLength(1);
      expect((await t.call(adminLogin, { account, password: ADMIN_PASSWORD })).code).toBe(ErrorCode.LOGIN_FAILED);
      expect((await t.call(adminLogin, { account, password: OTHER_PASSWORD })).code).toBe(ErrorCode.OK);

      const { rows } = await t.database.executeSql(
        "select * from audit_log where action = 'admin.change_password' and admin_id = $1",
        [id],
      );
      expect(rows).toHaveLength(1);
      const stored = JSON.stringify(rows[0]);
      expect(stored).not.toContain(ADMIN_PASSWORD);
      expect(stored).not.toContain(OTHER_PASSWORD);
      // Operators have no email address: no notice is queued for them.
      expect(t.queued.filter((job) => job.queue === PASSWORD_NOTICE_QUEUE)).toHaveLength(noticesBefore);
    });
  });

  describe('[ERRORS]', () => {
    it('refuses a wrong current password on that field, in the caller language, and changes nothing', async () => {
      const merchant = await registerMerchant(t);
      const other = (await expectOk(t.call(merchantLogin, { account: merchant.email, password: GOOD_PASSWORD })))
        .userinfo.token;
      for (const [lang, message] of [
        ['en-US', 'Current password is not correct'],
        ['zh-CN', '当前密码不正确'],
      ] as const) {
        const answer = await t.callRaw(
          merchantChangePassword,
          { ...change('Wrong#Pass1', OTHER_PASSWORD), lang_code: lang },
          merchant.token,
        );
        expect(answer).toEqual({
          code: ErrorCode.VALIDATION_FAILED,
          msg: message,
          data: { errors: [{ field: 'current_password', message }] },
        });
      }
      expect((await t.call(merchantListShops, {}, other)).code).toBe(ErrorCode.OK);
      expect((await t.call(merchantLogin, { account: merchant.email, password: GOOD_PASSWORD })).code).toBe(
        ErrorCode.OK,
      );
      expect(noticeJobsOf(merchant.id)).toHaveLength(0);
    });

    it('refuses a weak new password, a confirmation that does not match, a new password equal to the current one, and a missing current one', async () => {
      const merchant = await registerMerchant(t);
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [change(GOOD_PASSWORD, 'short'), 'password', 'Password must be 6-16 characters'],
        [
          change(GOOD_PASSWORD, 'alllowercase1!'),
          'password',
          'Password must contain upper case, lower case, a digit and a special character',
        ],
        [change(GOOD_PASSWORD, 'Much#Too#Long#Password1'), 'password', 'Password must be 6-16 characters'],
        [
          change(GOOD_PASSWORD, OTHER_PASSWORD, 'Other$Pass8'),
          'confirm_password',
          'Confirm password does not match the password',
        ],
        [change(GOOD_PASSWORD, GOOD_PASSWORD), 'password', 'New password must differ from the current password'],
        [change('', OTHER_PASSWORD), 'current_password', 'Current password is required'],
      ];
      for (const [body, field, message] of cases) {
        const answer = await t.callRaw<{ errors: Array<{ field: string; message: string }> }>(
          merchantChangePassword,
          { ...body, lang_code: 'en-US' },
          merchant.token,
        );
        expect(answer.code, JSON.stringify(body)).toBe(ErrorCode.VALIDATION_FAILED);
        expect(answer.data.errors[0]).toMatchObject({ field, message });
      }
      expect((await t.call(merchantLogin, { account: merchant.email, password: GOOD_PASSWORD })).code).toBe(
        ErrorCode.OK,
      );
    });
  });

  describe('[SECURITY]', () => {
    it('refuses a merchant token on the operator call and an operator token on the merchant call, and no token at all', async () => {
      const merchant = await registerMerchant(t);
      const { account, token } = await operator();
      expect((await t.call(adminChangePassword, change(GOOD_PASSWORD, OTHER_PASSWORD), merchant.token)).code).toBe(
        ErrorCode.NO_PERMISSION,
      );
      expect((await t.call(merchantChangePassword, change(ADMIN_PASSWORD, OTHER_PASSWORD), token)).code).toBe(
        ErrorCode.NO_PERMISSION,
      );
      expect((await t.call(merchantChangePassword, change(GOOD_PASSWORD, OTHER_PASSWORD))).code).toBe(
        ErrorCode.TOKEN_EXPIRED,
      );
      expect((await t.call(merchantLogin, { account: merchant.email, password: GOOD_PASSWORD })).code).toBe(
        ErrorCode.OK,
      );
      expect((await t.call(adminLogin, { account, password: ADMIN_PASSWORD })).code).toBe(ErrorCode.OK);
    });

    const wrongPasswordsTitle =
      'counts wrong current passwords as failed logins: past the threshold the form is refused, even with the right ' +
      'password, and login needs a captcha';
    it(wrongPasswordsTitle, async () => {
      const merchant = await registerMerchant(t);
      for (let attempt = 0; attempt < CAPTCHA_THRESHOLD; attempt += 1) {
        expect(
          (await t.call(merchantChangePassword, change(`Wrong#Pass${attempt}`, OTHER_PASSWORD), merchant.token)).code,
        ).toBe(ErrorCode.VALIDATION_FAILED);
      }
      const refused = await t.callRaw<{ retry_after: number }>(
        merchantChangePassword,
        { ...change(GOOD_PASSWORD, OTHER_PASSWORD), lang_code: 'en-US' },
        merchant.token,
      );
      expect(refused.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
      expect(refused.data.retry_after).toBeGreaterThan(0);
      // The failures are the login's: the login form now asks for a captcha.
      expect((await t.call(merchantLogin, { account: merchant.email, password: GOOD_PASSWORD })).code).toBe(
        ErrorCode.CAPTCHA_REQUIRED,
      );
      expect((await t.call(merchantCaptcha, {})).code).toBe(ErrorCode.OK);

      // Once the failure window has passed, the right current password works again.
      t.clock.advance(t.config.loginFailureWindowMinutes * 60 + 1);
      expect((await t.call(merchantChangePassword, change(GOOD_PASSWORD, OTHER_PASSWORD), merchant.token)).code).toBe(
        ErrorCode.OK,
      );
    });

    it('counts login failures of the account towards the same limit (an operator, whose call runs in the audited transaction)', async () => {
      const { account, token } = await operator();
      for (let attempt = 0; attempt < CAPTCHA_THRESHOLD - 1; attempt += 1) {
        expect((await t.call(adminLogin, { account, password: `Wrong#Pass${attempt}` })).code).toBe(
          ErrorCode.LOGIN_FAILED,
        );
      }
      // The fifth failure comes from the form and is kept although the refused call rolls nothing else back.
      expect((await t.call(adminChangePassword, change('Wrong#Pass9', OTHER_PASSWORD), token)).code).toBe(
        ErrorCode.VALIDATION_FAILED,
      );
      expect((await t.call(adminChangePassword, change(ADMIN_PASSWORD, OTHER_PASSWORD), token)).code).toBe(
        ErrorCode.TOO_MANY_REQUESTS,
      );
      expect((await t.call(adminLogin, { account, password: ADMIN_PASSWORD })).code).toBe(ErrorCode.CAPTCHA_REQUIRED);
    });
  });
});
