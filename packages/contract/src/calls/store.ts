import { z } from 'zod';
import { defineCall, ZEmptyInput } from '../call';
import {
  DEFAULT_CURRENCY,
  EXPORT_FORMATS,
  MONTH_TERMS,
  PAY_METHODS,
  SHOP_ID_MAX_LENGTH,
  STORE_STATUSES,
  STORE_TABS,
  TERM_TYPES,
  YEAR_TERMS,
  ALL_TERMS,
} from '../constants';
import { localizedText, ZLocalizedTextOutput, type LocalizedTextRule } from '../localized-text';
import { listOutput, sortFields, ZPageInput, INT4_MAX, INT4_MIN, int4, rowId } from '../schemas';
import { ZBill, ZPayPage } from './bill';
import { ZDateRangeInput, ZExportFile, ZTrendOutput } from './report';

/** Store versions (the spec's "package"), stores and their lifecycle (spec §2–§5, §7 parlour/*). */

// ---------- store versions ----------

export const ZVersionPrice = z.object({
  type: z.enum(TERM_TYPES, { error: 'term_type_invalid' }),
  term: z
    .number({ error: 'term_invalid' })
    .int({ error: 'term_invalid' })
    .min(INT4_MIN, { error: 'term_invalid' })
    .max(INT4_MAX, { error: 'term_invalid' }),
  /** Integer minor units (fen, cents). */
  amount: z
    .number({ error: 'price_invalid' })
    .int({ error: 'price_invalid' })
    .min(0, { error: 'price_invalid' })
    .max(1_000_000_000, { error: 'price_invalid' }),
});
export type TVersionPrice = z.infer<typeof ZVersionPrice>;

export const ZStoreVersion = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  trial_days: z.number().int(),
  currency: z.string(),
  prices: z.array(ZVersionPrice),
  status: z.enum(['enabled', 'disabled']),
  sort: z.number().int(),
  /** Custom domains a store of this version may add (its system domain does not count); null: the platform rule "domains per store". */
  domain_limit: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TStoreVersion = z.infer<typeof ZStoreVersion>;

/** What ranks store versions: their display order and their one-month price. */
export type VersionTierFields = Pick<TStoreVersion, 'id' | 'sort'> & {
  prices: ReadonlyArray<{ type: string; term: number; amount: number }>;
};

/**
 * The price of one term (integer minor units) in a version's price list; undefined when the version
 * does not sell that term. The one rule for it in the API and the console.
 */
export function termPrice(
  prices: ReadonlyArray<{ type: string; term: number; amount: number }> | undefined,
  termType: string,
  term: number,
): number | undefined {
  return prices?.find((price) => price.type === termType && price.term === term)?.amount;
}
const monthlyPrice = (version: VersionTierFields) => termPrice(version.prices, 'month', 1) ?? 0;
/**
 * Whether `candidate` is a higher version than `current` (a renewal may move a store up to it): it
 * comes later in the versions' display order — `sort`, then id, as every version list shows them —
 * and its one-month price is not lower. The same version, an earlier one or a cheaper one is not.
 */
export function isHigherVersion(candidate: VersionTierFields, current: VersionTierFields): boolean {
  if (candidate.id === current.id) return false;
  const isLater = candidate.sort > current.sort || (candidate.sort === current.sort && candidate.id > current.id);
  return isLater && monthlyPrice(candidate) >= monthlyPrice(current);
}

/**
 * The versions a store on `current` may be renewed into, as a renewal form offers them: its own
 * first, then the listed higher ones (isHigherVersion) in the list's order.
 */
export function renewalVersionChoices<T extends VersionTierFields & { status: string }>(
  list: readonly T[],
  current: T,
): T[] {
  return [
    current,
    ...list.filter((candidate) => candidate.status === 'enabled' && isHigherVersion(candidate, current)),
  ];
}

/** A version as its edit form needs it: the texts above in the caller's language, and both languages of each. */
export const ZEditableStoreVersion = ZStoreVersion.extend({
  localized: z.object({
    name: ZLocalizedTextOutput,
    description: ZLocalizedTextOutput,
    features: z.array(ZLocalizedTextOutput),
  }),
});
export type TEditableStoreVersion = z.infer<typeof ZEditableStoreVersion>;
export const ZAdminStoreVersion = ZEditableStoreVersion.extend({ store_count: z.number().int() });
export type TAdminStoreVersion = z.infer<typeof ZAdminStoreVersion>;

export const VERSION_NAME_MAX_LENGTH = 40;
export const VERSION_DESCRIPTION_MAX_LENGTH = 500;
export const VERSION_FEATURE_MAX_LENGTH = 100;
export const VERSION_MAX_FEATURES = 30;

/** Rules of the version's bilingual texts (the console's inputs check each language with them). */
export const VERSION_TEXT_RULES = {
  name: {
    maxLength: VERSION_NAME_MAX_LENGTH,
    requiredError: 'version_name_required',
    lengthError: 'version_name_length',
  },
  description: {
    maxLength: VERSION_DESCRIPTION_MAX_LENGTH,
    requiredError: 'version_description_length',
    lengthError: 'version_description_length',
    isRequired: false,
  },
  feature: {
    maxLength: VERSION_FEATURE_MAX_LENGTH,
    requiredError: 'version_feature_required',
    lengthError: 'version_feature_length',
  },
} satisfies Record<string, LocalizedTextRule>;

/** Name, description and features are written in Chinese and optionally English (see localized-text). */
export const ZVersionFunInput = z.object({
  /** Absent: create a version. */
  id: z.number().int().positive().max(INT4_MAX).optional(),
  name: localizedText(VERSION_TEXT_RULES.name),
  description: localizedText(VERSION_TEXT_RULES.description).default({ 'zh-CN': '', 'en-US': '' }),
  features: z
    .array(localizedText(VERSION_TEXT_RULES.feature))
    .max(VERSION_MAX_FEATURES, { error: 'version_features_length' })
    .default([]),
  trial_days: z
    .number({ error: 'trial_days_invalid' })
    .int({ error: 'trial_days_invalid' })
    .min(0, { error: 'trial_days_invalid' })
    .max(90, { error: 'trial_days_invalid' })
    .default(0),
  status: z.enum(['enabled', 'disabled']).default('enabled'),
  sort: z.number().int().min(0).max(9999).default(0),
  /** Custom domains a store of this version may add, the system domain not counted (1–100); null: the platform rule; absent: kept (null for a new version). */
  domain_limit: z
    .number({ error: 'domain_limit_invalid' })
    .int({ error: 'domain_limit_invalid' })
    .min(1, { error: 'domain_limit_invalid' })
    .max(100, { error: 'domain_limit_invalid' })
    .nullable()
    .optional(),
});
export type TVersionFunInput = z.input<typeof ZVersionFunInput>;

/** The price list must name every term of §9 exactly once. */
export const ZVersionPriceInput = z.object({
  id: z.number({ error: 'id_required' }).int().positive().max(INT4_MAX),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, { error: 'currency_invalid' })
    .default(DEFAULT_CURRENCY),
  prices: z.array(ZVersionPrice).superRefine((prices, context) => {
    const keys = new Set(prices.map((price) => `${price.type}:${price.term}`));
    const isComplete =
      keys.size === prices.length &&
      ALL_TERMS.every((term) => keys.has(`${term.type}:${term.term}`)) &&
      prices.length === ALL_TERMS.length;
    if (!isComplete) context.addIssue({ code: 'custom', message: 'prices_incomplete' });
  }),
});
export type TVersionPriceInput = z.input<typeof ZVersionPriceInput>;

/**
 * What the merchant may still create, decided by the server so the create-store form can say so
 * before it is filled: whether a trial is left (one per merchant) and the store limit.
 */
export const ZStoreAllowance = z.object({
  /** False once the merchant has had a trial store (whatever became of it). */
  is_trial_available: z.boolean(),
  /** The platform's store limit per merchant (a platform setting). */
  store_limit: z.number().int(),
  /** Stores that count against the limit now. */
  store_count: z.number().int(),
});
export type TStoreAllowance = z.infer<typeof ZStoreAllowance>;

export const merchantListVersions = defineCall({
  path: 'merchant/parlour/package/lists',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary:
    "Store versions a merchant can choose, with their prices and trial days, and whether the merchant's trial and store limit still allow a store",
  input: ZEmptyInput,
  output: listOutput(ZStoreVersion).extend(ZStoreAllowance.shape),
});
export const adminListVersions = defineCall({
  path: 'admin/parlour/package/lists',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'All store versions with the number of stores on each',
  input: ZPageInput,
  output: listOutput(ZAdminStoreVersion),
});
export const adminEditVersionFunctions = defineCall({
  path: 'admin/parlour/package/edit_fun',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Creates a store version or edits its name, description, features, trial days and status',
  input: ZVersionFunInput,
  output: ZEditableStoreVersion,
});
export const adminEditVersionPrices = defineCall({
  path: 'admin/parlour/package/edit_price',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Sets the price of every term of a store version',
  input: ZVersionPriceInput,
  output: ZEditableStoreVersion,
});

// ---------- stores ----------

export const ZShopName = z
  .string({ error: 'shop_name_required' })
  .trim()
  .min(1, { error: 'shop_name_required' })
  .max(50, { error: 'shop_name_length' });
/** shopId: lowercase letters and digits, at most 20 (spec §5); it becomes the store's subdomain. */
export const ZShopId = z
  .string({ error: 'shop_id_required' })
  .trim()
  .min(1, { error: 'shop_id_required' })
  .max(SHOP_ID_MAX_LENGTH, { error: 'shop_id_length' })
  .regex(/^[a-z0-9]+$/, { error: 'shop_id_format' });
export const ZContactEmail = z
  .string({ error: 'contact_email_required' })
  .trim()
  .min(1, { error: 'contact_email_required' })
  .email({ error: 'contact_email_invalid' })
  .transform((value) => value.toLowerCase());
export const ZPackageId = rowId('package_required');
export const ZPayMethod = z.enum(PAY_METHODS, { error: 'pay_method_required' });

/** A term of §9: monthly 1/3/6/9/12 or yearly 1–5. */
export const ZTermFields = z.object({
  term_type: z.enum(TERM_TYPES, { error: 'term_type_invalid' }),
  term: int4('term_invalid'),
});
export function isOfferedTerm(termType: string, term: number): boolean {
  const terms: readonly number[] = termType === 'year' ? YEAR_TERMS : MONTH_TERMS;
  return terms.includes(term);
}
/** Adds the rule that `term` is one of the terms offered for `term_type`. */
export function withTermCheck<T extends z.ZodType<{ term_type: string; term: number }>>(schema: T): T {
  return schema.refine((value) => isOfferedTerm(value.term_type, value.term), {
    error: 'term_invalid',
    path: ['term'],
  }) as unknown as T;
}

export const ZShopCreateFields = z.object({
  shop_name: ZShopName,
  shop_id: ZShopId,
  contact_email: ZContactEmail,
  package_id: ZPackageId,
});
export type TShopCreateFields = z.input<typeof ZShopCreateFields>;

export const ZShopBuyInput = withTermCheck(
  ZShopCreateFields.extend(ZTermFields.shape).extend({ pay_method: ZPayMethod }),
);
export type TShopBuyInput = z.input<typeof ZShopBuyInput>;
/**
 * A renewal, optionally into a higher version (`package_id`): only a listed version higher than the
 * store's current one (isHigherVersion) is accepted; the bill is priced at that version for the term,
 * and paying it moves the store to that version as it extends the term. Absent or the current
 * version: a plain renewal.
 */
export const ZShopRenewInput = withTermCheck(
  z
    .object({ shop_id: ZShopId, pay_method: ZPayMethod, package_id: rowId('renew_version_invalid').optional() })
    .extend(ZTermFields.shape),
);
export type TShopRenewInput = z.input<typeof ZShopRenewInput>;

export const ZShop = z.object({
  id: z.number().int(),
  shop_id: z.string(),
  shop_name: z.string(),
  contact_email: z.string(),
  package_id: z.number().int(),
  package_name: z.string(),
  status: z.enum(STORE_STATUSES),
  is_trial: z.boolean(),
  /** True when an operator disabled it; renewal does not lift that. */
  is_disabled_by_operator: z.boolean(),
  expires_at: z.string().nullable(),
  /** End of the grace period while pending renewal. */
  grace_ends_at: z.string().nullable(),
  domain: z.string().nullable(),
  order_count: z.number().int(),
  shipment_count: z.number().int(),
  /** Minor units of `currency`. */
  total_revenue: z.number().int(),
  currency: z.string(),
  member_count: z.number().int(),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  /** The bill waiting for payment for this store, if any. */
  unpaid_bill_no: z.string().nullable(),
});
export type TShop = z.infer<typeof ZShop>;
export const ZAdminShop = ZShop.extend({ merchant_id: z.number().int(), merchant_account: z.string() });
export type TAdminShop = z.infer<typeof ZAdminShop>;

const ZKeyword = z.string().trim().max(100).optional();
export const ZShopFilter = z.object({
  tab: z.enum(STORE_TABS).default('all'),
  /** Matches the store name or the store ID. */
  keyword: ZKeyword,
  status: z.enum(STORE_STATUSES).optional(),
});
/** Columns a store list sorts on (default: newest first). */
export const SHOP_SORT_FIELDS = ['created_at', 'expires_at', 'total_revenue'] as const;
export type ShopSortField = (typeof SHOP_SORT_FIELDS)[number];
const ZShopSort = sortFields(SHOP_SORT_FIELDS);
export const ZShopListInput = ZPageInput.extend(ZShopFilter.shape).extend(ZShopSort.shape);
export type TShopListInput = z.input<typeof ZShopListInput>;
export const ZAdminShopFilter = ZShopFilter.extend({
  merchant_id: rowId().optional(),
  /** Matches the merchant's email, phone or name. */
  merchant_keyword: ZKeyword,
});
export const ZAdminShopListInput = ZPageInput.extend(ZAdminShopFilter.shape).extend(ZShopSort.shape);
export type TAdminShopListInput = z.input<typeof ZAdminShopListInput>;

/** Counts per tab of the list, under the same keyword and status search. */
export const ZShopTabCounts = z.object({
  all: z.number().int(),
  operating: z.number().int(),
  disabled: z.number().int(),
  pending_renewal: z.number().int(),
});
export type TShopTabCounts = z.infer<typeof ZShopTabCounts>;

export const ZExportFormatInput = z.object({ format: z.enum(EXPORT_FORMATS).default('csv') });

export const ZShopRef = z.object({ shop_id: ZShopId });
export const ZSiteStatus = z.object({
  shop_id: z.string(),
  status: z.enum(STORE_STATUSES),
  is_ready: z.boolean(),
  initializing_since: z.string().nullable(),
  ready_at: z.string().nullable(),
  domain: z.string().nullable(),
});
/** Where backend_redirect's single-use ticket lands, at the store's primary domain: the store admin's sign-in (`?ticket=…`). */
export const STORE_ADMIN_SSO_PATH = '/admin/sso';
export const ZBackendRedirect = z.object({ url: z.string(), expires_at: z.string() });
/** What paying for something answers: the bill and where to pay it. */
export const ZPurchaseOutput = z.object({ shop: ZShop, bill: ZBill, payment: ZPayPage });

export const merchantListShops = defineCall({
  path: 'merchant/parlour/shop/lists',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: "The merchant's stores by tab, name/ID keyword and status, with counts per tab",
  input: ZShopListInput,
  output: listOutput(ZShop).extend({ counts: ZShopTabCounts }),
});
export const merchantAddShop = defineCall({
  path: 'merchant/parlour/shop/add',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Creates a store on the trial of its version; it starts initialising at once',
  input: ZShopCreateFields,
  output: ZShop,
});
export const merchantBuyShop = defineCall({
  path: 'merchant/parlour/shop/buy',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Create and pay: creates the store with an unpaid bill and answers where to pay it',
  input: ZShopBuyInput,
  output: ZPurchaseOutput,
});
export const merchantCheckSiteStatus = defineCall({
  path: 'merchant/parlour/shop/check_site_status',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Whether a new store has finished initialising',
  input: ZShopRef,
  output: ZSiteStatus,
});
export const merchantRenewShop = defineCall({
  path: 'merchant/parlour/shop/renew',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Creates a renewal bill for a term and answers where to pay it; an unpaid one answers "order exists"',
  input: ZShopRenewInput,
  output: ZPurchaseOutput,
});
export const merchantBackendRedirect = defineCall({
  path: 'merchant/parlour/shop/backend_redirect',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary: "A single-use, 60-second URL into the store's admin",
  input: ZShopRef,
  output: ZBackendRedirect,
});
export const merchantExportShops = defineCall({
  path: 'merchant/parlour/shop/export',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: "The filtered store list as a CSV or XLSX file, in the list's order (its sort_field/sort_order)",
  input: ZShopFilter.extend(ZExportFormatInput.shape).extend(ZShopSort.shape),
  output: ZExportFile,
});

export const ZAdminShopAddInput = ZShopCreateFields.extend({
  merchant_id: rowId('merchant_required'),
  /** `trial`: start the version's trial; `offline`: a term paid offline, recorded as a paid bill. */
  mode: z.enum(['trial', 'offline']),
  term_type: z.enum(TERM_TYPES, { error: 'term_type_invalid' }).optional(),
  term: int4('term_invalid').optional(),
  remark: z.string().trim().max(200).default(''),
}).superRefine((value, context) => {
  if (
    value.mode === 'offline' &&
    !(value.term_type && value.term !== undefined && isOfferedTerm(value.term_type, value.term))
  ) {
    context.addIssue({ code: 'custom', message: 'term_invalid', path: ['term'] });
  }
});
export type TAdminShopAddInput = z.input<typeof ZAdminShopAddInput>;
/**
 * The operator's offline renewal, optionally into a higher version (`package_id`) by the merchant's
 * rule (ZShopRenewInput): only a listed version higher than the store's current one; the paid bill is
 * priced at that version and moves the store to it at once.
 */
export const ZAdminShopRenewInput = withTermCheck(
  z
    .object({
      shop_id: ZShopId,
      remark: z.string().trim().max(200).default(''),
      package_id: rowId('renew_version_invalid').optional(),
    })
    .extend(ZTermFields.shape),
);
export type TAdminShopRenewInput = z.input<typeof ZAdminShopRenewInput>;
export const ZAdminShopStatusInput = z.object({
  shop_id: ZShopId,
  is_disabled: z.boolean(),
  remark: z.string().trim().max(200).default(''),
});

export const adminListShops = defineCall({
  path: 'admin/parlour/shop/lists',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Stores of all merchants by tab, keyword, status and merchant, with counts per tab',
  input: ZAdminShopListInput,
  output: listOutput(ZAdminShop).extend({ counts: ZShopTabCounts }),
});
export const adminAddShop = defineCall({
  path: 'admin/parlour/shop/add',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Adds a store for a merchant, on trial or paid offline (recorded as a paid bill)',
  input: ZAdminShopAddInput,
  output: ZAdminShop,
});
export const adminListShopVersions = defineCall({
  path: 'admin/parlour/shop/package_lists',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Store versions to choose from when adding a store',
  input: ZEmptyInput,
  output: listOutput(ZStoreVersion),
});
export const adminBackendRedirect = defineCall({
  path: 'admin/parlour/shop/backend_redirect',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: "A single-use, 60-second URL into any store's admin",
  input: ZShopRef,
  output: ZBackendRedirect,
});
export const adminShopCreateTrend = defineCall({
  path: 'admin/parlour/shop/create_trend',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Stores created per day over a date range',
  input: ZDateRangeInput,
  output: ZTrendOutput,
});
export const adminShopVersionDistribution = defineCall({
  path: 'admin/parlour/shop/package_distribution',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Number of stores on each version',
  input: ZEmptyInput,
  output: z.object({
    list: z.array(z.object({ package_id: z.number().int(), package_name: z.string(), count: z.number().int() })),
  }),
});
export const adminRenewShop = defineCall({
  path: 'admin/parlour/shop/renew',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Renews a store for a term paid offline, optionally into a higher version; recorded as a paid renewal bill',
  input: ZAdminShopRenewInput,
  output: z.object({ shop: ZAdminShop, bill: ZBill }),
});
export const adminSetShopStatus = defineCall({
  path: 'admin/parlour/shop/set_status',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Disables a store or lifts an operator disable',
  input: ZAdminShopStatusInput,
  output: ZAdminShop,
});
export const adminExportShops = defineCall({
  path: 'admin/parlour/shop/export',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: "The filtered list of all stores as a CSV or XLSX file, in the list's order (its sort_field/sort_order)",
  input: ZAdminShopFilter.extend(ZExportFormatInput.shape).extend(ZShopSort.shape),
  output: ZExportFile,
});

/** The public pricing page's versions (enabled only), before anyone signs in. */
export const merchantPublicVersions = defineCall({
  path: 'merchant/parlour/package/public_lists',
  role: 'merchant',
  isAuthenticated: false,
  isWrite: false,
  summary: 'Enabled store versions with their features, trial days and prices, for the public pricing page',
  input: ZEmptyInput,
  output: listOutput(ZStoreVersion),
});
