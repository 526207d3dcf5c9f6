import { describe, expect, it } from 'vitest';
import {
  ZEmailForgotInput,
  ZEmailRegisterInput,
  ZLoginInput,
  ZMobileRegisterInput,
  ZSendEmailCodeInput,
} from './calls/account';
import { ErrorCode, errorMessages, languages, toLang } from './errors';
import { translateIssue, validationMessages } from './i18n/validation';
import { ZAccount, ZCode, ZNewPassword, ZPageInput } from './schemas';

/** The message keys of a failed parse, or [] when it passes. */
function issuesOf(
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

const GOOD = 'Secret#2026';

describe('ZNewPassword: 6-16 characters with upper, lower, digit and special', () => {
  it.each(['Aa1!aa', 'Secret#2026', 'Aa1!Aa1!Aa1!Aa1!', 'pass WORD 1', 'Ünïcødé1X'])('accepts %s', (password) => {
    expect(issuesOf(ZNewPassword, password)).toEqual([]);
  });

  it.each([
    ['', 'password_required'],
    ['Aa1!a', 'password_length'],
    ['Aa1!Aa1!Aa1!Aa1!A', 'password_length'],
    ['secret#2026', 'password_complexity'],
    ['SECRET#2026', 'password_complexity'],
    ['Secret#abcd', 'password_complexity'],
    ['Secret2026', 'password_complexity'],
  ])('refuses %j with %s', (password, key) => {
    expect(issuesOf(ZNewPassword, password)).toContain(key);
  });

  it('refuses a missing or non-string password', () => {
    expect(issuesOf(ZNewPassword, undefined)).toEqual(['password_required']);
    expect(issuesOf(ZNewPassword, 12345678)).toEqual(['password_required']);
  });
});

describe('ZAccount: an email or a phone number', () => {
  it.each(['merchant@example.com', 'a.b+c@shop.co.uk', '13800138000', '+8613800138000', '+14155550123'])(
    'accepts %s',
    (account) => {
      expect(issuesOf(ZAccount, account)).toEqual([]);
    },
  );

  it.each([
    '',
    'admin',
    'merchant@',
    '@example.com',
    'a@b',
    '1380013800',
    '12800138000',
    '138001380001',
    '+0123456',
    'a b@c.com',
  ])('refuses %j', (account) => {
    expect(issuesOf(ZAccount, account).length).toBeGreaterThan(0);
  });

  it('lower-cases emails and trims', () => {
    expect(ZAccount.parse('  Merchant@Example.COM ')).toBe('merchant@example.com');
    expect(ZAccount.parse(' 13800138000 ')).toBe('13800138000');
  });
});

describe('ZCode: 4-6 letters or digits', () => {
  it.each(['1234', '123456', 'aB3d', 'ABCDEF'])('accepts %s', (code) => {
    expect(issuesOf(ZCode, code)).toEqual([]);
  });

  it.each([
    ['', 'code_required'],
    ['123', 'code_invalid'],
    ['1234567', 'code_invalid'],
    ['12 34', 'code_invalid'],
    ['12-456', 'code_invalid'],
    ['１２３４', 'code_invalid'],
  ])('refuses %j with %s first', (code, key) => {
    expect(issuesOf(ZCode, code)[0]).toBe(key);
  });
});

describe('registration and reset bodies', () => {
  const register = { email: 'a@example.com', code: '123456', password: GOOD, confirm_password: GOOD, agree: true };

  it('accepts a complete registration', () => {
    expect(ZEmailRegisterInput.parse(register)).toEqual(register);
    expect(issuesOf(ZMobileRegisterInput, { ...register, email: undefined, mobile: '13800138000' })).toEqual([]);
  });

  it('refuses a confirmation that does not match, on the confirmation field', () => {
    const result = ZEmailRegisterInput.safeParse({ ...register, confirm_password: 'Other#2026' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: 'confirm_password_mismatch', path: ['confirm_password'] }),
    ]);
    expect(
      issuesOf(ZEmailForgotInput, { email: 'a@example.com', code: '1234', password: GOOD, confirm_password: 'x' }),
    ).toEqual(['confirm_password_mismatch']);
  });

  it.each([false, undefined, 'true', 1])('refuses agree = %j: the terms must be agreed', (agree) => {
    expect(issuesOf(ZEmailRegisterInput, { ...register, agree })).toEqual(['agree_required']);
  });

  it('drops unknown fields', () => {
    expect(ZEmailRegisterInput.parse({ ...register, is_admin: true })).not.toHaveProperty('is_admin');
  });

  it('takes register and forgot as the only code purposes', () => {
    expect(issuesOf(ZSendEmailCodeInput, { email: 'a@example.com', event: 'register' })).toEqual([]);
    expect(issuesOf(ZSendEmailCodeInput, { email: 'a@example.com', event: 'forgot' })).toEqual([]);
    expect(issuesOf(ZSendEmailCodeInput, { email: 'a@example.com', event: 'login' })).toEqual(['event_invalid']);
  });

  it('asks only for a password at login, so older passwords still sign in', () => {
    expect(issuesOf(ZLoginInput, { account: 'a@example.com', password: 'old' })).toEqual([]);
    expect(issuesOf(ZLoginInput, { account: 'a@example.com', password: '' })).toEqual(['password_required']);
  });
});

describe('ZPageInput: page and limit of list calls', () => {
  it('defaults to the first page of 20', () => {
    expect(ZPageInput.parse({})).toEqual({ page: 1, limit: 20 });
  });

  it('takes limit up to 100, numbers given as strings included', () => {
    expect(ZPageInput.parse({ page: '3', limit: '100' })).toEqual({ page: 3, limit: 100 });
  });

  it.each([
    [{ limit: 101 }, 'limit_invalid'],
    [{ limit: 0 }, 'limit_invalid'],
    [{ limit: 2.5 }, 'limit_invalid'],
    [{ page: 0 }, 'page_invalid'],
    [{ page: -1 }, 'page_invalid'],
    [{ page: 'abc' }, 'page_invalid'],
  ])('refuses %j with %s', (value, key) => {
    expect(issuesOf(ZPageInput, value)).toEqual([key]);
  });
});

describe('messages', () => {
  it('has every validation message in both languages', () => {
    for (const [key, messages] of Object.entries(validationMessages)) {
      for (const lang of languages) expect(messages[lang], `${key} ${lang}`).toBeTruthy();
    }
  });

  it('names the field when a rule has no message of its own', () => {
    expect(translateIssue('Too big', ['captcha_code'], 'en-US')).toBe('Captcha is not valid');
    expect(translateIssue('Too big', ['captcha_code'], 'zh-CN')).toBe('图形验证码格式不正确');
    expect(translateIssue('password_length', ['password'], 'en-US')).toBe(validationMessages.password_length['en-US']);
  });

  it('gives every error code a distinct number and a message in both languages', () => {
    const codes = Object.values(ErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(ErrorCode.OK).toBe(200);
    expect(ErrorCode.TOKEN_EXPIRED).toBe(10000);
    for (const key of Object.keys(ErrorCode) as (keyof typeof ErrorCode)[]) {
      for (const lang of languages) expect(errorMessages[key][lang], `${key} ${lang}`).toBeTruthy();
    }
    expect(errorMessages.TOKEN_EXPIRED['en-US']).toBe('Login verification expired, please login again');
  });

  it.each([
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['en-US', 'en-US'],
    ['en', 'en-US'],
    ['EN', 'en-US'],
    [undefined, 'zh-CN'],
    ['de', 'zh-CN'],
    [42, 'zh-CN'],
  ])('reads lang_code %j as %s', (value, lang) => {
    expect(toLang(value)).toBe(lang);
  });
});
