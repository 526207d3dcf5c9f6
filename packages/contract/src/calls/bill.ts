import { z } from 'zod';
import { defineCall } from '../call';
import {
  BILL_CHANNELS,
  BILL_STATUSES,
  BILL_TYPES,
  EXPORT_FORMATS,
  PAY_METHODS,
  REFUND_STATES,
  TERM_TYPES,
} from '../constants';
import { listOutput, sortFields, ZPageInput, rowId } from '../schemas';
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
  /**
   * A refund under way or failed (a paid bill's status stays paid until the provider completes it):
   * pending while the provider processes it, failed when it ended without refunding; null otherwise.
   */
  refund_state: z.enum(REFUND_STATES).nullable(),
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
export const ZPayPage = z.object({
  bill_no: z.string(),
  provider: z.string(),
  pay_method: z.enum(PAY_METHODS),
  pay_url: z.string(),
  expires_at: z.string(),
});
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
  merchant_id: rowId().optional(),
  channel: z.enum(BILL_CHANNELS).optional(),
});
export const ZAdminBillListInput = withDateRangeCheck(
  ZPageInput.extend(ZAdminBillFilter.shape).extend(ZBillSort.shape),
);
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
  summary: "The filtered bill list as a CSV or XLSX file, in the list's order (its sort_field/sort_order)",
  input: withDateRangeCheck(
    ZBillFilter.extend({ format: z.enum(EXPORT_FORMATS).default('csv') }).extend(ZBillSort.shape),
  ),
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
  output: z.object({
    list: z.array(z.object({ type: z.enum(BILL_TYPES), count: z.number().int(), amount: z.number().int() })),
  }),
});
export const adminExportBills = defineCall({
  path: 'admin/order/order/export',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: "The filtered list of all bills as a CSV or XLSX file, in the list's order (its sort_field/sort_order)",
  input: withDateRangeCheck(
    ZAdminBillFilter.extend({ format: z.enum(EXPORT_FORMATS).default('csv') }).extend(ZBillSort.shape),
  ),
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
  /** The provider taking the payment (sandbox, wechat, alipay, paypal), null before the pay page made its order. */
  provider: z.string().nullable().default(null),
  /**
   * What the provider charges when it differs from the bill (PayPal: the operator's currency at the
   * operator's rate), in minor units of `charged_currency`; null when the bill's amount is charged.
   */
  charged_amount: z.number().int().nullable().default(null),
  charged_currency: z.string().nullable().default(null),
  charge_rate: z.string().nullable().default(null),
  /**
   * What the payer does (docs/payments.md): a QR code to scan, the provider's page to go to, or the sandbox's
   * buttons.
   */
  flow: z
    .discriminatedUnion('flow', [
      z.object({ flow: z.literal('qr'), code_url: z.string() }),
      z.object({
        flow: z.literal('redirect'),
        url: z.string(),
        method: z.enum(['GET', 'POST']),
        fields: z.record(z.string(), z.string()).optional(),
      }),
      z.object({ flow: z.literal('sandbox') }),
    ])
    .nullable()
    .default(null),
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

// ---------- the operator's bill detail and refund (docs/payments.md) ----------

/** Kinds of a bill's payment events: a provider's notification, or our query, close or refund of its order. */
export const PAYMENT_EVENT_KINDS = ['notification', 'query', 'close', 'refund'] as const;
/** One stored payment event of a bill, as the operator's bill detail lists it (newest first). */
export const ZPaymentEvent = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_EVENT_KINDS),
  /** sandbox, wechat, alipay or paypal. */
  provider: z.string(),
  /** What the provider said (paid, failed, ignored, invalid; query, close, refund for ours). */
  outcome: z.string(),
  /**
   * What we did with it: fulfilled, duplicate, mismatch, refused, stale, replayed, late_payment,
   * unknown_refund, unpaid, closed, failed, refunded, pending, …
   */
  result: z.string(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  trade_no: z.string().nullable(),
  /** What the provider sent or answered, without secrets (a digest of a stranger's body, never the body). */
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type TPaymentEvent = z.infer<typeof ZPaymentEvent>;

/** A bill as the operator's detail shows it: the provider's side, the refund and every payment event. */
export const ZAdminBillDetail = ZAdminBill.extend({
  /** The provider that took (or was asked to take) the payment; null before the pay page made an order. */
  provider: z.string().nullable(),
  provider_order_id: z.string().nullable(),
  /** The provider's transaction number once paid. */
  trade_no: z.string().nullable(),
  /** What the provider was asked to collect when it differs from the bill (PayPal: the operator's currency at the operator's rate). */
  charged_amount: z.number().int().nullable(),
  charged_currency: z.string().nullable(),
  charge_rate: z.string().nullable(),
  /** A payment arrived for this bill after it was cancelled or expired, or paid for a version it could not apply: the operator should refund it. */
  needs_refund: z.boolean(),
  /**
   * A renewal into a higher version paid after an operator had changed the store's version: the term
   * was extended, the version was left as the operator set it, and the bill was flagged for refund.
   */
  version_not_applied: z.boolean(),
  /** Whether the operator's refund button applies: paid (or flagged for refund) online and not refunded yet. */
  can_refund: z.boolean(),
  refunded_at: z.string().nullable(),
  refund_reason: z.string().nullable(),
  /** The operator account that refunded it. */
  refunded_by: z.string().nullable(),
  events: z.array(ZPaymentEvent),
});
export type TAdminBillDetail = z.infer<typeof ZAdminBillDetail>;

export const adminBillDetail = defineCall({
  path: 'admin/order/order/detail',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary:
    "One bill with its provider's side, its refund and every stored notification, query, close and refund (newest first)",
  input: ZBillRef,
  output: ZAdminBillDetail,
});
export const adminRefundBill = defineCall({
  path: 'admin/order/order/refund',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary:
    'Refunds a paid online bill in full through its provider, with a reason; what it bought is revoked in the same transaction (store term shortened back or ' +
    'the new store ended, plugin uninstalled, unused traffic package voided). A bill refunded already answers BILL_REFUNDED',
  input: ZBillRef.extend({
    reason: z
      .string({ error: 'refund_reason_required' })
      .trim()
      .min(1, { error: 'refund_reason_required' })
      .max(200, { error: 'refund_reason_length' }),
  }),
  output: ZAdminBillDetail,
});
