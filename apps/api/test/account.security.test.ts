import {
  adminLogin,
  adminLogout,
  merchantCaptcha,
  merchantForgotPassword,
  merchantLogin,
  merchantLogout,
  merchantRegister,
  sendEmailCode,
  sendMobileCode,
} from '@parlour/contract/calls/account';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { admins, captchas, merchants, sessions, verificationCodes } from '../src/db/schema/index';
import { createPasswordHasher, sha256 } from '../src/lib/secrets';
import { drawSvgCaptcha } from '../src/modules/accounts/account/captcha';
import { buildTestApp, GOOD_PASSWORD, registerMerchant, uniqueEmail, uniqueMobile, type TestApp } from './helper';

const DAY = 24 * 60 * 60;
/** Spec numbers, written out so a changed constant fails here: sessions last 7 days, codes resend after 60 s. */
const SESSION_TTL_SECONDS = 7 * DAY;
const CODE_RESEND_SECONDS = 60;
const CAPTCHA_TEXT = 'abcd';

describe('accounts: security', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      captchaDrawer: () => ({ text: CAPTCHA_TEXT, svg: '<svg/>' }),
      env: { CODE_SENDS_PER_IP_PER_HOUR: '1000' },
    });
    await t.app.services.accounts.ensureAdmin('admin', 'Admin@2026');
  });
  afterAll(() => t.close());

  async function adminToken() {
    const login = await t.call(adminLogin, { account: 'admin', password: 'Admin@2026' });
    expect(login.code).toBe(200);
    return login.data.userinfo.token;
  }

  describe('[TOKENS]', () => {
    it('refuses a call without a token, or with an unknown one, as TOKEN_EXPIRED', async () => {
      const headers: Record<string, string>[] = [
        {},
        { authorization: 'Bearer' },
        { authorization: 'Bearer not-a-token' },
        { authorization: 'Basic abc' },
        { authorization: 'garbage' },
      ];
      for (const header of headers) {
        for (const path of [merchantLogout, adminLogout]) {
          const answer = await t.callRaw(path, { lang_code: 'en-US' }, undefined, { headers: header });
          expect(answer).toEqual({ code: 10000, msg: 'Login verification expired, please login again', data: null });
        }
      }
    });

    it('ends a session after 7 days without use', async () => {
      const merchant = await registerMerchant(t);
      t.clock.advance(SESSION_TTL_SECONDS - 1);
      const { token } = await registerMerchant(t);
      t.clock.advance(2);
      expect((await t.call(merchantLogout, {}, merchant.token)).code).toBe(10000);
      expect((await t.call(merchantLogout, {}, token)).code).toBe(200);
    });

    it('slides the expiry forward when the token is used', async () => {
      const merchant = await registerMerchant(t);
      t.clock.advance(6 * DAY);
      // Any authenticated call is a use; the operator call refuses the merchant but still resolves its session.
      expect((await t.call(adminLogout, {}, merchant.token)).code).toBe(10003);
      t.clock.advance(4 * DAY);
      expect((await t.call(merchantLogout, {}, merchant.token)).code).toBe(200);
    });

    it('stores only a hash of the token', async () => {
      const merchant = await registerMerchant(t);
      const rows = await t.database.db.select().from(sessions).where(eq(sessions.user_id, merchant.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ role: 'merchant', token_hash: sha256(merchant.token) });
      expect(JSON.stringify(rows)).not.toContain(merchant.token);
    });

    it('revokes the session on logout', async () => {
      const merchant = await registerMerchant(t);
      expect((await t.call(merchantLogout, {}, merchant.token)).code).toBe(200);
      expect((await t.call(merchantLogout, {}, merchant.token)).code).toBe(10000);
      const [row] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.token_hash, sha256(merchant.token)));
      expect(row?.revoked_at).toBeInstanceOf(Date);
    });
  });

  describe('[ROLES] merchant and operator are separate principals', () => {
    it('gives a merchant token NO_PERMISSION on operator calls, without ending it', async () => {
      const merchant = await registerMerchant(t);
      const answer = await t.call(adminLogout, { lang_code: 'en-US' }, merchant.token);
      expect(answer).toEqual({ code: 10003, msg: 'No permission', data: null });
      expect((await t.call(merchantLogout, {}, merchant.token)).code).toBe(200);
    });

    it('gives an operator token NO_PERMISSION on merchant calls, without ending it', async () => {
      const token = await adminToken();
      expect((await t.call(merchantLogout, {}, token)).code).toBe(10003);
      expect((await t.call(adminLogout, {}, token)).code).toBe(200);
    });

    it('does not let a merchant sign in on the operator form, nor the operator on the merchant form', async () => {
      const merchant = await registerMerchant(t);
      expect((await t.call(adminLogin, { account: merchant.email, password: merchant.password })).code).toBe(11001);
      // "admin" is not an email or phone number, so the merchant form refuses it before looking.
      expect((await t.call(merchantLogin, { account: 'admin', password: 'Admin@2026' })).code).toBe(10001);
    });
  });

  describe('[PASSWORDS]', () => {
    it('stores passwords as argon2id hashes of both roles', async () => {
      const merchant = await registerMerchant(t);
      const [merchantRow] = await t.database.db.select().from(merchants).where(eq(merchants.id, merchant.id));
      const [adminRow] = await t.database.db.select().from(admins).where(eq(admins.account, 'admin'));
      for (const row of [merchantRow, adminRow]) {
        expect(row?.password_hash).toMatch(/^\$argon2id\$/);
        expect(row?.password_hash).not.toContain(GOOD_PASSWORD);
      }
    });

    it('uses the OWASP cost outside tests: 19 MiB, 2 passes, 1 lane', async () => {
      const config = loadConfig({ NODE_ENV: 'development' });
      expect(config.passwordMemoryCost).toBe(19_456);
      const hash = await createPasswordHasher(config.passwordMemoryCost).hash(GOOD_PASSWORD);
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });
  });

  describe('[ACCOUNTS] disabled merchants', () => {
    it('answers ACCOUNT_DISABLED only to the right password', async () => {
      const merchant = await registerMerchant(t);
      await t.database.db.update(merchants).set({ status: 'disabled' }).where(eq(merchants.id, merchant.id));
      expect((await t.call(merchantLogin, { account: merchant.email, password: merchant.password })).code).toBe(11002);
      // A wrong password learns nothing about the account.
      expect((await t.call(merchantLogin, { account: merchant.email, password: 'Wrong#Pass1' })).code).toBe(11001);
    });
  });

  describe('[CODES] stored hashed', () => {
    it('keeps no readable code in the database', async () => {
      const email = uniqueEmail();
      expect((await t.call(sendEmailCode, { email, event: 'register' })).code).toBe(200);
      const code = t.mail.lastCodeTo(email);
      const mobile = uniqueMobile();
      expect((await t.call(sendMobileCode, { mobile, event: 'register' })).code).toBe(200);
      const smsCode = t.sms.lastCodeTo(mobile);

      for (const [target, sent] of [
        [email, code],
        [mobile, smsCode],
      ] as const) {
        const rows = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.target, target));
        expect(rows).toHaveLength(1);
        const [row] = rows;
        expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(row.code_hash).not.toBe(sent);
        for (const value of Object.values(row)) {
          if (typeof value === 'string') expect(value).not.toMatch(/^\d{6}$/);
        }
        expect(JSON.stringify(row)).not.toContain(sent);
      }
    });
  });

  describe('[LOGIN] nobody is locked out by somebody else', () => {
    it("does not let a stranger's failures on one account touch another", async () => {
      const victim = await registerMerchant(t);
      const bystander = await registerMerchant(t);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await t.call(merchantLogin, { account: victim.email, password: 'Wrong#Pass1' }, undefined, {
          ip: '198.51.100.9',
        });
      }
      expect(
        (
          await t.call(merchantLogin, { account: bystander.email, password: bystander.password }, undefined, {
            ip: '198.51.100.9',
          })
        ).code,
      ).toBe(200);
    });

    it('costs the owner only a captcha, however many failures a stranger piles up', async () => {
      const owner = await registerMerchant(t);
      for (let attempt = 1; attempt <= 20; attempt += 1) {
        await t.call(merchantLogin, { account: owner.email, password: 'Wrong#Pass1' }, undefined, {
          ip: `198.51.100.${attempt}`,
        });
      }
      const captcha = await t.call(merchantCaptcha, {});
      const login = await t.call(
        merchantLogin,
        {
          account: owner.email,
          password: owner.password,
          captcha_id: captcha.data.captcha_id,
          captcha_code: CAPTCHA_TEXT,
        },
        undefined,
        { ip: '192.0.2.1' },
      );
      expect(login.code).toBe(200);
    });
  });

  describe('[CAPTCHA] the real drawer', () => {
    it('draws the answer as paths, never as text in the SVG', () => {
      for (let index = 0; index < 20; index += 1) {
        const { text, svg } = drawSvgCaptcha();
        expect(text).toHaveLength(4);
        expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
        expect(svg).not.toMatch(/<text/i);
        expect(svg).not.toContain(`>${text}<`);
        expect(svg.toLowerCase()).not.toContain(`>${text.toLowerCase()}<`);
      }
    });

    it('serves an SVG, stores nothing until it is used, and its signed id carries no answer', async () => {
      const plain = await buildTestApp({ captchaDrawer: () => ({ text: 'ab12', svg: '<svg/>' }) });
      try {
        const answer = await plain.call(merchantCaptcha, {});
        expect(answer.code).toBe(200);
        expect(answer.data.expires_in).toBeGreaterThan(0);
        expect(answer.data.captcha_id.toLowerCase()).not.toContain('ab12');
        expect(await plain.database.db.select().from(captchas)).toHaveLength(0);
        // A forged or altered id is refused without storing anything; the issued one works once.
        const [nonce, expiry, issued] = answer.data.captcha_id.split('.');
        expect(
          await plain.app.services.captchas.consumeCaptcha(`${nonce}.${expiry}.${issued}.${'A'.repeat(16)}`, 'ab12'),
        ).toBe(false);
        expect(
          await plain.app.services.captchas.consumeCaptcha(`${nonce}.zzzzzz.${issued}.${'A'.repeat(16)}`, 'ab12'),
        ).toBe(false);
        expect(await plain.database.db.select().from(captchas)).toHaveLength(0);
        expect(await plain.app.services.captchas.consumeCaptcha(answer.data.captcha_id, 'AB12 ')).toBe(true);
        expect(await plain.app.services.captchas.consumeCaptcha(answer.data.captcha_id, 'ab12')).toBe(false);
        const [row] = await plain.database.db.select().from(captchas).where(eq(captchas.id, nonce));
        expect(row?.consumed_at).toBeTruthy();
      } finally {
        await plain.close();
      }
    });
  });

  describe('[PROCESSES] state lives in the database', () => {
    it('shares sessions, failures and captchas between two API processes', async () => {
      const second = await buildTestApp({
        database: t.database,
        clock: t.clock,
        captchaDrawer: () => ({ text: CAPTCHA_TEXT, svg: '<svg/>' }),
      });
      try {
        const merchant = await registerMerchant(t);
        // A session opened by one process is known to the other.
        const login = await second.call(merchantLogin, { account: merchant.email, password: merchant.password });
        expect((await t.call(merchantLogout, {}, login.data.userinfo.token)).code).toBe(200);
        expect((await second.call(merchantLogout, {}, login.data.userinfo.token)).code).toBe(10000);

        // Failures counted by both processes add up.
        for (let attempt = 1; attempt <= 5; attempt += 1) {
          const app = attempt % 2 ? t : second;
          await app.call(merchantLogin, { account: merchant.email, password: 'Wrong#Pass1' });
        }
        expect((await second.call(merchantLogin, { account: merchant.email, password: merchant.password })).code).toBe(
          11003,
        );

        // A captcha drawn by one process is accepted by the other.
        const captcha = await t.call(merchantCaptcha, {});
        const success = await second.call(merchantLogin, {
          account: merchant.email,
          password: merchant.password,
          captcha_id: captcha.data.captcha_id,
          captcha_code: CAPTCHA_TEXT,
        });
        expect(success.code).toBe(200);

        // So does the resend throttle.
        const email = uniqueEmail();
        expect((await t.call(sendEmailCode, { email, event: 'register' })).code).toBe(200);
        expect((await second.call(sendEmailCode, { email, event: 'register' })).code).toBe(10029);
      } finally {
        await second.close();
      }
    });
  });

  describe('[RACES]', () => {
    it('lets only one of several simultaneous sends to a target through', async () => {
      const email = uniqueEmail();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => t.call(sendEmailCode, { email, event: 'register' })),
      );
      const codes = answers.map((answer) => answer.code);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code === 10029)).toHaveLength(9);
      expect(t.mail.sent.filter((message) => message.to === email)).toHaveLength(1);
    });

    it('lets no more than 5 simultaneous wrong logins through before the captcha', async () => {
      // Guesses sent all at once must not all read "fewer than 5 failures" and skip the captcha.
      const merchant = await registerMerchant(t);
      const guesses = Array.from({ length: 12 }, (_, index) =>
        t.call(merchantLogin, { account: merchant.email, password: `Wrong#Pass${index}` }),
      );
      const codes = (await Promise.all(guesses)).map((answer) => answer.code);
      expect(codes.filter((code) => code === 11001)).toHaveLength(5);
      expect(codes.filter((code) => code === 11003)).toHaveLength(7);
      expect((await t.call(merchantLogin, { account: merchant.email, password: merchant.password })).code).toBe(11003);
    });

    it('lets only one of two simultaneous registrations with one code through', async () => {
      const email = uniqueEmail();
      expect((await t.call(sendEmailCode, { email, event: 'register' })).code).toBe(200);
      const code = t.mail.lastCodeTo(email);
      const body = { email, code, password: GOOD_PASSWORD, confirm_password: GOOD_PASSWORD, agree: true };
      const answers = await Promise.all([t.callRaw(merchantRegister, body), t.callRaw(merchantRegister, body)]);
      const codes = answers.map((answer) => answer.code);
      expect(codes.filter((value) => value === 200)).toHaveLength(1);
      expect([11011, 11020]).toContain(codes.find((value) => value !== 200));
      const rows = await t.database.db.select().from(merchants).where(eq(merchants.email, email));
      expect(rows).toHaveLength(1);
    });

    it('lets only one of two simultaneous resets with one code through', async () => {
      const merchant = await registerMerchant(t);
      t.clock.advance(CODE_RESEND_SECONDS);
      expect((await t.call(sendEmailCode, { email: merchant.email, event: 'forgot' })).code).toBe(200);
      const code = t.mail.lastCodeTo(merchant.email);
      const reset = (password: string) =>
        t.call(merchantForgotPassword, { email: merchant.email, code, password, confirm_password: password });
      const answers = await Promise.all([reset('First#Pass1'), reset('Second#Pass2')]);
      expect(answers.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 11020]);
    });
  });
});
