import { z } from 'zod';
import { defineCall, ZEmptyInput } from '../call';
import { DEFAULT_CURRENCY, PAY_METHODS } from '../constants';
import { localizedText, ZLocalizedTextOutput, type LocalizedTextRule } from '../localized-text';
import { listOutput, sortFields, ZPageInput, rowId } from '../schemas';
import { ZBill, ZPayPage } from './bill';

/**
 * Traffic package plans and purchased packages (spec §2 traffic, §3 traffic package, §4 package
 * status, §7 open/merchant_data and open/order/createPackageOrder; operator open/plan).
 */

/** Plan status: only enabled plans are offered to merchants. */
export const PLAN_STATUSES = ['enabled', 'disabled'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/**
 * Package status (spec §4), derived and never stored: pending while its bill is unpaid, expired once
 * its valid period has passed, exhausted when every unit is used, otherwise active.
 */
export const PACKAGE_STATUSES = ['pending', 'active', 'exhausted', 'expired'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** The merchant's package lists: general ("my packages", all stores) and store ("shop packages"). */
export const PACKAGE_TABS = ['general', 'store'] as const;
export type PackageTab = (typeof PACKAGE_TABS)[number];

/** Largest values an operator may give a plan. */
export const PLAN_MAX_UNITS = 100_000_000;
export const PLAN_MAX_VALID_DAYS = 3_650;
export const PLAN_MAX_PRICE = 1_000_000_000;
export const PLAN_NAME_MAX_LENGTH = 40;
export const PLAN_API_USAGE_MAX_LENGTH = 500;
/** Rules of the plan's bilingual texts (the console's inputs check each language with them). */
export const PLAN_TEXT_RULES = {
  name: { maxLength: PLAN_NAME_MAX_LENGTH, requiredError: 'plan_name_required', lengthError: 'plan_name_length' },
  api_usage: {
    maxLength: PLAN_API_USAGE_MAX_LENGTH,
    requiredError: 'api_usage_length',
    lengthError: 'api_usage_length',
    isRequired: false,
  },
} satisfies Record<string, LocalizedTextRule>;

// ---------- plans ----------

export const ZTrafficPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Units the package holds ("usage"). */
  units: z.number().int(),
  valid_days: z.number().int(),
  /** General: usable by every store of the merchant; otherwise bought for one store. */
  is_general: z.boolean(),
  /** Integer minor units of `currency`; never above `original_price`. */
  price: z.number().int(),
  original_price: z.number().int(),
  currency: z.string(),
  /** What the package can be used for and what a call costs, as shown to buyers. */
  api_usage: z.string(),
  status: z.enum(PLAN_STATUSES),
  sort: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TTrafficPlan = z.infer<typeof ZTrafficPlan>;
/** The operator's view of a plan: how many of it were paid for. */
export const ZAdminTrafficPlan = ZTrafficPlan.extend({
  sold_count: z.number().int(),
  /** Both languages of the plan's texts, for the edit form. */
  localized: z.object({ name: ZLocalizedTextOutput, api_usage: ZLocalizedTextOutput }),
});
export type TAdminTrafficPlan = z.infer<typeof ZAdminTrafficPlan>;

const ZMinorUnits = (key: 'price_invalid' | 'original_price_invalid') =>
  z.coerce.number({ error: key }).int({ error: key }).min(0, { error: key }).max(PLAN_MAX_PRICE, { error: key });

export const ZPlanFields = z.object({
  name: localizedText(PLAN_TEXT_RULES.name),
  units: z.coerce
    .number({ error: 'units_invalid' })
    .int({ error: 'units_invalid' })
    .min(1, { error: 'units_invalid' })
    .max(PLAN_MAX_UNITS, { error: 'units_invalid' }),
  valid_days: z.coerce
    .number({ error: 'valid_days_invalid' })
    .int({ error: 'valid_days_invalid' })
    .min(1, { error: 'valid_days_invalid' })
    .max(PLAN_MAX_VALID_DAYS, { error: 'valid_days_invalid' }),
  is_general: z.boolean({ error: 'is_general_invalid' }).default(true),
  price: ZMinorUnits('price_invalid'),
  original_price: ZMinorUnits('original_price_invalid'),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, { error: 'currency_invalid' })
    .default(DEFAULT_CURRENCY),
  api_usage: localizedText(PLAN_TEXT_RULES.api_usage).default({ 'zh-CN': '', 'en-US': '' }),
  status: z.enum(PLAN_STATUSES, { error: 'plan_status_invalid' }).default('enabled'),
  sort: z.coerce
    .number({ error: 'sort_invalid' })
    .int({ error: 'sort_invalid' })
    .min(0, { error: 'sort_invalid' })
    .max(9999, { error: 'sort_invalid' })
    .default(0),
});
/** Adds the rule that the price is not above the original price. */
function withPriceCheck<T extends z.ZodType<{ price: number; original_price: number }>>(schema: T): T {
  return schema.refine((value) => value.price <= value.original_price, {
    error: 'price_above_original',
    path: ['price'],
  }) as unknown as T;
}
export const ZPlanAddInput = withPriceCheck(ZPlanFields);
export type TPlanAddInput = z.input<typeof ZPlanAddInput>;
export const ZPlanId = rowId('plan_required');
export const ZPlanEditInput = withPriceCheck(ZPlanFields.extend({ id: ZPlanId }));
export type TPlanEditInput = z.input<typeof ZPlanEditInput>;
export const ZPlanStatusInput = z.object({
  id: ZPlanId,
  status: z.enum(PLAN_STATUSES, { error: 'plan_status_invalid' }),
});
/** Columns the operator's plan list sorts on (default: display order, `sort` then id). */
export const PLAN_SORT_FIELDS = ['price', 'units', 'created_at'] as const;
export type PlanSortField = (typeof PLAN_SORT_FIELDS)[number];
export const ZPlanListInput = ZPageInput.extend({
  status: z.enum(PLAN_STATUSES, { error: 'plan_status_invalid' }).optional(),
  /** Matches the plan name. */
  keyword: z.string().trim().max(100).optional(),
}).extend(sortFields(PLAN_SORT_FIELDS).shape);
export type TPlanListInput = z.input<typeof ZPlanListInput>;

export const adminListPlans = defineCall({
  path: 'admin/open/plan/lists',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Traffic package plans by status and name, in display order, with how many were sold',
  input: ZPlanListInput,
  output: listOutput(ZAdminTrafficPlan),
});
export const adminAddPlan = defineCall({
  path: 'admin/open/plan/add',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary:
    'Creates a traffic package plan: name, units, valid days, general or store, price and original price, API usage text',
  input: ZPlanAddInput,
  output: ZAdminTrafficPlan,
});
export const adminEditPlan = defineCall({
  path: 'admin/open/plan/edit',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Edits a plan; packages bought before keep the units, days and price they were bought with',
  input: ZPlanEditInput,
  output: ZAdminTrafficPlan,
});
export const adminSetPlanStatus = defineCall({
  path: 'admin/open/plan/up_status',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Enables or disables a plan; a disabled plan is no longer offered, bought packages are unaffected',
  input: ZPlanStatusInput,
  output: ZAdminTrafficPlan,
});

// ---------- purchased packages ----------

export const ZTrafficPackage = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  /** The plan's name when bought. */
  name: z.string(),
  is_general: z.boolean(),
  /** The store a store package is for; null for a general package. */
  shop_id: z.string().nullable(),
  shop_name: z.string().nullable(),
  units_total: z.number().int(),
  units_used: z.number().int(),
  units_remaining: z.number().int(),
  valid_days: z.number().int(),
  status: z.enum(PACKAGE_STATUSES),
  created_at: z.string(),
  /** Start of the valid period (payment time); null while pending. */
  paid_at: z.string().nullable(),
  /** End of the valid period; null while pending. */
  expires_at: z.string().nullable(),
  bill_no: z.string(),
  /** Amount paid (minor units of `currency`). */
  amount: z.number().int(),
  currency: z.string(),
  /** End of the payment window of a pending package's bill. */
  pay_before: z.string().nullable(),
});
export type TTrafficPackage = z.infer<typeof ZTrafficPackage>;
export const ZAdminTrafficPackage = ZTrafficPackage.extend({
  merchant_id: z.number().int(),
  merchant_account: z.string(),
});
export type TAdminTrafficPackage = z.infer<typeof ZAdminTrafficPackage>;

const ZPackageShopFilter = z.string().trim().max(20).optional();
/**
 * Columns a merchant's package list, and the operator's list of every merchant's, sort on (default:
 * newest first): when it was bought, when it expires (unpaid ones, with no expiry yet, last both
 * ways), its units left and used, and its price.
 */
export const PACKAGE_SORT_FIELDS = ['created_at', 'expires_at', 'units_remaining', 'units_used', 'amount'] as const;
export type PackageSortField = (typeof PACKAGE_SORT_FIELDS)[number];
export const ZPackageListInput = ZPageInput.extend({
  tab: z.enum(PACKAGE_TABS, { error: 'package_tab_invalid' }).default('general'),
  /** Store packages of one store (tab `store`). */
  shop_id: ZPackageShopFilter,
  status: z.enum(PACKAGE_STATUSES, { error: 'package_status_invalid' }).optional(),
}).extend(sortFields(PACKAGE_SORT_FIELDS).shape);
export type TPackageListInput = z.input<typeof ZPackageListInput>;
/** Counts per tab, under the same status filter. */
export const ZPackageTabCounts = z.object({ general: z.number().int(), store: z.number().int() });

export const ZAdminPackageListInput = ZPageInput.extend({
  merchant_id: rowId().optional(),
  shop_id: ZPackageShopFilter,
  status: z.enum(PACKAGE_STATUSES, { error: 'package_status_invalid' }).optional(),
  is_general: z.boolean().optional(),
}).extend(sortFields(PACKAGE_SORT_FIELDS).shape);
export type TAdminPackageListInput = z.input<typeof ZAdminPackageListInput>;

export const ZPackageOrderInput = z.object({
  plan_id: ZPlanId,
  /** Required for a store plan: one of the merchant's stores on trial or operating. Ignored for a general plan. */
  shop_id: z.string().trim().max(20).optional(),
  pay_method: z.enum(PAY_METHODS, { error: 'pay_method_required' }),
});
export type TPackageOrderInput = z.input<typeof ZPackageOrderInput>;

export const merchantListPlans = defineCall({
  path: 'merchant/open/merchant_data/plan_list',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Traffic package plans on sale (enabled), in display order',
  input: ZEmptyInput,
  output: listOutput(ZTrafficPlan),
});
export const merchantListPackages = defineCall({
  path: 'merchant/open/merchant_data/list',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: "The merchant's traffic packages: general or store ones, by store and status, with units used and left",
  input: ZPackageListInput,
  output: listOutput(ZTrafficPackage).extend({ counts: ZPackageTabCounts }),
});
export const merchantCreatePackageOrder = defineCall({
  path: 'merchant/open/order/createPackageOrder',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary:
    'Buys a plan (for the account, or a store for a store plan): a pending package with its bill, and where to pay it',
  input: ZPackageOrderInput,
  output: z.object({ package: ZTrafficPackage, bill: ZBill, payment: ZPayPage }),
});

export const adminListPackages = defineCall({
  path: 'admin/open/package/lists',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Traffic packages bought by all merchants, by merchant, store, kind and status',
  input: ZAdminPackageListInput,
  output: listOutput(ZAdminTrafficPackage),
});
