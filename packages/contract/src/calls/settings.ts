import { z } from 'zod';
import { defineCall, ZEmptyInput, ZNullOutput } from '../call';
import { isKnownTimeZone } from '../business-time';
import { RESERVED_SHOP_IDS_MAX, SHOP_ID_MAX_LENGTH } from '../constants';
import { ZEmail, ZMobile } from '../schemas';
import { optionalText, ZSiteSettings } from './site-settings';

export { ZPublicSiteSettings, ZSiteSettings, type TPublicSiteSettings, type TSiteSettings } from './site-settings';

/**
 * Platform settings (spec §3 site config, §7 common/config): five groups the operator edits on the
 * settings screen. Secrets (SMTP password, SMS access key secret, WeCom robot webhook) are written,
 * never read back: answers carry `<name>_is_set` instead (the webhook also as a masked hint), and a
 * secret left empty on save keeps the stored one.
 */

export const SETTINGS_GROUPS = ['site', 'mail', 'sms', 'wecom', 'platform'] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];
export const SMTP_SECURITY_MODES = ['none', 'starttls', 'ssl'] as const;
export const SMS_PROVIDERS = ['none', 'aliyun'] as const;

/** Limits of image uploads (spec §5: JPG and PNG only, checked by content). */
export const UPLOAD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_IMAGE_MIMES = ['image/jpeg', 'image/png'] as const;
/** Multipart POST below /api/v1/ (file field `file`, plus `lang_code`); answers {@link ZUploadedImage}. */
export const UPLOAD_IMAGE_PATH = 'admin/common/upload/image';
/** The merchant's image upload (their stores' logo and icon): the same form and limits, a budget per merchant. */
export const MERCHANT_UPLOAD_IMAGE_PATH = 'merchant/common/upload/image';
/** Where uploaded images are served. */
export const UPLOADS_URL_PREFIX = '/uploads/';

export const ZUploadedImage = z.object({
  url: z.string(),
  file_name: z.string(),
  mime: z.enum(UPLOAD_IMAGE_MIMES),
  size: z.number().int(),
});
export type TUploadedImage = z.infer<typeof ZUploadedImage>;

// ---------- field rules ----------

const HOST_PATTERN = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

const ZMailFields = z.object({
  smtp_host: z
    .string({ error: 'smtp_host_invalid' })
    .trim()
    .toLowerCase()
    .max(253, { error: 'smtp_host_invalid' })
    .refine((value) => value === '' || HOST_PATTERN.test(value), { error: 'smtp_host_invalid' })
    .default(''),
  smtp_port: z.coerce
    .number({ error: 'smtp_port_invalid' })
    .int({ error: 'smtp_port_invalid' })
    .min(1, { error: 'smtp_port_invalid' })
    .max(65535, { error: 'smtp_port_invalid' })
    .default(465),
  smtp_security: z.enum(SMTP_SECURITY_MODES, { error: 'smtp_security_invalid' }).default('ssl'),
  smtp_user: optionalText(200, 'smtp_user_length'),
  /** Empty keeps the stored password. */
  smtp_password: optionalText(200, 'smtp_password_length'),
  /** The From of every mail: an address, optionally with a display name (`Parlour <no-reply@example.com>`). */
  mail_sender: z
    .string({ error: 'mail_sender_invalid' })
    .trim()
    .max(200, { error: 'mail_sender_invalid' })
    .refine((value) => value === '' || isMailSender(value), { error: 'mail_sender_invalid' })
    .default(''),
});
export const ZMailSettingsInput = ZMailFields.superRefine((value, context) => {
  if (value.smtp_host && !value.mail_sender)
    context.addIssue({ code: 'custom', message: 'mail_sender_required', path: ['mail_sender'] });
});
export type TMailSettingsInput = z.input<typeof ZMailSettingsInput>;

function isMailSender(value: string): boolean {
  const match = /^(?:[^<>"]{1,100}\s)?<([^\s<>@]+@[^\s<>@]+\.[^\s<>@]{2,})>$/.exec(value);
  return Boolean(match) || /^[^\s<>@]+@[^\s<>@]+\.[^\s<>@]{2,}$/.test(value);
}

export const ZMailSettings = ZMailFields.omit({ smtp_password: true }).extend({ smtp_password_is_set: z.boolean() });
export type TMailSettings = z.infer<typeof ZMailSettings>;

/** An Aliyun SMS template code (SMS_123456789): letters, digits and underscores; empty when not set. */
const ZTemplateCode = optionalText(50, 'template_code_invalid').refine((value) => /^[A-Za-z0-9_]*$/.test(value), {
  error: 'template_code_invalid',
});

const ZSmsFields = z.object({
  sms_provider: z.enum(SMS_PROVIDERS, { error: 'sms_provider_invalid' }).default('none'),
  access_key_id: optionalText(100, 'access_key_id_invalid').refine((value) => /^[A-Za-z0-9]*$/.test(value), {
    error: 'access_key_id_invalid',
  }),
  /** Empty keeps the stored secret. */
  access_key_secret: optionalText(100, 'access_key_secret_invalid'),
  sign_name: optionalText(30, 'sign_name_length'),
  /** The verification-code template, whose variable is `${code}`. */
  template_code: ZTemplateCode,
  /**
   * The security-notice template ("your password was changed"), whose variable is `${time}`: a merchant
   * without an email is told by SMS. Empty: such merchants get no notice.
   */
  notice_template_code: ZTemplateCode,
});
export const ZSmsSettingsInput = ZSmsFields.superRefine((value, context) => {
  if (value.sms_provider === 'none') return;
  if (!value.access_key_id)
    context.addIssue({ code: 'custom', message: 'access_key_id_required', path: ['access_key_id'] });
  if (!value.sign_name) context.addIssue({ code: 'custom', message: 'sign_name_required', path: ['sign_name'] });
  if (!value.template_code)
    context.addIssue({ code: 'custom', message: 'template_code_required', path: ['template_code'] });
});
export type TSmsSettingsInput = z.input<typeof ZSmsSettingsInput>;
export const ZSmsSettings = ZSmsFields.omit({ access_key_secret: true }).extend({
  access_key_secret_is_set: z.boolean(),
});
export type TSmsSettings = z.infer<typeof ZSmsSettings>;

export const ZWecomSettingsInput = z.object({
  /**
   * The group robot's webhook (https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…). Its key lets
   * anyone post into the group, so it is a secret: empty keeps the stored one.
   */
  webhook_url: z
    .string({ error: 'webhook_url_invalid' })
    .trim()
    .max(500, { error: 'webhook_url_invalid' })
    .refine(
      (value) =>
        value === '' || /^https?:\/\/[^\s/]+\/cgi-bin\/webhook\/send\?(.*&)?key=[A-Za-z0-9-]+(&.*)?$/.test(value),
      { error: 'webhook_url_invalid' },
    )
    .default(''),
  /** True removes the stored webhook (the robot is no longer used). */
  is_cleared: z.boolean().default(false),
});
export type TWecomSettingsInput = z.input<typeof ZWecomSettingsInput>;
export const ZWecomSettings = z.object({
  webhook_url_is_set: z.boolean(),
  /** The stored URL with most of its key hidden, so the operator can tell which robot it is. */
  webhook_url_masked: z.string(),
});
export type TWecomSettings = z.infer<typeof ZWecomSettings>;

const rule = (min: number, max: number, key: string) =>
  z.coerce.number({ error: key }).int({ error: key }).min(min, { error: key }).max(max, { error: key });
export const ZPlatformRules = z.object({
  /** Failed logins of one account after which a captcha is required. */
  captcha_failure_threshold: rule(1, 100, 'captcha_failure_threshold_invalid'),
  store_limit_per_merchant: rule(1, 1000, 'store_limit_invalid'),
  domains_per_store: rule(1, 100, 'domains_per_store_invalid'),
  /** Minutes an unpaid bill stays payable. */
  payment_window_minutes: rule(5, 1440, 'payment_window_invalid'),
  /** Days a store stays pending renewal after expiry before it is disabled. */
  grace_days: rule(0, 90, 'grace_days_invalid'),
});
export type TPlatformRules = z.infer<typeof ZPlatformRules>;

/** An IANA time zone name the runtime knows (Intl's list, and UTC), e.g. Asia/Shanghai. */
export const ZBusinessTimeZone = z
  .string({ error: 'business_time_zone_invalid' })
  .trim()
  .refine((value) => isKnownTimeZone(value), { error: 'business_time_zone_invalid' });

/**
 * The platform group: the rules, and the business time zone whose calendar days the traffic reports,
 * their time filters and the dashboard's daily figures count (default Asia/Shanghai). On save an
 * absent zone keeps the stored one.
 */
export const ZPlatformSettingsInput = ZPlatformRules.extend({
  business_time_zone: ZBusinessTimeZone.optional(),
  /**
   * Store IDs the operator reserves beside the platform's own list (no store may be created with
   * one), in the store ID's format; stored lower-case, once each, sorted. Absent keeps the stored list.
   */
  reserved_shop_ids: z
    .array(
      z
        .string({ error: 'reserved_shop_id_invalid' })
        .trim()
        .toLowerCase()
        .max(SHOP_ID_MAX_LENGTH, { error: 'reserved_shop_id_invalid' })
        .regex(/^[a-z0-9]+$/, { error: 'reserved_shop_id_invalid' }),
      { error: 'reserved_shop_id_invalid' },
    )
    .max(RESERVED_SHOP_IDS_MAX, { error: 'reserved_shop_ids_too_many' })
    .transform((ids) => [...new Set(ids)].sort())
    .optional(),
  /** Every operator must sign in with two factors (TOTP); an operator without it is sent to set it up. Absent keeps the stored rule. */
  require_admin_two_factor: z.boolean({ error: 'require_admin_two_factor_invalid' }).optional(),
});
export type TPlatformSettingsInput = z.input<typeof ZPlatformSettingsInput>;
export const ZPlatformSettings = ZPlatformRules.extend({
  business_time_zone: z.string(),
  require_admin_two_factor: z.boolean(),
  /** The operator's reserved store IDs. */
  reserved_shop_ids: z.array(z.string()),
  /** What is reserved whatever the operator saves: RESERVED_SHOP_IDS and the first labels of SITE_HOSTS / CONSOLE_HOSTS. */
  reserved_shop_ids_fixed: z.array(z.string()),
});
export type TPlatformSettings = z.infer<typeof ZPlatformSettings>;

/** Every group as the settings screen shows it. */
export const ZAllSettings = z.object({
  site: ZSiteSettings,
  mail: ZMailSettings,
  sms: ZSmsSettings,
  wecom: ZWecomSettings,
  platform: ZPlatformSettings,
});
export type TAllSettings = z.infer<typeof ZAllSettings>;

/** One group's new values; each group is validated by its own rules. */
export const ZSetConfigInput = z.discriminatedUnion(
  'group',
  [
    z.object({ group: z.literal('site'), values: ZSiteSettings }),
    z.object({ group: z.literal('mail'), values: ZMailSettingsInput }),
    z.object({ group: z.literal('sms'), values: ZSmsSettingsInput }),
    z.object({ group: z.literal('wecom'), values: ZWecomSettingsInput }),
    z.object({ group: z.literal('platform'), values: ZPlatformSettingsInput }),
  ],
  { error: 'settings_group_invalid' },
);
export type TSetConfigInput = z.input<typeof ZSetConfigInput>;
/** The same after validation (defaults applied), as the server receives it. */
export type TSetConfigValues = z.output<typeof ZSetConfigInput>;

export const ZSettingsGroupSummary = z.object({
  group: z.enum(SETTINGS_GROUPS),
  /** False while the group still has its defaults (mail and SMS then fall back to the log). */
  is_configured: z.boolean(),
  updated_at: z.string().nullable(),
});

export const ZTestSendEmailInput = z.object({ to: ZEmail });
export const ZTestSendSmsInput = z.object({ mobile: ZMobile });
export const ZTestSendWecomInput = z.object({
  content: z
    .string({ error: 'test_message_required' })
    .trim()
    .min(1, { error: 'test_message_required' })
    .max(2000, { error: 'test_message_length' }),
});

export const adminConfigList = defineCall({
  path: 'admin/common/config/configList',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Every settings group for the settings screen; secrets only as whether they are set',
  input: ZEmptyInput,
  output: ZAllSettings,
});
export const adminConfigGroups = defineCall({
  path: 'admin/common/config/lists',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'The settings groups, whether each was configured and when it last changed',
  input: ZEmptyInput,
  output: z.object({ list: z.array(ZSettingsGroupSummary) }),
});
export const adminSetConfig = defineCall({
  path: 'admin/common/config/set_config',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: "Saves one group's values (validated by the group's rules); an empty secret keeps the stored one",
  input: ZSetConfigInput,
  output: ZAllSettings,
});
export const adminTestSendEmail = defineCall({
  path: 'admin/common/config/test_send_email',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Sends a test mail through the saved SMTP settings',
  input: ZTestSendEmailInput,
  output: ZNullOutput,
});
export const adminTestSendSms = defineCall({
  path: 'admin/common/config/test_send_sms',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: "Sends a test verification SMS through the saved SMS provider's API",
  input: ZTestSendSmsInput,
  output: ZNullOutput,
});
export const adminTestSendWecom = defineCall({
  path: 'admin/common/config/test_send_qywx',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Posts a text message through the saved WeCom group robot',
  input: ZTestSendWecomInput,
  output: ZNullOutput,
});
