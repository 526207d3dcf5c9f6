import { z } from 'zod';
import { defineCall, ZEmptyInput } from '../call';
import { DEFAULT_CURRENCY, PAY_METHODS } from '../constants';
import { localizedText, ZLocalizedTextOutput, type LocalizedTextRule } from '../localized-text';
import { listOutput, rowId, sortFields, ZPageInput } from '../schemas';
import { ZBill, ZPayPage } from './bill';

/**
 * Plugins (spec §2 plugins screen and admin plugin page, §3 plugin, §4 plugin status, §5 plugin
 * purchase, §7 merchant plugin/shop/* and admin plugin/plugin/*; docs/plugins.md). An operator keeps
 * the catalogue; a merchant installs a plugin on one of its stores: free at once, paid through a
 * bill of type `plugin`, or on trial for the plugin's trial days once per store. The store system
 * reads the store's enabled plugins by their `code` with the store's API key.
 */

/** Catalogue status: only listed plugins are in the market; an unlisted one stays installed where it was bought. */
export const PLUGIN_STATUSES = ['listed', 'unlisted'] as const;
export type PluginStatus = (typeof PLUGIN_STATUSES)[number];

/** A store's plugin status (spec §4): enabled or disabled. A trial past its end reads as disabled. */
export const SHOP_PLUGIN_STATUSES = ['enabled', 'disabled'] as const;
export type ShopPluginStatus = (typeof SHOP_PLUGIN_STATUSES)[number];

/** How a store got a plugin: a free one installed, a paid one bought (its bill paid), or a trial of a paid one. */
export const SHOP_PLUGIN_SOURCES = ['free', 'purchased', 'trial'] as const;
export type ShopPluginSource = (typeof SHOP_PLUGIN_SOURCES)[number];

/**
 * What the market says of a plugin for the selected store: `available` (can be installed, bought or
 * tried), `installed` (a free plugin on the store), `purchased` (bought), `trial` (on trial until
 * `trial_ends_at`), `trial_expired` (the trial ended: disabled until bought), `version_unavailable`
 * (the store's version may not have it: `packages` names the versions that may).
 */
export const PLUGIN_MARKET_STATES = [
  'available',
  'installed',
  'purchased',
  'trial',
  'trial_expired',
  'version_unavailable',
] as const;
export type PluginMarketState = (typeof PLUGIN_MARKET_STATES)[number];

/** The market's price filter. */
export const PLUGIN_PRICE_TYPES = ['free', 'paid'] as const;
export type PluginPriceType = (typeof PLUGIN_PRICE_TYPES)[number];

/** How a merchant takes a plugin (add): `buy` (free: install; paid: a bill to pay) or `trial` (a paid plugin with trial days, once per store). */
export const PLUGIN_ADD_MODES = ['buy', 'trial'] as const;
export type PluginAddMode = (typeof PLUGIN_ADD_MODES)[number];

export const PLUGIN_CODE_MAX_LENGTH = 40;
/** A plugin's code: how the store system recognises it. Lower-case letters, digits and underscores, starting with a letter. */
export const PLUGIN_CODE_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;
export const PLUGIN_NAME_MAX_LENGTH = 40;
/** Length limit of the description as sent (HTML markup included), like a notice's content. */
export const PLUGIN_DESCRIPTION_MAX_LENGTH = 20_000;
export const PLUGIN_CHANGELOG_MAX_LENGTH = 5_000;
export const PLUGIN_VERSION_MAX_LENGTH = 20;
/** A plugin's own version string: 1.0, 2.3.1, 1.0.0-beta. */
export const PLUGIN_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,19}$/;
export const PLUGIN_MAX_SCREENSHOTS = 6;
export const PLUGIN_MAX_PRICE = 1_000_000_000;
export const PLUGIN_MAX_TRIAL_DAYS = 90;
export const PLUGIN_MAX_PACKAGES = 20;
export const PLUGIN_TYPE_NAME_MAX_LENGTH = 20;
/** Rules of the plugin's bilingual texts (the console's inputs check each language with them). */
export const PLUGIN_TEXT_RULES = {
  name: { maxLength: PLUGIN_NAME_MAX_LENGTH, requiredError: 'plugin_name_required', lengthError: 'plugin_name_length' },
  description: {
    maxLength: PLUGIN_DESCRIPTION_MAX_LENGTH,
    requiredError: 'plugin_description_required',
    lengthError: 'plugin_description_length',
  },
  changelog: {
    maxLength: PLUGIN_CHANGELOG_MAX_LENGTH,
    requiredError: 'plugin_changelog_length',
    lengthError: 'plugin_changelog_length',
    isRequired: false,
  },
} satisfies Record<string, LocalizedTextRule>;
export const PLUGIN_TYPE_TEXT_RULES = {
  name: {
    maxLength: PLUGIN_TYPE_NAME_MAX_LENGTH,
    requiredError: 'plugin_type_name_required',
    lengthError: 'plugin_type_name_length',
  },
} satisfies Record<string, LocalizedTextRule>;

/** An uploaded image of ours (`/uploads/<name>`, from admin/common/upload/image). */
const ZUploadedImage = (error: 'plugin_icon_invalid' | 'plugin_screenshot_invalid') =>
  z
    .string({ error })
    .trim()
    .max(200, { error })
    .regex(/^\/uploads\/[a-f0-9]{32}\.(png|jpg)$/, { error });

const ZPluginId = rowId('plugin_required');
const ZPluginTypeId = rowId('plugin_type_required');
/** The selected store (spec §5: a plugin purchase needs a shop selected), by its store ID. */
export const ZPluginShopId = z
  .string({ error: 'plugin_shop_required' })
  .trim()
  .min(1, { error: 'plugin_shop_required' })
  .max(20, { error: 'plugin_shop_required' })
  .regex(/^[a-z0-9]+$/, { error: 'plugin_shop_required' });

// ---------- the store system ----------

/**
 * The store system's call for a store's enabled plugins: `POST /open/v1/plugins` with the store's
 * Open API key in `x-api-key` (or `Authorization: Bearer`), not metered. Answers `{ code, msg, data }`
 * with `data` = ZStorePlugins; refusals are the Open API's key codes (13001 unknown key, 13009
 * suspended merchant, 13002 store not on trial or operating).
 */
export const STORE_PLUGINS_PATH = '/open/v1/plugins';
export const ZStorePlugins = z.object({
  shop_id: z.string(),
  /** Enabled plugins only (a trial past its end is not), by code. */
  plugins: z.array(
    z.object({
      code: z.string(),
      /** The plugin's own version string. */
      version: z.string(),
      source: z.enum(SHOP_PLUGIN_SOURCES),
      /** When a trial ends (the store should switch the feature off then); null for free and bought plugins. */
      trial_ends_at: z.string().nullable(),
    }),
  ),
});
export type TStorePlugins = z.infer<typeof ZStorePlugins>;

// ---------- shapes ----------

export const ZPluginType = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
});
export type TPluginType = z.infer<typeof ZPluginType>;
/** The operator's view of a type: how many plugins use it, both languages of its name. */
export const ZAdminPluginType = ZPluginType.extend({
  plugin_count: z.number().int(),
  localized: z.object({ name: ZLocalizedTextOutput }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAdminPluginType = z.infer<typeof ZAdminPluginType>;

/** A store version a plugin may be installed on (the spec's "package"). */
export const ZPluginPackage = z.object({ id: z.number().int(), name: z.string() });

/** A plugin as lists show it, texts in the reader's language. */
export const ZPlugin = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** `/uploads/<name>`, or '' for none. */
  icon: z.string(),
  type_id: z.number().int(),
  type_name: z.string(),
  /** The store versions it can be installed on ("version it belongs to"). */
  packages: z.array(ZPluginPackage),
  /** One-off price per store in minor units of `currency`; 0 = free. */
  price: z.number().int(),
  currency: z.string(),
  is_free: z.boolean(),
  /** Days a merchant may try it on a store once before paying; 0 = no trial. */
  trial_days: z.number().int(),
  status: z.enum(PLUGIN_STATUSES),
  /** The plugin's own version string (its latest changelog's). */
  version: z.string(),
  /** Stores that have it installed now (exact). */
  install_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPlugin = z.infer<typeof ZPlugin>;

/** Everything a detail view shows: description (sanitised HTML), screenshots, video, changelog. */
export const ZPluginDetail = ZPlugin.extend({
  description: z.string(),
  /** Up to 6 `/uploads/<name>` images. */
  screenshots: z.array(z.string()),
  /** An https URL, or '' for none. */
  video_url: z.string(),
  changelog: z.string(),
});
export type TPluginDetail = z.infer<typeof ZPluginDetail>;

/** The operator's view: both languages of the texts for the edit form. */
export const ZAdminPlugin = ZPlugin.extend({
  localized: z.object({ name: ZLocalizedTextOutput }),
});
export type TAdminPlugin = z.infer<typeof ZAdminPlugin>;

/** A store that has the plugin (operator detail). */
export const ZPluginInstall = z.object({
  shop_id: z.string(),
  shop_name: z.string(),
  merchant_id: z.number().int(),
  merchant_account: z.string(),
  status: z.enum(SHOP_PLUGIN_STATUSES),
  source: z.enum(SHOP_PLUGIN_SOURCES),
  trial_ends_at: z.string().nullable(),
  installed_at: z.string(),
});
export type TPluginInstall = z.infer<typeof ZPluginInstall>;

/** The operator's detail; the stores that installed it are a paged list of their own (admin/plugin/plugin/shop_page). */
export const ZAdminPluginDetail = ZPluginDetail.extend({
  localized: z.object({
    name: ZLocalizedTextOutput,
    description: ZLocalizedTextOutput,
    changelog: ZLocalizedTextOutput,
  }),
});
export type TAdminPluginDetail = z.infer<typeof ZAdminPluginDetail>;

/** A plugin on one of the merchant's stores ("my plugins"). */
export const ZShopPlugin = ZPlugin.extend({
  shop_id: z.string(),
  shop_name: z.string(),
  /** Derived at the read: a trial past its end is disabled. */
  shop_status: z.enum(SHOP_PLUGIN_STATUSES),
  source: z.enum(SHOP_PLUGIN_SOURCES),
  /** End of a trial; null otherwise (also after it was bought). */
  trial_ends_at: z.string().nullable(),
  is_trial_expired: z.boolean(),
  installed_at: z.string(),
  /** The paid bill of a bought plugin. */
  bill_no: z.string().nullable(),
});
export type TShopPlugin = z.infer<typeof ZShopPlugin>;

/** What the market shows of a plugin for the selected store. */
export const ZMarketState = z.object({
  market_state: z.enum(PLUGIN_MARKET_STATES),
  /** The store's version may have it (false: `packages` names those that may). */
  is_version_available: z.boolean(),
  /** On the store (any source), enabled or not. */
  is_installed: z.boolean(),
  shop_status: z.enum(SHOP_PLUGIN_STATUSES).nullable(),
  trial_ends_at: z.string().nullable(),
  /** A trial is possible: trial days, not free, never tried on this store, not installed. */
  can_trial: z.boolean(),
  /** An unpaid bill of this plugin for this store, to pay instead of buying again. */
  unpaid_bill_no: z.string().nullable(),
  /**
   * When the store's version may not have it: the lowest listed version higher than the store's
   * (store isHigherVersion) that may, to renew into (merchant shop renew `package_id`); else null.
   */
  upgrade_package_id: z.number().int().nullable(),
});
export const ZMarketPlugin = ZPlugin.extend(ZMarketState.shape);
export type TMarketPlugin = z.infer<typeof ZMarketPlugin>;
export const ZMerchantPluginDetail = ZPluginDetail.extend({
  /** The market state for the store asked about (shop_id); null without one. */
  shop: ZMarketState.extend({ shop_id: z.string(), shop_name: z.string() }).nullable(),
});
export type TMerchantPluginDetail = z.infer<typeof ZMerchantPluginDetail>;

/** One value of a status filter, labelled in the caller's language. */
export const ZPluginStatusOption = z.object({ value: z.enum(PLUGIN_STATUSES), label: z.string() });

// ---------- operator: catalogue ----------

const ZPriceMinor = z.coerce
  .number({ error: 'price_invalid' })
  .int({ error: 'price_invalid' })
  .min(0, { error: 'price_invalid' })
  .max(PLUGIN_MAX_PRICE, { error: 'price_invalid' });

/** What an operator writes; `code` only on add (it never changes). */
export const ZPluginFields = z.object({
  name: localizedText(PLUGIN_TEXT_RULES.name),
  icon: z.union([z.literal(''), ZUploadedImage('plugin_icon_invalid')]).default(''),
  type_id: ZPluginTypeId,
  package_ids: z
    .array(rowId('plugin_packages_required'), { error: 'plugin_packages_required' })
    .min(1, { error: 'plugin_packages_required' })
    .max(PLUGIN_MAX_PACKAGES, { error: 'plugin_packages_required' }),
  price: ZPriceMinor,
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, { error: 'currency_invalid' })
    .default(DEFAULT_CURRENCY),
  trial_days: z.coerce
    .number({ error: 'plugin_trial_days_invalid' })
    .int({ error: 'plugin_trial_days_invalid' })
    .min(0, { error: 'plugin_trial_days_invalid' })
    .max(PLUGIN_MAX_TRIAL_DAYS, { error: 'plugin_trial_days_invalid' })
    .default(0),
  status: z.enum(PLUGIN_STATUSES, { error: 'plugin_status_invalid' }).default('listed'),
  /** HTML from the console's editor; stored sanitised like a notice's content. */
  description: localizedText(PLUGIN_TEXT_RULES.description),
  screenshots: z
    .array(ZUploadedImage('plugin_screenshot_invalid'), { error: 'plugin_screenshot_invalid' })
    .max(PLUGIN_MAX_SCREENSHOTS, { error: 'plugin_screenshots_length' })
    .default([]),
  video_url: z
    .string({ error: 'plugin_video_url_invalid' })
    .trim()
    .max(500, { error: 'plugin_video_url_invalid' })
    .refine((value) => value === '' || /^https:\/\/[^\s"'<>]+$/.test(value), { error: 'plugin_video_url_invalid' })
    .default(''),
  version: z
    .string({ error: 'plugin_version_invalid' })
    .trim()
    .regex(PLUGIN_VERSION_PATTERN, { error: 'plugin_version_invalid' }),
  changelog: localizedText(PLUGIN_TEXT_RULES.changelog).default({ 'zh-CN': '', 'en-US': '' }),
});
/** Adds the rule that a free plugin has no trial. */
function withTrialCheck<T extends z.ZodType<{ price: number; trial_days: number }>>(schema: T): T {
  return schema.refine((value) => value.price > 0 || value.trial_days === 0, {
    error: 'plugin_trial_needs_price',
    path: ['trial_days'],
  }) as unknown as T;
}
export const ZPluginAddInput = withTrialCheck(
  ZPluginFields.extend({
    code: z
      .string({ error: 'plugin_code_invalid' })
      .trim()
      .regex(PLUGIN_CODE_PATTERN, { error: 'plugin_code_invalid' }),
  }),
);
export type TPluginAddInput = z.input<typeof ZPluginAddInput>;
/** Editing never changes the code (a `code` in the body is ignored). */
export const ZPluginEditInput = withTrialCheck(ZPluginFields.extend({ id: ZPluginId }));
export type TPluginEditInput = z.input<typeof ZPluginEditInput>;
export const ZPluginRef = z.object({ id: ZPluginId });
export const ZPluginStatusInput = z.object({
  id: ZPluginId,
  status: z.enum(PLUGIN_STATUSES, { error: 'plugin_status_invalid' }),
});

/** Columns the operator's plugin list sorts on (default: latest updated first). */
export const PLUGIN_SORT_FIELDS = ['install_count', 'updated_at', 'created_at', 'price'] as const;
export type PluginSortField = (typeof PLUGIN_SORT_FIELDS)[number];
export const ZAdminPluginListInput = ZPageInput.extend({
  /** Matches the code or the name (either language). */
  keyword: z.string().trim().max(100).optional(),
  type_id: rowId('plugin_type_required').optional(),
  status: z.enum(PLUGIN_STATUSES, { error: 'plugin_status_invalid' }).optional(),
  /** Plugins a store version may have. */
  package_id: rowId('package_required').optional(),
}).extend(sortFields(PLUGIN_SORT_FIELDS).shape);
export type TAdminPluginListInput = z.input<typeof ZAdminPluginListInput>;

export const adminListPlugins = defineCall({
  path: 'admin/plugin/plugin/page',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary:
    'The plugin catalogue by keyword (code, name), type, status and store version, latest updated ' +
    'first or sorted on install count, update, creation time or price',
  input: ZAdminPluginListInput,
  output: listOutput(ZAdminPlugin),
});
export const adminAddPlugin = defineCall({
  path: 'admin/plugin/plugin/add',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary:
    'Adds a plugin: unique code, bilingual name, description and changelog, icon, type, store versions, price, trial days, screenshots, video',
  input: ZPluginAddInput,
  output: ZAdminPluginDetail,
});
export const adminEditPlugin = defineCall({
  path: 'admin/plugin/plugin/edit',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Edits a plugin (its code never changes); stores that have it keep it',
  input: ZPluginEditInput,
  output: ZAdminPluginDetail,
});
export const adminPluginDetail = defineCall({
  path: 'admin/plugin/plugin/detail',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'One plugin with both languages of its texts and the stores that installed it',
  input: ZPluginRef,
  output: ZAdminPluginDetail,
});
/** The stores that installed one plugin, a page at a time (`page`, `limit` as every list). */
export const ZPluginInstallListInput = ZPageInput.extend({ id: ZPluginId });
export type TPluginInstallListInput = z.input<typeof ZPluginInstallListInput>;
export const adminListPluginInstalls = defineCall({
  path: 'admin/plugin/plugin/shop_page',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary:
    "The stores that installed a plugin, newest install first, with their merchant, the plugin's status there and how the store got it; paged, with the total",
  input: ZPluginInstallListInput,
  output: listOutput(ZPluginInstall),
});
export const adminSetPluginStatus = defineCall({
  path: 'admin/plugin/plugin/up_status',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Lists or unlists a plugin; an unlisted plugin leaves the market and stays installed where it was',
  input: ZPluginStatusInput,
  output: ZAdminPluginDetail,
});
export const adminPluginStatusLists = defineCall({
  path: 'admin/plugin/plugin/status_lists',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: "The catalogue statuses (listed, unlisted), labelled in the caller's language, for the filters",
  input: ZEmptyInput,
  output: z.object({ list: z.array(ZPluginStatusOption) }),
});
export const adminPluginTypeLists = defineCall({
  path: 'admin/plugin/plugin/type_lists',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Every plugin type in display order, for the filters and the plugin form',
  input: ZEmptyInput,
  output: z.object({ list: z.array(ZAdminPluginType) }),
});

// ---------- operator: types (beyond the spec: the operator manages the list) ----------

export const ZPluginTypeFields = z.object({
  name: localizedText(PLUGIN_TYPE_TEXT_RULES.name),
  sort: z.coerce
    .number({ error: 'sort_invalid' })
    .int({ error: 'sort_invalid' })
    .min(0, { error: 'sort_invalid' })
    .max(9999, { error: 'sort_invalid' })
    .default(0),
});
export type TPluginTypeFields = z.input<typeof ZPluginTypeFields>;
export const ZPluginTypeEditInput = ZPluginTypeFields.extend({ id: ZPluginTypeId });
export type TPluginTypeEditInput = z.input<typeof ZPluginTypeEditInput>;
export const ZPluginTypeRef = z.object({ id: ZPluginTypeId });

export const adminListPluginTypes = defineCall({
  path: 'admin/plugin/type/lists',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Plugin types in display order, with how many plugins use each',
  input: ZEmptyInput,
  output: z.object({ list: z.array(ZAdminPluginType) }),
});
export const adminAddPluginType = defineCall({
  path: 'admin/plugin/type/add',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Adds a plugin type (bilingual name, display order)',
  input: ZPluginTypeFields,
  output: ZAdminPluginType,
});
export const adminEditPluginType = defineCall({
  path: 'admin/plugin/type/edit',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Renames or reorders a plugin type',
  input: ZPluginTypeEditInput,
  output: ZAdminPluginType,
});
export const adminDeletePluginType = defineCall({
  path: 'admin/plugin/type/delete',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Deletes a plugin type no plugin uses (PLUGIN_TYPE_IN_USE otherwise)',
  input: ZPluginTypeRef,
  output: z.null(),
});

// ---------- merchant ----------

export const ZMarketListInput = ZPageInput.extend({
  /** The selected store: states (installed, on trial, version) are its. */
  shop_id: ZPluginShopId,
  type_id: rowId('plugin_type_required').optional(),
  price_type: z.enum(PLUGIN_PRICE_TYPES, { error: 'plugin_price_type_invalid' }).optional(),
  /** Matches the name (either language) or the code. */
  keyword: z.string().trim().max(100).optional(),
});
export type TMarketListInput = z.input<typeof ZMarketListInput>;
export const ZShopPluginListInput = ZPageInput.extend({
  shop_id: ZPluginShopId,
  status: z.enum(SHOP_PLUGIN_STATUSES, { error: 'shop_plugin_status_invalid' }).optional(),
});
export type TShopPluginListInput = z.input<typeof ZShopPluginListInput>;
export const ZMerchantPluginDetailInput = z.object({
  id: ZPluginId,
  /** The store to answer the market state for; optional. */
  shop_id: ZPluginShopId.optional(),
});
export const ZShopPluginStatusInput = z.object({
  shop_id: ZPluginShopId,
  plugin_id: ZPluginId,
  status: z.enum(SHOP_PLUGIN_STATUSES, { error: 'shop_plugin_status_invalid' }),
});
export type TShopPluginStatusInput = z.input<typeof ZShopPluginStatusInput>;
/** A plugin purchase: the store (spec §5: required), the plugin, buy or trial, and how a paid one is paid. */
export const ZPluginPurchaseInput = z.object({
  shop_id: ZPluginShopId,
  plugin_id: ZPluginId,
  mode: z.enum(PLUGIN_ADD_MODES, { error: 'plugin_mode_invalid' }).default('buy'),
  /** Required to buy a paid plugin; ignored otherwise. */
  pay_method: z.enum(PAY_METHODS, { error: 'pay_method_required' }).optional(),
});
export type TPluginPurchaseInput = z.input<typeof ZPluginPurchaseInput>;

export const merchantListMarketPlugins = defineCall({
  path: 'merchant/plugin/shop/plugin_page',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary:
    "The market for one of the merchant's stores: listed plugins by type, free/paid and keyword, each marked " +
    "installed, purchased, on trial or not available for the store's version",
  input: ZMarketListInput,
  output: listOutput(ZMarketPlugin),
});
export const merchantListShopPlugins = defineCall({
  path: 'merchant/plugin/shop/page',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary:
    "My plugins: the plugins of one of the merchant's stores with status (a trial past its end is disabled), source and trial end",
  input: ZShopPluginListInput,
  output: listOutput(ZShopPlugin),
});
export const merchantPluginDetail = defineCall({
  path: 'merchant/plugin/shop/detail',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary:
    "A listed (or, on the merchant's store, installed) plugin: screenshots, video, description, changelog, price, " +
    "in the caller's language; with the market state of a store when given",
  input: ZMerchantPluginDetailInput,
  output: ZMerchantPluginDetail,
});
export const merchantPluginTypeLists = defineCall({
  path: 'merchant/plugin/shop/type_lists',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: "Plugin types in display order, names in the caller's language",
  input: ZEmptyInput,
  output: z.object({ list: z.array(ZPluginType) }),
});
export const merchantSetShopPluginStatus = defineCall({
  path: 'merchant/plugin/shop/up_status',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary:
    "Enables or disables a plugin on one of the merchant's stores; disabling keeps the purchase; a trial past its end cannot be enabled until bought",
  input: ZShopPluginStatusInput,
  output: ZShopPlugin,
});
export const merchantAddShopPlugin = defineCall({
  path: 'merchant/plugin/shop/add',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  invalidInputError: 'PURCHASE_DATA_INVALID',
  summary:
    "Takes a plugin for one of the merchant's running stores: a free one installs at once, " +
    'a trial installs until its end (once per store), a paid one answers a ' +
    'bill of type plugin and where to pay it (installed when paid); an unpaid bill for it answers ORDER_EXISTS with its bill_no',
  input: ZPluginPurchaseInput,
  output: z.object({
    /** The store's plugin once installed (free, trial); null while a bill waits for payment. */
    shop_plugin: ZShopPlugin.nullable(),
    bill: ZBill.nullable(),
    payment: ZPayPage.nullable(),
  }),
});
