import { z } from 'zod';
import { defineCall, ZEmptyInput } from '../call';
import { MERCHANT_STATUSES, MERCHANT_TYPES } from '../constants';
import { isEmail, isMobile, listOutput, sortFields, ZNewPassword, ZPageInput, rowId } from '../schemas';
import { withDateRangeCheck, ZDateRangeFields, ZDateRangeInput, ZTrendOutput } from './report';

/** The operator's merchant management (spec §7 admin member/merchant/*). */

/** A merchant as the operator's list shows it. */
export const ZAdminMerchant = z.object({
  id: z.number().int(),
  /** The email, or the phone number when there is no email. */
  account: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  nickname: z.string(),
  type: z.enum(MERCHANT_TYPES),
  status: z.enum(MERCHANT_STATUSES),
  remark: z.string(),
  store_count: z.number().int(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type TAdminMerchant = z.infer<typeof ZAdminMerchant>;

/** Filters of the list; the date range is the registration time (whole UTC days). */
export const ZMerchantFilter = ZDateRangeFields.extend({
  /** Matches the account, email, phone or name. */
  keyword: z.string().trim().max(100).optional(),
  type: z.enum(MERCHANT_TYPES, { error: 'merchant_type_invalid' }).optional(),
  status: z.enum(MERCHANT_STATUSES, { error: 'merchant_status_invalid' }).optional(),
});
/** Columns the merchant list sorts on (default: newest registration first). */
export const MERCHANT_SORT_FIELDS = ['created_at', 'store_count', 'last_login_at'] as const;
export type MerchantSortField = (typeof MERCHANT_SORT_FIELDS)[number];
export const ZMerchantListInput = withDateRangeCheck(
  ZPageInput.extend(ZMerchantFilter.shape).extend(sortFields(MERCHANT_SORT_FIELDS).shape),
);
export type TMerchantListInput = z.input<typeof ZMerchantListInput>;

export const ZNickname = z.string().trim().max(50, { error: 'nickname_length' });
export const ZMerchantRemark = z.string().trim().max(200, { error: 'remark_length' });

/** An optional email or phone: empty means "none". */
const ZOptionalEmail = z
  .string()
  .trim()
  .refine((value) => value === '' || isEmail(value), { error: 'email_invalid' })
  .transform((value) => (value === '' ? null : value.toLowerCase()))
  .optional();
const ZOptionalMobile = z
  .string()
  .trim()
  .refine((value) => value === '' || isMobile(value), { error: 'mobile_invalid' })
  .transform((value) => (value === '' ? null : value))
  .optional();

/**
 * An operator adds a merchant with an email or a phone (at least one) and a password under the
 * registration rules; the merchant signs in with either.
 */
export const ZMerchantAddInput = z
  .object({
    email: ZOptionalEmail,
    mobile: ZOptionalMobile,
    password: ZNewPassword,
    nickname: ZNickname.default(''),
    type: z.enum(MERCHANT_TYPES, { error: 'merchant_type_invalid' }).default('individual'),
    remark: ZMerchantRemark.default(''),
  })
  .refine((value) => Boolean(value.email || value.mobile), { error: 'merchant_account_required', path: ['email'] });
export type TMerchantAddInput = z.input<typeof ZMerchantAddInput>;

/**
 * Edits a merchant's profile, type, status and remark. An absent email or phone stays as it is;
 * an empty one is cleared (the other must remain). Disabling ends the merchant's sessions.
 */
export const ZMerchantEditInput = z.object({
  id: rowId('id_required'),
  nickname: ZNickname.optional(),
  email: ZOptionalEmail,
  mobile: ZOptionalMobile,
  type: z.enum(MERCHANT_TYPES, { error: 'merchant_type_invalid' }).optional(),
  status: z.enum(MERCHANT_STATUSES, { error: 'merchant_status_invalid' }).optional(),
  remark: ZMerchantRemark.optional(),
});
export type TMerchantEditInput = z.input<typeof ZMerchantEditInput>;

export const adminListMerchants = defineCall({
  path: 'admin/member/merchant/lists',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary:
    'Merchants by keyword (account, email, phone, name), type, status and registration time, with store count ' +
    'and last login; sorted on registration, store count or last login',
  input: ZMerchantListInput,
  output: listOutput(ZAdminMerchant),
});
export const adminAddMerchant = defineCall({
  path: 'admin/member/merchant/add',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Adds a merchant with an email or phone and a password under the registration rules',
  input: ZMerchantAddInput,
  output: ZAdminMerchant,
});
export const adminEditMerchant = defineCall({
  path: 'admin/member/merchant/edit',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: "Edits a merchant's name, email, phone, type, status and remark; disabling ends its sessions at once",
  input: ZMerchantEditInput,
  output: ZAdminMerchant,
});
export const adminMerchantRegisterTrend = defineCall({
  path: 'admin/member/merchant/register_trend',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Merchants registered per day over a date range',
  input: ZDateRangeInput,
  output: ZTrendOutput,
});
export const adminMerchantTypeDistribution = defineCall({
  path: 'admin/member/merchant/type_distribution',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Number of merchants of each type',
  input: ZEmptyInput,
  output: z.object({ list: z.array(z.object({ type: z.enum(MERCHANT_TYPES), count: z.number().int() })) }),
});
