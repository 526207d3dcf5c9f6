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
  shop_name_required: { 'zh-CN': '请输入店铺名称', 'en-US': 'Store name is required' },
  shop_name_length: { 'zh-CN': '店铺名称最多 50 个字符', 'en-US': 'Store name must be at most 50 characters' },
  shop_id_required: { 'zh-CN': '请输入店铺 ID', 'en-US': 'Store ID is required' },
  shop_id_format: { 'zh-CN': '店铺 ID 只能包含小写字母和数字', 'en-US': 'Store ID may contain only lowercase letters and digits' },
  shop_id_length: { 'zh-CN': '店铺 ID 最多 20 个字符', 'en-US': 'Store ID must be at most 20 characters' },
  contact_email_required: { 'zh-CN': '请输入联系邮箱', 'en-US': 'Contact email is required' },
  contact_email_invalid: { 'zh-CN': '联系邮箱格式不正确', 'en-US': 'Contact email is not a valid address' },
  package_required: { 'zh-CN': '请选择店铺版本', 'en-US': 'Store version is required' },
  term_type_invalid: { 'zh-CN': '请选择按月或按年', 'en-US': 'Term type must be monthly or yearly' },
  term_invalid: { 'zh-CN': '请选择有效的购买时长', 'en-US': 'Term must be one of the offered terms' },
  pay_method_required: { 'zh-CN': '请选择支付方式', 'en-US': 'Pay method is required' },
  version_name_required: { 'zh-CN': '请输入版本名称', 'en-US': 'Version name is required' },
  trial_days_invalid: { 'zh-CN': '试用天数须为 0-90 的整数', 'en-US': 'Trial days must be a whole number from 0 to 90' },
  price_invalid: { 'zh-CN': '价格须为非负整数（以分计）', 'en-US': 'Price must be a non-negative whole number of minor units' },
  prices_incomplete: { 'zh-CN': '每个购买时长都须设置价格', 'en-US': 'Every term must have a price' },
  currency_invalid: { 'zh-CN': '币种须为 3 位大写字母', 'en-US': 'Currency must be a 3-letter code' },
  id_required: { 'zh-CN': '缺少记录 ID', 'en-US': 'Record ID is required' },
  merchant_required: { 'zh-CN': '请选择商户', 'en-US': 'Merchant is required' },
  date_range_invalid: { 'zh-CN': '时间范围不正确', 'en-US': 'Date range is not valid' },
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
  shop_name: { 'zh-CN': '店铺名称', 'en-US': 'Store name' },
  shop_id: { 'zh-CN': '店铺 ID', 'en-US': 'Store ID' },
  contact_email: { 'zh-CN': '联系邮箱', 'en-US': 'Contact email' },
  package_id: { 'zh-CN': '店铺版本', 'en-US': 'Store version' },
  term_type: { 'zh-CN': '续费类型', 'en-US': 'Term type' },
  term: { 'zh-CN': '购买时长', 'en-US': 'Term' },
  pay_method: { 'zh-CN': '支付方式', 'en-US': 'Pay method' },
  keyword: { 'zh-CN': '搜索关键字', 'en-US': 'Search keyword' },
  status: { 'zh-CN': '状态', 'en-US': 'Status' },
  tab: { 'zh-CN': '标签页', 'en-US': 'Tab' },
  type: { 'zh-CN': '类型', 'en-US': 'Type' },
  format: { 'zh-CN': '导出格式', 'en-US': 'Export format' },
  bill_no: { 'zh-CN': '账单号', 'en-US': 'Bill number' },
  start_date: { 'zh-CN': '开始日期', 'en-US': 'Start date' },
  end_date: { 'zh-CN': '结束日期', 'en-US': 'End date' },
  name: { 'zh-CN': '名称', 'en-US': 'Name' },
  description: { 'zh-CN': '描述', 'en-US': 'Description' },
  features: { 'zh-CN': '功能列表', 'en-US': 'Features' },
  trial_days: { 'zh-CN': '试用天数', 'en-US': 'Trial days' },
  prices: { 'zh-CN': '价格', 'en-US': 'Prices' },
  amount: { 'zh-CN': '金额', 'en-US': 'Amount' },
  remark: { 'zh-CN': '备注', 'en-US': 'Remark' },
  merchant_id: { 'zh-CN': '商户', 'en-US': 'Merchant' },
  days: { 'zh-CN': '天数', 'en-US': 'Days' },
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
