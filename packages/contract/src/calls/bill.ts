import { z } from 'zod';
import { defineCall } from '../call';
import { BILL_CHANNELS, BILL_STATUSES, BILL_TYPES, EXPORT_FORMATS, PAY_METHODS, TERM_TYPES } from '../constants';
import { listOutput, sortFields, ZPageInput } from '../schemas';
import { withDateRangeCheck, ZDateRangeFields, ZDateRangeInput, ZExportFile, ZTrendOutput } from './report';

/** Bills, their payment and the operator's income views (spec §2–§4, §7 order/*). */

export const ZBill = z.object({
  id: z.number().int(),
  /** Unique and readable: B + UTC date and time + 6 random digits. */
  bill_no: z.string(),
  shop_id: z.string().nullable(),
  shop_name: z.string(),
  type: z.enum(BILL_TYPES),
  /** The order product name, e.g. "Professional · 3 months". */
  product_name: z.string(),
  package_name: z.string(),
  term_type: z.enum(TERM_TYPES).nullable(),
  term: z.number().int().nullable(),
  /** Integer minor units of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(BILL_STATUSES),
  pay_method: z.enum(PAY_METHODS).nullable(),
  channel: z.enum(BILL_CHANNELS),
  created_at: z.string(),
  /** End of the payment window of an unpaid bill. */
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  remark: z.string(),
});
export type TBill = z.infer<typeof ZBill>;
export const ZAdminBill = ZBill.extend({ merchant_id: z.number().int(), merchant_account: z.string() });
export type TAdminBill = z.infer<typeof ZAdminBill>;

/** Where to pay a bill: a provider's cashier URL (the sandbox cashier in development). */
export const ZPayPage = z.object({ bill_no: z.string(), provider: z.string(), pay_method: z.enum(PAY_METHODS), pay_url: z.string(), expires_at: z.string() });
export type TPayPage = z.infer<typeof ZPayPage>;

export const ZBillFilter = ZDateRangeFields.extend({
  status: z.enum(BILL_STATUSES).optional(),
  type: z.enum(BILL_TYPES).optional(),
  shop_id: z.string().trim().max(20).optional(),
  /** Matches the bill number, the store name or the product name. */
  keyword: z.string().trim().max(100).optional(),
});
/** Columns a bill list sorts on (default: newest first; income: latest paid first). */
export const BILL_SORT_FIELDS = ['created_at', 'amount', 'paid_at'] as const;
export type BillSortField = (typeof BILL_SORT_FIELDS)[number];
const ZBillSort = sortFields(BILL_SORT_FIELDS);
export const ZBillListInput = withDateRangeCheck(ZPageInput.extend(ZBillFilter.shape).extend(ZBillSort.shape));
export type TBillListInput = z.input<typeof ZBillListInput>;
export const ZAdminBillFilter = ZBillFilter.extend({
  merchant_id: z.coerce.number().int().positive().optional(),
  channel: z.enum(BILL_CHANNELS).optional(),
});
export const ZAdminBillListInput = withDateRangeCheck(ZPageInput.extend(ZAdminBillFilter.shape).extend(ZBillSort.shape));
export type TAdminBillListInput = z.input<typeof ZAdminBillListInput>;
export const ZBillRef = z.object({ bill_no: z.string({ error: 'bill_no' }).trim().min(1).max(40) });

export const merchantListBills = defineCall({
  path: 'merchant/order/order/lists',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: "The merchant's bills by status, type, store and creation time",
  input: ZBillListInput,
  output: listOutput(ZBill),
});
export const merchantCancelBill = defineCall({
  path: 'merchant/order/order/cancel',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Cancels an unpaid bill',
  input: ZBillRef,
  output: ZBill,
});
export const merchantPayPage = defineCall({
  path: 'merchant/order/order/pay_page',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Where to pay an unpaid bill, optionally with another pay method; an expired bill answers "order expired"',
  input: ZBillRef.extend({ pay_method: z.enum(PAY_METHODS, { error: 'pay_method_required' }).optional() }),
  output: ZPayPage,
});
export const merchantExportBills = defineCall({
  path: 'merchant/order/order/export',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: 'The filtered bill list as a CSV or XLSX file, in the list\'s order (its sort_field/sort_order)',
  input: withDateRangeCheck(ZBillFilter.extend({ format: z.enum(EXPORT_FORMATS).default('csv') }).extend(ZBillSort.shape)),
  output: ZExportFile,
});

export const adminListBills = defineCall({
  path: 'admin/order/order/lists',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Bills of all merchants by status, type, store, merchant, channel and time',
  input: ZAdminBillListInput,
  output: listOutput(ZAdminBill),
});
export const adminListIncome = defineCall({
  path: 'admin/order/income/lists',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Paid bills (income) by paid time, with the total of the filter',
  input: ZAdminBillListInput,
  output: listOutput(ZAdminBill).extend({ total_amount: z.number().int(), currency: z.string() }),
});
export const adminIncomeTrend = defineCall({
  path: 'admin/order/income/income_trend',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Income (sum of paid bills) and number of paid bills per day',
  input: ZDateRangeInput,
  output: ZTrendOutput,
});
export const adminBillTypeDistribution = defineCall({
  path: 'admin/order/income/bill_type_distribution',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Paid bills and income per bill type over a date range',
  input: ZDateRangeInput,
  output: z.object({ list: z.array(z.object({ type: z.enum(BILL_TYPES), count: z.number().int(), amount: z.number().int() })) }),
});
export const adminExportBills = defineCall({
  path: 'admin/order/order/export',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'The filtered list of all bills as a CSV or XLSX file, in the list\'s order (its sort_field/sort_order)',
  input: withDateRangeCheck(ZAdminBillFilter.extend({ format: z.enum(EXPORT_FORMATS).default('csv') }).extend(ZBillSort.shape)),
  output: ZExportFile,
});

// ---------- the sandbox cashier (development and tests; refused in production) ----------

/** The cashier link carries a signed token, so it works like a provider's cashier: no console session needed. */
export const ZCashierRef = z.object({ bill_no: z.string().trim().min(1).max(40), token: z.string().min(1).max(200) });
export const ZCashierBill = z.object({
  bill_no: z.string(),
  shop_name: z.string(),
  product_name: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  pay_method: z.enum(PAY_METHODS),
  status: z.enum(BILL_STATUSES),
  expires_at: z.string(),
  /** Where the cashier sends the merchant afterwards. */
  return_path: z.string(),
});
export const cashierDetail = defineCall({
  path: 'merchant/payment/sandbox/detail',
  role: 'merchant',
  isAuthenticated: false,
  isWrite: false,
  summary: 'Sandbox cashier: the bill behind a cashier link',
  input: ZCashierRef,
  output: ZCashierBill,
});
export const cashierSubmit = defineCall({
  path: 'merchant/payment/sandbox/submit',
  role: 'merchant',
  isAuthenticated: false,
  isWrite: true,
  summary: "Sandbox cashier: pays or fails the payment; completes through the provider's signed notification",
  input: ZCashierRef.extend({ outcome: z.enum(['paid', 'failed']) }),
  output: ZCashierBill,
});
