import { ZEmailRegisterInput, ZLoginInput, ZMobileRegisterInput } from '@parlour/contract/calls/account';
import type { FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { errorMessages, languages } from '@parlour/contract/errors';
import { translateIssue, validationMessages } from '@parlour/contract/i18n/validation';
import { contractTexts } from '../locales/contract-texts';
import { fieldRule, issueMessage, validateField } from './form-rules';
import { i18n } from './i18n';

/** Runs an antd rule made by fieldRule against a form holding `values`; answers the message or undefined. */
async function check(
  rule: ReturnType<typeof fieldRule>,
  values: Record<string, unknown>,
  field: string,
): Promise<string | undefined> {
  const form = {
    getFieldsValue: () => values,
    getFieldValue: (name: string) => values[name],
  } as unknown as FormInstance;
  const resolved = typeof rule === 'function' ? rule(form) : rule;
  try {
    await resolved.validator?.({}, values[field], () => undefined);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const validRegistration = {
  email: 'a@example.com',
  code: 'AB12',
  password: 'Abc123!x',
  confirm_password: 'Abc123!x',
  agree: true,
};

describe('form rules from the contract schemas', () => {
  it('require an account that is an email or a phone number', () => {
    expect(validateField(ZLoginInput, 'account', '')).toBe('Account is required');
    expect(validateField(ZLoginInput, 'account', 'nobody')).toBe('Account must be a valid email or phone number');
    expect(validateField(ZLoginInput, 'account', 'a@example.com')).toBeUndefined();
    expect(validateField(ZLoginInput, 'account', '13800138000')).toBeUndefined();
    expect(validateField(ZLoginInput, 'password', '')).toBe('Password is required');
  });

  it('speak the interface language, in the words the API uses', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(validateField(ZLoginInput, 'account', '')).toBe('请输入账号');
    expect(validateField(ZEmailRegisterInput, 'password', 'abc')).toBe('密码长度须为 6-16 位');
  });

  it('check a new password: 6-16 characters with upper, lower, digit and special character', async () => {
    const rule = fieldRule(ZEmailRegisterInput, 'password');
    expect(await check(rule, { ...validRegistration, password: '' }, 'password')).toBe('Password is required');
    expect(await check(rule, { ...validRegistration, password: 'Ab1!' }, 'password')).toBe(
      'Password must be 6-16 characters',
    );
    expect(await check(rule, { ...validRegistration, password: 'Abcdefgh1!xyz1234' }, 'password')).toBe(
      'Password must be 6-16 characters',
    );
    expect(await check(rule, { ...validRegistration, password: 'abcdef1!' }, 'password')).toBe(
      'Password must contain upper case, lower case, a digit and a special character',
    );
    expect(await check(rule, { ...validRegistration, password: 'Abcdefg1' }, 'password')).toBe(
      'Password must contain upper case, lower case, a digit and a special character',
    );
    expect(await check(rule, validRegistration, 'password')).toBeUndefined();
  });

  it('require the confirmation to match, even while other fields are still empty', async () => {
    const rule = fieldRule(ZEmailRegisterInput, 'confirm_password', {
      sameAs: { field: 'password', message: 'confirm_password_mismatch' },
    });
    expect(await check(rule, { password: 'Abc123!x', confirm_password: 'Abc123!y' }, 'confirm_password')).toBe(
      'Confirm password does not match the password',
    );
    expect(await check(rule, { password: 'Abc123!x', confirm_password: '' }, 'confirm_password')).toBe(
      'Confirm password is required',
    );
    expect(await check(rule, validRegistration, 'confirm_password')).toBeUndefined();
  });

  it("report the schema's own whole-object rule for the field", async () => {
    const rule = fieldRule(ZEmailRegisterInput, 'confirm_password');
    expect(await check(rule, { ...validRegistration, confirm_password: 'Abc123!y' }, 'confirm_password')).toBe(
      'Confirm password does not match the password',
    );
  });

  it('check the code is 4-6 letters or digits', async () => {
    const rule = fieldRule(ZMobileRegisterInput, 'code');
    expect(await check(rule, { code: '' }, 'code')).toBe('Verification code is required');
    expect(await check(rule, { code: '12' }, 'code')).toBe('Verification code must be 4-6 letters or digits');
    expect(await check(rule, { code: '12-45' }, 'code')).toBe('Verification code must be 4-6 letters or digits');
    expect(await check(rule, { code: 'a1B2c3' }, 'code')).toBeUndefined();
  });

  it('check email and phone number formats', async () => {
    expect(await check(fieldRule(ZEmailRegisterInput, 'email'), { email: 'nope' }, 'email')).toBe(
      'Email is not a valid address',
    );
    expect(await check(fieldRule(ZMobileRegisterInput, 'mobile'), { mobile: '12345' }, 'mobile')).toBe(
      'Phone number is not valid',
    );
    expect(
      await check(fieldRule(ZMobileRegisterInput, 'mobile'), { mobile: '+447911123456' }, 'mobile'),
    ).toBeUndefined();
  });

  it('require the terms to be agreed', async () => {
    const rule = fieldRule(ZEmailRegisterInput, 'agree');
    expect(await check(rule, { agree: false }, 'agree')).toBe('You must agree to the terms of service');
    expect(await check(rule, { agree: undefined }, 'agree')).toBe('You must agree to the terms of service');
    expect(await check(rule, { agree: true }, 'agree')).toBeUndefined();
  });
});

describe('issue messages read through i18next, one language at a time', () => {
  const fieldRules = ['text_unsafe_character', 'upload_incomplete', 'image_url_invalid', 'json_too_deep'];
  const issues: { message: string; path: PropertyKey[] }[] = [
    ...Object.keys(validationMessages).map((message) => ({ message, path: ['account'] })),
    ...fieldRules.flatMap((message) => [
      { message, path: ['logo'] },
      { message, path: ['unknown_field'] },
    ]),
    { message: 'Invalid input: expected string', path: ['shop_name'] },
    { message: 'not.a:key', path: ['features', 2] },
    { message: 'name_required', path: [] },
    { message: 'Too long', path: ['name', 'en-US'] },
    { message: 'Too long', path: ['name', 'zh-CN'] },
    { message: 'text_unsafe_character', path: ['description', 'en-US'] },
  ];

  it.each(languages)('say exactly what the contract says (%s)', async (lang) => {
    await i18n.changeLanguage(lang);
    for (const issue of issues)
      expect(issueMessage(issue), issue.message).toBe(translateIssue(issue.message, issue.path, lang));
  });

  it('carry every message of the contract in each language (locales/contract-texts.ts)', () => {
    for (const lang of languages) {
      const texts = contractTexts(lang);
      expect(Object.keys(texts.validation).sort()).toEqual(Object.keys(validationMessages).sort());
      expect(Object.keys(texts.errors).sort()).toEqual(Object.keys(errorMessages).sort());
      expect(texts.errors.STORE_LIMIT_REACHED).toBe(errorMessages.STORE_LIMIT_REACHED[lang]);
    }
  });
});
