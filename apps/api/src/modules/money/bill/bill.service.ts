import { randomInt } from 'node:crypto';
import type { CallParsedInput } from '@parlour/contract/call';
import { termPrice } from '@parlour/contract/calls/store';
import type * as calls from '@parlour/contract/calls/bill';
import type { TAdminBill, TBill } from '@parlour/contract/calls/bill';
import type { PayMethod, TermType } from '@parlour/contract/constants';
import { EXPORT_MAX_ROWS } from '@parlour/contract/constants';
import type { Lang } from '@parlour/contract/errors';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { listSort } from '../../../lib/sql-sort';
import { buildExportFile } from '../../../lib/export-file';
import { dayRange } from '../../../lib/business-days';
import { fillDays, trendDays } from '../../../lib/trend';
import { merchantScope, operatorScope, type TenantScope } from '../../../lib/tenant-scope';
import { localizedOf, localizedValues, pickColumn } from '../../../lib/localized-columns';
import { isUniqueViolation } from '../../../db/errors';
import type { SettingsService } from '../../../platform/settings/settings.service';
import type { BillFilter, BillRepository, BillRow, BillView } from './bill.repository';
import type { storeVersions } from '../../../db/schema/index';
import { billExportTable } from './bill-export';
import { billStatusAt } from '../../../db/derived/bill-status';
import { createBillEffectsRegistry } from './bill-effects';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A bill as its reader sees it: product and version names in `lang`, falling back to Chinese. */
export function toBill(view: BillView, lang: Lang): TBill {
  return {
    id: view.id,
    bill_no: view.bill_no,
    shop_id: view.shop_id,
    shop_name: view.shop_name,
    type: view.type,
    product_name: pickColumn(view, 'product_name', lang),
    package_name: pickColumn(view, 'package_name', lang),
    term_type: view.term_type,
    term: view.term,
    amount: view.amount,
    currency: view.currency,
    status: view.status,
    refund_state: view.refund_state,
    pay_method: view.pay_method,
    channel: view.channel,
    created_at: view.created_at.toISOString(),
    expires_at: view.expires_at.toISOString(),
    paid_at: iso(view.paid_at),
    cancelled_at: iso(view.cancelled_at),
    remark: view.remark,
  };
}
export function toAdminBill(view: BillView, lang: Lang): TAdminBill {
  return { ...toBill(view, lang), merchant_id: view.merchant_id, merchant_account: view.merchant_account };
}

/**
 * A paid renewal into a higher version that found its store on another version than the one it was
 * made from (an operator changed it), so it left the version alone (shop.service applyPaidStoreBill).
 */
export function isVersionNotApplied(
  bill: Pick<BillRow, 'type' | 'version_id' | 'store_version_from' | 'store_version_before'>,
) {
  const { version_id: target, store_version_from: from, store_version_before: atPayment } = bill;
  return (
    bill.type === 'renewal' &&
    from !== null &&
    atPayment !== null &&
    target !== from &&
    atPayment !== from &&
    atPayment !== target
  );
}

/** B + UTC yyyyMMddHHmmss + 6 random digits: sortable by time, readable over the phone, unique by index. */
export function newBillNo(now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return `B${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

const TERM_UNITS: Record<Lang, Record<TermType, (term: number) => string>> = {
  'zh-CN': { month: (term) => `${term}个月`, year: (term) => `${term}年` },
  'en-US': {
    month: (term) => `${term} month${term > 1 ? 's' : ''}`,
    year: (term) => `${term} year${term > 1 ? 's' : ''}`,
  },
};
const TYPE_PREFIX: Record<Lang, Record<'new_store' | 'renewal', string>> = {
  'zh-CN': { new_store: '新开店铺', renewal: '店铺续费' },
  'en-US': { new_store: 'New store', renewal: 'Store renewal' },
};

/** "Store renewal · Professional · 3 months" in `lang`; a bill keeps it in both languages. */
export function storeProductName(
  type: 'new_store' | 'renewal',
  versionName: string,
  termType: TermType,
  term: number,
  lang: Lang,
) {
  return `${TYPE_PREFIX[lang][type]} · ${versionName} · ${TERM_UNITS[lang][termType](term)}`;
}

export interface StoreBillRequest {
  merchantId: number;
  /** The store as the bill is made: its version is recorded as the one the bill was made from. */
  shop: { id: number; shop_name: string; version_id: number };
  type: 'new_store' | 'renewal';
  /** The version bought, as stored: its names, currency and price list (a term it does not sell is refused). */
  version: typeof storeVersions.$inferSelect;
  termType: TermType;
  term: number;
  /** Online: waits for payment with this method. Offline: recorded as paid by an operator. */
  payment: { channel: 'online'; payMethod: PayMethod } | { channel: 'offline'; adminId: number; remark: string };
}

type BillInsert = Parameters<BillRepository['insertBill']>[0];
/** A new bill's fields; the number, payment window and times are set when it is inserted. */
type NewBillValues = Omit<BillInsert, 'bill_no' | 'expires_at' | 'created_at' | 'updated_at'>;

function constraintOf(error: unknown): string | undefined {
  return (
    (error as { constraint?: string }).constraint ?? (error as { cause?: { constraint?: string } }).cause?.constraint
  );
}

/** A bill list's filter and page as the call's schema parsed them (the operator's has the merchant filter). */
type ListInput = CallParsedInput<typeof calls.adminListBills>;
type ExportInput = CallParsedInput<typeof calls.adminExportBills>;

/** Bills: creation, the payment window, cancelling, the lists and exports of both roles, income figures. */
export function createBillService(deps: {
  db: Db;
  repository: BillRepository;
  settings: SettingsService;
  clock: Clock;
}) {
  const { db, repository, settings, clock } = deps;
  const effects = createBillEffectsRegistry();
  /** Told after a bill with a provider order was cancelled (the payment module closes the order). */
  const cancelledListeners: Array<(billNo: string) => Promise<void>> = [];

  /** Expires overdue bills and ends what they held, in `tx`; answers how many it expired. */
  async function expireOverdueIn(tx: Db, of: 'all' | { shopId: string; merchantId?: number }) {
    const now = clock.now();
    const ended = await repository.expireOverdueBills(now, of, tx);
    await effects.endUnpaid(ended, tx, now);
    return ended.length;
  }

  /** The list filter within `scope`; its dates are whole business days (the platform's business time zone). */
  async function toFilter(input: Omit<ListInput, 'page' | 'limit'>, scope: TenantScope): Promise<BillFilter> {
    const { start, end } = dayRange(input, await settings.getBusinessTimeZone());
    return {
      scope,
      now: clock.now(),
      status: input.status,
      type: input.type,
      shopId: input.shop_id || undefined,
      keyword: input.keyword || undefined,
      channel: input.channel,
      merchantId: input.merchant_id,
      start,
      end,
    };
  }

  /**
   * Inserts a bill with a new bill number and the platform's payment window, retrying the rare
   * number collision. A savepoint per try keeps the surrounding transaction usable on PostgreSQL
   * after a unique violation; any other unique violation is the caller's to handle.
   */
  async function insertNewBill(values: NewBillValues, tx: Db) {
    const now = clock.now();
    const { payment_window_minutes: windowMinutes } = await settings.getPlatformRules(tx);
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await tx.transaction((savepoint) =>
          repository.insertBill(
            {
              ...values,
              bill_no: newBillNo(now),
              expires_at: new Date(now.getTime() + windowMinutes * 60_000),
              created_at: now,
              updated_at: now,
            },
            savepoint as unknown as Db,
          ),
        );
      } catch (error) {
        if (!isUniqueViolation(error) || constraintOf(error) !== 'bills_bill_no_unique' || attempt >= 3) throw error;
      }
    }
  }

  return {
    /**
     * Creates the bill of a store purchase or renewal at the version's price for the term. Online
     * bills are unpaid for the payment window; the partial unique index allows one unpaid store bill
     * per store, so two racing renewals end in "order exists" for one of them.
     */
    async createStoreBill(request: StoreBillRequest, tx: Db) {
      const now = clock.now();
      const amount = termPrice(request.version.prices, request.termType, request.term);
      if (amount === undefined) throw new AppError('PURCHASE_DATA_INVALID');
      const isOffline = request.payment.channel === 'offline';
      try {
        return await insertNewBill(
          {
            merchant_id: request.merchantId,
            shop_ref: request.shop.id,
            shop_name: request.shop.shop_name,
            type: request.type,
            ...localizedValues('product_name', {
              'zh-CN': storeProductName(request.type, request.version.name, request.termType, request.term, 'zh-CN'),
              'en-US': storeProductName(
                request.type,
                pickColumn(request.version, 'name', 'en-US'),
                request.termType,
                request.term,
                'en-US',
              ),
            }),
            version_id: request.version.id,
            store_version_from: request.shop.version_id,
            ...localizedValues('package_name', localizedOf(request.version, 'name')),
            term_type: request.termType,
            term: request.term,
            amount,
            currency: request.version.currency,
            status: isOffline ? 'paid' : 'unpaid',
            pay_method: request.payment.channel === 'online' ? request.payment.payMethod : null,
            channel: request.payment.channel,
            paid_at: isOffline ? now : null,
            remark: request.payment.channel === 'offline' ? request.payment.remark : '',
            created_by_admin_id: request.payment.channel === 'offline' ? request.payment.adminId : null,
          },
          tx,
        );
      } catch (error) {
        if (isUniqueViolation(error) && constraintOf(error) === 'bills_one_unpaid_store_bill') {
          const existing = await repository.findUnpaidStoreBill(request.shop.id, tx);
          throw new AppError('ORDER_EXISTS', { data: { bill_no: existing?.bill_no ?? null } });
        }
        throw error;
      }
    },

    /** An unpaid online bill for something other than a store (a traffic package), in the caller's transaction. */
    async createOnlineBill(
      values: Omit<NewBillValues, 'status' | 'channel' | 'paid_at' | 'pay_method'> & { pay_method: PayMethod },
      tx: Db,
    ) {
      return insertNewBill({ ...values, status: 'unpaid', channel: 'online', paid_at: null }, tx);
    },

    // Reads derive the status at the request's time (db/derived/bill-status.ts) and never write; the sweep persists it.
    async listForMerchant(merchantId: number, input: CallParsedInput<typeof calls.merchantListBills>, lang: Lang) {
      const filter = await toFilter(input, merchantScope(merchantId));
      const [rows, total] = await Promise.all([
        repository.listBills(filter, { limit: input.limit, offset: (input.page - 1) * input.limit }, listSort(input)),
        repository.countBills(filter),
      ]);
      return { list: rows.map((row) => toBill(row, lang)), total };
    },

    async listForAdmin(input: ListInput, options: { isIncome?: boolean; lang: Lang }) {
      const filter = { ...(await toFilter(input, operatorScope)), isIncome: options.isIncome };
      const [rows, total] = await Promise.all([
        repository.listBills(filter, { limit: input.limit, offset: (input.page - 1) * input.limit }, listSort(input)),
        repository.countBills(filter),
      ]);
      return { list: rows.map((row) => toAdminBill(row, options.lang)), total, filter };
    },

    /** How many bills match the operator's filter and what they sum to (the dashboard's totals), at this read. */
    async totals(filter: Omit<BillFilter, 'now' | 'scope'>) {
      const scoped = { ...filter, now: clock.now(), scope: operatorScope };
      const [count, amount] = await Promise.all([repository.countBills(scoped), repository.sumAmount(scoped)]);
      return { count, amount };
    },

    async sumIncome(filter: BillFilter) {
      return repository.sumAmount({ ...filter, isIncome: true });
    },

    /** A merchant's own bill with its status at this read, or NOT_FOUND (also for another merchant's bill number). */
    async getMerchantBill(merchantId: number, billNo: string) {
      const bill = await repository.findBillView(billNo, merchantScope(merchantId), clock.now());
      if (!bill) throw new AppError('NOT_FOUND');
      return bill;
    },

    async cancel(merchantId: number, billNo: string, lang: Lang) {
      const bill = await this.getMerchantBill(merchantId, billNo);
      if (bill.status === 'expired') throw new AppError('ORDER_EXPIRED');
      const now = clock.now();
      // Only a bill still payable now is cancelled; one whose window closed meanwhile answers ORDER_EXPIRED.
      const cancelled = await db.transaction(async (tx) => {
        const row = await repository.cancelBill(bill.id, now, tx);
        if (row) await effects.endUnpaid([row], tx, now);
        return row;
      });
      if (!cancelled)
        throw new AppError(billStatusAt(bill, now) === 'expired' ? 'ORDER_EXPIRED' : 'BILL_STATE_INVALID');
      if (cancelled.provider_order_id)
        for (const listener of cancelledListeners) await listener(billNo).catch(() => undefined);
      const after = await repository.findBillView(billNo, merchantScope(merchantId), now);
      if (!after) throw new AppError('NOT_FOUND');
      return toBill(after, lang);
    },

    /** The filtered bills in the list's order (its sort, else newest first), as a file. */
    async exportBills(input: ExportInput, options: { scope: TenantScope; lang: Lang }) {
      const filter = await toFilter(input, options.scope);
      const rows = await repository.listBills(filter, { limit: EXPORT_MAX_ROWS, offset: 0 }, listSort(input));
      const table = billExportTable(rows, { lang: options.lang, withMerchant: options.scope.kind !== 'merchant' });
      return buildExportFile(table, { format: input.format, basename: 'bills', now: clock.now() });
    },

    async incomeTrend(range: { start_date?: string; end_date?: string }) {
      const days = trendDays(range, clock.now(), await settings.getBusinessTimeZone());
      return { list: fillDays(days, await repository.incomeTrend(days.start, days.end, days.zone)) };
    },

    async typeDistribution(range: { start_date?: string; end_date?: string }) {
      const days = trendDays(range, clock.now(), await settings.getBusinessTimeZone());
      return { list: await repository.typeDistribution(days.start, days.end) };
    },

    findBill: repository.findBill,
    findUnpaidStoreBill: repository.findUnpaidStoreBill,
    recordStoreChange: repository.recordStoreChange,
    previousStoreVersion: repository.previousStoreVersion,
    /** A bill within `scope` with its store ID and merchant account, its status read at this moment. */
    findView: (billNo: string, scope: TenantScope) => repository.findBillView(billNo, scope, clock.now()),

    /**
     * Unpaid bills past their payment window become expired, ending what they held (bill effects):
     * run by the scheduled sweep ('all'), and by the writing calls that need it done first (a store
     * creation for the bills of its merchant and of the store ID it wants, `of`: either matches; a
     * renewal for its store). Reads never call it: they derive the status (db/derived/bill-status.ts).
     * Given `tx`, it runs in that transaction.
     */
    async expireOverdueBills(of: 'all' | { shopId: string; merchantId?: number }, tx?: Db) {
      return tx ? expireOverdueIn(tx, of) : db.transaction((own) => expireOverdueIn(own as unknown as Db, of));
    },

    /** Sets what bills of `types` do when paid, refunded or ended unpaid (wired once in app.ts). */
    setEffects: effects.set,
    effectsOf: effects.of,
    /** Runs `listener` after a bill with a provider order was cancelled (its failure is the listener's to retry). */
    onCancelled(listener: (billNo: string) => Promise<void>) {
      cancelledListeners.push(listener);
    },

    /** A bill as the audit log keeps it before and after an operator's refund. */
    async auditView(billNo: string) {
      const bill = await repository.findBill(billNo);
      if (!bill) return null;
      const {
        bill_no,
        status,
        amount,
        currency,
        provider,
        trade_no,
        needs_refund,
        refunded_at,
        refund_reason,
        refunded_by_admin_id,
      } = bill;
      return {
        bill_no,
        status,
        amount,
        currency,
        provider,
        trade_no,
        needs_refund,
        refunded_at,
        refund_reason,
        refunded_by_admin_id,
      };
    },
  };
}
export type BillService = ReturnType<typeof createBillService>;
// What other modules read of a bill: through this service, never the repository.
export type { BillRow, BillView, EndedBill } from './bill.repository';
export type { AfterCommit, BillEffects } from './bill-effects';
