import { z } from 'zod';
import { defineCall, ZEmptyInput } from '../call';
import { PAY_METHODS } from '../constants';

/**
 * The operator's payment settings (docs/payments.md): per pay method enabled or not, sandbox or
 * live endpoints and credentials. Secrets (merchant private key, APIv3 key, app private key, client
 * secret) are written, never read back: answers carry `<name>_is_set`, and a secret left empty on
 * save keeps the stored one. Only enabled and fully configured methods are offered to merchants.
 */
export const PAYMENT_ENVIRONMENTS = ['sandbox', 'live'] as const;

const text = (max: number) =>
  z.string({ error: 'payment_text_length' }).trim().max(max, { error: 'payment_text_length' }).default('');
const ZEndpoint = z
  .string({ error: 'payment_endpoint_invalid' })
  .trim()
  .max(300, { error: 'payment_endpoint_invalid' })
  .refine((value) => value === '' || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(value), {
    error: 'payment_endpoint_invalid',
  })
  .default('');
const common = {
  enabled: z.boolean().default(false),
  environment: z.enum(PAYMENT_ENVIRONMENTS, { error: 'payment_environment_invalid' }).default('sandbox'),
  /** The API base; empty uses the environment's default. */
  endpoint: ZEndpoint,
};

export const ZWechatPaySettingsInput = z.object({
  ...common,
  app_id: text(64),
  merchant_id: text(32),
  merchant_serial_no: text(64),
  merchant_private_key: text(8000),
  api_v3_key: text(64),
  platform_public_key: text(8000),
  platform_public_key_id: text(128),
});
export const ZAlipaySettingsInput = z.object({
  ...common,
  app_id: text(64),
  seller_id: text(32),
  app_private_key: text(8000),
  alipay_public_key: text(8000),
});
export const ZPaypalSettingsInput = z.object({
  ...common,
  client_id: text(200),
  client_secret: text(200),
  webhook_id: text(64),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: 'payment_currency_invalid' })
    .default('USD'),
  /** Units of `currency` one CNY buys. */
  rate: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,8})?$/, { error: 'payment_rate_invalid' })
    .refine((value) => Number(value) > 0, { error: 'payment_rate_invalid' })
    .default('0.14'),
});

/** The secret field of each method. */
export const PAYMENT_SECRET_FIELDS = {
  wechat: ['merchant_private_key', 'api_v3_key'],
  alipay: ['app_private_key'],
  paypal: ['client_secret'],
} as const;

const view = {
  /** Enabled and every credential filled in: offered to merchants. */
  is_configured: z.boolean(),
  /** What to register with the provider as the notify / webhook URL. */
  notify_url: z.string(),
};
export const ZPaymentSettings = z.object({
  wechat: ZWechatPaySettingsInput.omit({ merchant_private_key: true, api_v3_key: true }).extend({
    merchant_private_key_is_set: z.boolean(),
    api_v3_key_is_set: z.boolean(),
    ...view,
  }),
  alipay: ZAlipaySettingsInput.omit({ app_private_key: true }).extend({ app_private_key_is_set: z.boolean(), ...view }),
  paypal: ZPaypalSettingsInput.omit({ client_secret: true }).extend({ client_secret_is_set: z.boolean(), ...view }),
  /** The sandbox cashier pays every method (development and demos; never in production). */
  is_sandbox_on: z.boolean(),
});
export type TPaymentSettings = z.infer<typeof ZPaymentSettings>;

export const ZSetPaymentSettingsInput = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('wechat'), values: ZWechatPaySettingsInput }),
    z.object({ method: z.literal('alipay'), values: ZAlipaySettingsInput }),
    z.object({ method: z.literal('paypal'), values: ZPaypalSettingsInput }),
  ],
  { error: 'pay_method_invalid' },
);
export type TSetPaymentSettingsInput = z.input<typeof ZSetPaymentSettingsInput>;
export type TSetPaymentSettingsValues = z.output<typeof ZSetPaymentSettingsInput>;

export const adminPaymentSettings = defineCall({
  path: 'admin/common/payment/settings',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: "The pay methods' provider settings; secrets only as whether they are set",
  input: ZEmptyInput,
  output: ZPaymentSettings,
});
export const adminSetPaymentSettings = defineCall({
  path: 'admin/common/payment/set_settings',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: "Saves one pay method's provider settings; an empty secret keeps the stored one",
  input: ZSetPaymentSettingsInput,
  output: ZPaymentSettings,
});
export const adminTestPaymentConnection = defineCall({
  path: 'admin/common/payment/test_connection',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary:
    "Calls the method's provider with the saved settings (a query for an unknown order); answers the provider's own error",
  input: z.object({ method: z.enum(PAY_METHODS, { error: 'pay_method_invalid' }) }),
  output: z.object({ ok: z.boolean(), error: z.string() }),
});
export const merchantPayMethods = defineCall({
  path: 'merchant/payment/methods',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: 'The pay methods merchants may choose now (enabled and configured)',
  input: ZEmptyInput,
  output: z.object({ list: z.array(z.enum(PAY_METHODS)) }),
});
