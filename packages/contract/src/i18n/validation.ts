import type { Lang } from '../errors';

/**
 * Messages of the shared validation rules. A zod schema carries the key as its error message;
 * the API and the console both translate it from here, so a rule reads the same on both sides.
 * Each message names its field.
 */
export const validationMessages = {
  account_required: { 'zh-CN': '请输入账号', 'en-US': 'Account is required' },
  account_invalid: { 'zh-CN': '账号须为有效的邮箱或手机号', 'en-US': 'Account must be a valid email or phone number' },
  email_required: { 'zh-CN': '请输入邮箱', 'en-US': 'Email is required' },
  email_invalid: { 'zh-CN': '邮箱格式不正确', 'en-US': 'Email is not a valid address' },
  mobile_required: { 'zh-CN': '请输入手机号', 'en-US': 'Phone number is required' },
  mobile_invalid: { 'zh-CN': '手机号格式不正确', 'en-US': 'Phone number is not valid' },
  password_required: { 'zh-CN': '请输入密码', 'en-US': 'Password is required' },
  password_length: { 'zh-CN': '密码长度须为 6-16 位', 'en-US': 'Password must be 6-16 characters' },
  password_complexity: {
    'zh-CN': '密码须包含大写字母、小写字母、数字和特殊字符',
    'en-US': 'Password must contain upper case, lower case, a digit and a special character',
  },
  confirm_password_required: { 'zh-CN': '请再次输入密码', 'en-US': 'Confirm password is required' },
  confirm_password_mismatch: { 'zh-CN': '两次输入的密码不一致', 'en-US': 'Confirm password does not match the password' },
  code_required: { 'zh-CN': '请输入验证码', 'en-US': 'Verification code is required' },
  code_invalid: { 'zh-CN': '验证码须为 4-6 位字母或数字', 'en-US': 'Verification code must be 4-6 letters or digits' },
  agree_required: { 'zh-CN': '请阅读并同意服务条款', 'en-US': 'You must agree to the terms of service' },
  captcha_required: { 'zh-CN': '请输入图形验证码', 'en-US': 'Captcha is required' },
  event_invalid: { 'zh-CN': '验证码用途不正确', 'en-US': 'Code purpose must be register or forgot' },
  page_invalid: { 'zh-CN': '页码须为正整数', 'en-US': 'Page must be a positive whole number' },
  limit_invalid: { 'zh-CN': '每页条数须为 1-100', 'en-US': 'Limit must be between 1 and 100' },
  form_error: { 'zh-CN': '请检查表单中标红的字段', 'en-US': 'Please check the fields marked in red' },
} satisfies Record<string, Record<Lang, string>>;

export type ValidationKey = keyof typeof validationMessages;

/** Names of fields, for messages about a field that has no rule message of its own. */
export const fieldLabels = {
  account: { 'zh-CN': '账号', 'en-US': 'Account' },
  email: { 'zh-CN': '邮箱', 'en-US': 'Email' },
  mobile: { 'zh-CN': '手机号', 'en-US': 'Phone number' },
  password: { 'zh-CN': '密码', 'en-US': 'Password' },
  confirm_password: { 'zh-CN': '确认密码', 'en-US': 'Confirm password' },
  code: { 'zh-CN': '验证码', 'en-US': 'Verification code' },
  agree: { 'zh-CN': '服务条款', 'en-US': 'Terms of service' },
  event: { 'zh-CN': '验证码用途', 'en-US': 'Code purpose' },
  captcha_id: { 'zh-CN': '图形验证码', 'en-US': 'Captcha' },
  captcha_code: { 'zh-CN': '图形验证码', 'en-US': 'Captcha' },
  page: { 'zh-CN': '页码', 'en-US': 'Page' },
  limit: { 'zh-CN': '每页条数', 'en-US': 'Limit' },
} satisfies Record<string, Record<Lang, string>>;

export const genericFieldMessage = {
  'zh-CN': (label: string) => `${label}格式不正确`,
  'en-US': (label: string) => `${label} is not valid`,
} satisfies Record<Lang, (label: string) => string>;

export function isValidationKey(value: string): value is ValidationKey {
  return Object.hasOwn(validationMessages, value);
}

/** Turns a zod issue (its message and path) into a sentence naming the field, in `lang`. */
export function translateIssue(message: string, path: readonly PropertyKey[], lang: Lang): string {
  if (isValidationKey(message)) return validationMessages[message][lang];
  const field = String(path[path.length - 1] ?? '');
  const label = Object.hasOwn(fieldLabels, field) ? fieldLabels[field as keyof typeof fieldLabels][lang] : field || 'body';
  return genericFieldMessage[lang](label);
}
