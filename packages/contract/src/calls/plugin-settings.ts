import { z } from 'zod';
import { defineCall } from '../call';
import { localizedText, ZLocalizedTextOutput } from '../localized-text';
import { toE164 } from '../phone';
import { isEmail } from '../schemas';
import { ZShopId } from './store';

/**
 * What the seeded plugins do on a store's pages (issue 24 §5; docs/plugins.md, "Storefront features"),
 * and the settings the merchant gives the ones that need them, per store: the contact channels of the
 * customer service button (`live_chat`) and the buyer's guide (`buyer_guide`). The shipping estimator's
 * rate table is the store's own shipping data (calls/store-shipping.ts). Settings can be saved whether or
 * not the plugin is on; the store's pages show a plugin only while it is installed and enabled.
 */

/** The plugin codes the storefront gives a feature to. */
export const STOREFRONT_PLUGIN_CODES = {
  liveChat: 'live_chat',
  currencyDisplay: 'currency_display',
  shippingEstimator: 'shipping_estimator',
  buyerGuide: 'buyer_guide',
} as const;
export type StorefrontPluginCode = (typeof STOREFRONT_PLUGIN_CODES)[keyof typeof STOREFRONT_PLUGIN_CODES];

/** The plugins whose settings the merchant edits in the console (their "Settings" action). */
export const CONFIGURABLE_PLUGIN_CODES = [
  STOREFRONT_PLUGIN_CODES.liveChat,
  STOREFRONT_PLUGIN_CODES.shippingEstimator,
  STOREFRONT_PLUGIN_CODES.buyerGuide,
] as const;
export type ConfigurablePluginCode = (typeof CONFIGURABLE_PLUGIN_CODES)[number];

// ---------- customer service (live_chat) ----------

export const CONTACT_URL_MAX_LENGTH = 500;
/** A WeCom customer-service link is WeCom's own https address (work.weixin.qq.com/kfid/…). */
export const WECOM_LINK_PATTERN = /^https:\/\/([a-z0-9-]+\.)*(weixin\.qq\.com|work\.weixin\.qq\.com)\/\S*$/i;

/** An optional phone number ('' when not set), stored E.164; a local number is read as Chinese. */
const optionalPhone = (error: 'contact_whatsapp_invalid' | 'contact_phone_invalid') =>
  z
    .string({ error })
    .trim()
    .max(64, { error })
    .refine((value) => value === '' || toE164(value, 'CN') !== null, { error })
    .transform((value) => (value === '' ? '' : toE164(value, 'CN')!))
    .default('');

export const ZLiveChatSettings = z.object({
  /** A WeCom customer-service link (https://work.weixin.qq.com/kfid/…). */
  wecom_url: z
    .string({ error: 'contact_wecom_invalid' })
    .trim()
    .max(CONTACT_URL_MAX_LENGTH, { error: 'contact_wecom_invalid' })
    .refine((value) => value === '' || WECOM_LINK_PATTERN.test(value), { error: 'contact_wecom_invalid' })
    .default(''),
  /** A WhatsApp number in international form; stored E.164, linked as https://wa.me/<digits>. */
  whatsapp: optionalPhone('contact_whatsapp_invalid'),
  /** An email address buyers write to (mailto:). */
  email: z
    .string({ error: 'service_email_invalid' })
    .trim()
    .refine((value) => value === '' || isEmail(value), { error: 'service_email_invalid' })
    .transform((value) => value.toLowerCase())
    .default(''),
  /** A phone number buyers call (tel:); stored E.164. */
  phone: optionalPhone('contact_phone_invalid'),
});
export type TLiveChatSettings = z.output<typeof ZLiveChatSettings>;

const ZLiveChatOutput = z.object({
  shop_id: z.string(),
  wecom_url: z.string(),
  whatsapp: z.string(),
  email: z.string(),
  phone: z.string(),
  updated_at: z.string().nullable(),
});
export type TLiveChat = z.infer<typeof ZLiveChatOutput>;

export const ZPluginSettingsRef = z.object({ shop_id: ZShopId });

export const merchantLiveChatDetail = defineCall({
  path: 'merchant/plugin/live_chat/detail',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: "One of the merchant's stores' customer service channels (WeCom link, WhatsApp, email, phone)",
  input: ZPluginSettingsRef,
  output: ZLiveChatOutput,
});
export const merchantLiveChatEdit = defineCall({
  path: 'merchant/plugin/live_chat/edit',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary:
    "Saves one of the merchant's stores' customer service channels; the store's contact button shows them at once",
  input: ZLiveChatSettings.extend({ shop_id: ZShopId }),
  output: ZLiveChatOutput,
});

// ---------- buyer's guide (buyer_guide) ----------

/** Length limit of each language's guide as sent (HTML markup included). */
export const BUYER_GUIDE_MAX_LENGTH = 50_000;
export const BUYER_GUIDE_RULE = {
  maxLength: BUYER_GUIDE_MAX_LENGTH,
  requiredError: 'buyer_guide_required',
  lengthError: 'buyer_guide_length',
} as const;

const ZBuyerGuideOutput = z.object({
  shop_id: z.string(),
  /** Sanitised HTML in both languages ('' when not written). */
  content: ZLocalizedTextOutput,
  updated_at: z.string().nullable(),
});
export type TBuyerGuide = z.infer<typeof ZBuyerGuideOutput>;

export const merchantBuyerGuideDetail = defineCall({
  path: 'merchant/plugin/buyer_guide/detail',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: "One of the merchant's stores' buyer's guide (rich text in Chinese and English)",
  input: ZPluginSettingsRef,
  output: ZBuyerGuideOutput,
});
export const merchantBuyerGuideEdit = defineCall({
  path: 'merchant/plugin/buyer_guide/edit',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary:
    "Saves one of the merchant's stores' buyer's guide (sanitised: no script, event attributes or javascript: links); /guide shows it at once",
  input: z.object({ shop_id: ZShopId, content: localizedText(BUYER_GUIDE_RULE) }),
  output: ZBuyerGuideOutput,
});
