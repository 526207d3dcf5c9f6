import type {
  PlanSortField,
  PlanStatus,
  TAdminTrafficPackage,
  TAdminTrafficPlan,
  TTrafficPackage,
  TTrafficPlan,
} from '@parlour/contract/calls/traffic';
import type { CallParsedInput } from '@parlour/contract/call';
import type * as calls from '@parlour/contract/calls/traffic';
import type { PayMethod } from '@parlour/contract/constants';
import type { Lang } from '@parlour/contract/errors';
import type { TLocalizedText } from '@parlour/contract/localized-text';
import type { SortOrder } from '@parlour/contract/schemas';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { localizedOf, localizedValues, pickColumn } from '../../../lib/localized-columns';
import { listSort } from '../../../lib/sql-sort';
import { merchantScope, operatorScope } from '../../../lib/tenant-scope';
import { toBill, type BillEffects, type BillRow, type BillService } from '../../money/bill/bill.service';
import type { PaymentService } from '../../money/payment/payment.service';
import type { PackageView, PlanRow, TrafficPackageRepository } from './traffic-package.repository';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A plan as its reader sees it: name and API usage in `lang`, falling back to Chinese. */
export function toPlan(row: PlanRow, lang: Lang): TTrafficPlan {
  return {
    id: row.id,
    name: pickColumn(row, 'name', lang),
    units: row.units,
    valid_days: row.valid_days,
    is_general: row.is_general,
    price: row.price,
    original_price: row.original_price,
    currency: row.currency,
    api_usage: pickColumn(row, 'api_usage', lang),
    status: row.status,
    sort: row.sort,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toPackage(view: PackageView, lang: Lang): TTrafficPackage {
  return {
    id: view.id,
    plan_id: view.plan_id,
    name: pickColumn(view, 'name', lang),
    is_general: view.is_general,
    shop_id: view.shop_id,
    shop_name: view.shop_name,
    units_total: view.units_total,
    units_used: view.units_used,
    units_remaining: Math.max(0, view.units_total - view.units_used),
    valid_days: view.valid_days,
    status: view.status,
    created_at: view.created_at.toISOString(),
    paid_at: iso(view.paid_at),
    expires_at: iso(view.expires_at),
    bill_no: view.bill_no,
    amount: view.amount,
    currency: view.currency,
    pay_before: view.status === 'pending' ? iso(view.bill_expires_at) : null,
  };
}
function toAdminPackage(view: PackageView, lang: Lang): TAdminTrafficPackage {
  return { ...toPackage(view, lang), merchant_id: view.merchant_id, merchant_account: view.merchant_account };
}

const PRODUCT_NAME: Record<Lang, (plan: PlanRow) => string> = {
  'zh-CN': (plan) => `流量包 · ${plan.name} · ${plan.units}次 · ${plan.valid_days}天`,
  'en-US': (plan) =>
    `Traffic package · ${pickColumn(plan, 'name', 'en-US')} · ${plan.units.toLocaleString('en-US')} ` +
    `units · ${plan.valid_days} day${plan.valid_days > 1 ? 's' : ''}`,
};
/** "Traffic package · Standard · 10,000 units · 90 days" in both languages; a bill keeps both. */
export function packageProductName(plan: PlanRow): TLocalizedText {
  return { 'zh-CN': PRODUCT_NAME['zh-CN'](plan), 'en-US': PRODUCT_NAME['en-US'](plan) };
}

interface PlanValues {
  name: TLocalizedText;
  units: number;
  valid_days: number;
  is_general: boolean;
  price: number;
  original_price: number;
  currency: string;
  api_usage: TLocalizedText;
  status: PlanStatus;
  sort: number;
}

/**
 * Traffic package plans (operator) and purchased packages (merchant): buying a plan through a bill,
 * activating the package when the bill is paid, the package lists. The merchant always comes from
 * the session; a store package can only be bought for the merchant's own running store.
 */
export function createTrafficPackageService(deps: {
  db: Db;
  repository: TrafficPackageRepository;
  billService: Pick<BillService, 'createOnlineBill'>;
  /** Where a new bill is paid (the provider's order), and which pay methods are offered. */
  paymentService: Pick<PaymentService, 'assertMethodOffered' | 'paymentFor'>;
  clock: Clock;
}) {
  const { db, repository, billService, paymentService, clock } = deps;

  async function withSoldCounts(rows: PlanRow[], lang: Lang): Promise<TAdminTrafficPlan[]> {
    const sold = await repository.countSoldByPlan(rows.map((row) => row.id));
    return rows.map((row) => ({
      ...toPlan(row, lang),
      sold_count: sold.get(row.id) ?? 0,
      localized: { name: localizedOf(row, 'name'), api_usage: localizedOf(row, 'api_usage') },
    }));
  }
  async function adminPlan(row: PlanRow | undefined, lang: Lang) {
    if (!row) throw new AppError('NOT_FOUND');
    return (await withSoldCounts([row], lang))[0];
  }
  /** The plan's row values: each bilingual text in its two columns. */
  function planColumns(values: PlanValues) {
    return { ...values, ...localizedValues('name', values.name), ...localizedValues('api_usage', values.api_usage) };
  }

  /** The store a store package is ordered for: the merchant's own (another's answers NOT_FOUND), on trial or operating. */
  async function runningShop(merchantId: number, shopId: string | undefined) {
    if (!shopId) throw new AppError('PACKAGE_SHOP_REQUIRED');
    const shop = await repository.findMerchantShop(merchantId, shopId);
    if (!shop) throw new AppError('NOT_FOUND');
    const now = clock.now();
    const isRunning =
      (shop.status === 'trial' || shop.status === 'operating') &&
      !shop.is_disabled_by_operator &&
      shop.expires_at !== null &&
      shop.expires_at > now;
    if (!isRunning) throw new AppError('PACKAGE_SHOP_NOT_RUNNING');
    return shop;
  }

  /** What a paid traffic_package bill does, inside the payment's transaction: its package starts now. */
  async function applyPaidPackageBill(bill: BillRow, tx: Db) {
    await repository.activateForBill(bill.id, bill.paid_at ?? clock.now(), tx);
  }
  /** What refunding a paid package bill takes back, in the refund's transaction: the package's unused units are voided. */
  async function revokePaidPackageBill(bill: BillRow, tx: Db) {
    await repository.voidPackageOfBill(bill.id, clock.now(), tx);
  }

  /**
   * What traffic package bills do (bill effects): paying starts the package, a refund voids its unused
   * units, and a bill cancelled or expired unpaid voids its pending package.
   */
  const packageBillEffects: BillEffects = {
    async applyPaid(bill, tx) {
      await applyPaidPackageBill(bill, tx);
      return undefined;
    },
    revokePaid: revokePaidPackageBill,
    async endUnpaid(ended, tx, now) {
      await repository.voidPackagesOfBills(
        ended.map((bill) => bill.id),
        now,
        tx,
      );
    },
  };

  return {
    packageBillEffects,
    // ----- operator: plans -----

    async listPlansForAdmin(
      input: {
        page: number;
        limit: number;
        status?: PlanStatus;
        keyword?: string;
        sort_field?: PlanSortField;
        sort_order?: SortOrder;
      },
      lang: Lang,
    ) {
      const { rows, total } = await repository.listPlans(
        { status: input.status, keyword: input.keyword || undefined },
        { limit: input.limit, offset: (input.page - 1) * input.limit },
        listSort(input),
      );
      return { list: await withSoldCounts(rows, lang), total };
    },
    async getPlanForAdmin(id: number, lang: Lang) {
      return adminPlan(await repository.findPlan(id), lang);
    },
    async addPlan(values: PlanValues, lang: Lang) {
      const now = clock.now();
      return adminPlan(await repository.insertPlan({ ...planColumns(values), created_at: now, updated_at: now }), lang);
    },
    async editPlan(id: number, values: PlanValues, lang: Lang) {
      return adminPlan(await repository.updatePlan(id, { ...planColumns(values), updated_at: clock.now() }), lang);
    },
    async setPlanStatus(id: number, status: PlanStatus, lang: Lang) {
      return adminPlan(await repository.updatePlan(id, { status, updated_at: clock.now() }), lang);
    },

    // ----- merchant -----

    async listPlansForMerchant(lang: Lang) {
      const { rows, total } = await repository.listPlans({ status: 'enabled' });
      return { list: rows.map((row) => toPlan(row, lang)), total };
    },

    async listForMerchant(merchantId: number, input: CallParsedInput<typeof calls.merchantListPackages>, lang: Lang) {
      // A pending package whose bill's window closed is void at this read, before the sweep voids it.
      const now = clock.now();
      const filter = { scope: merchantScope(merchantId), status: input.status, now };
      const [rows, total, counts] = await Promise.all([
        repository.listPackages(
          {
            ...filter,
            isGeneral: input.tab === 'general',
            shopId: input.tab === 'store' ? input.shop_id || undefined : undefined,
          },
          { limit: input.limit, offset: (input.page - 1) * input.limit },
          listSort(input),
        ),
        repository.countPackages({
          ...filter,
          isGeneral: input.tab === 'general',
          shopId: input.tab === 'store' ? input.shop_id || undefined : undefined,
        }),
        repository.countTabs(filter),
      ]);
      return { list: rows.map((row) => toPackage(row, lang)), total, counts };
    },

    async listForAdmin(input: CallParsedInput<typeof calls.adminListPackages>, lang: Lang) {
      const filter = {
        scope: operatorScope,
        merchantId: input.merchant_id,
        shopId: input.shop_id || undefined,
        status: input.status,
        isGeneral: input.is_general,
        now: clock.now(),
      };
      const [rows, total] = await Promise.all([
        repository.listPackages(
          filter,
          { limit: input.limit, offset: (input.page - 1) * input.limit },
          listSort(input),
        ),
        repository.countPackages(filter),
      ]);
      return { list: rows.map((row) => toAdminPackage(row, lang)), total };
    },

    /**
     * Buys a plan: a bill of type traffic_package at the plan's price and a pending package, in one
     * transaction; the answer says where to pay. The package starts when the bill is paid.
     */
    async createOrder(options: {
      merchantId: number;
      planId: number;
      shopId?: string;
      payMethod: PayMethod;
      lang: Lang;
    }) {
      const plan = await repository.findPlan(options.planId);
      if (!plan || plan.status !== 'enabled') throw new AppError('PLAN_UNAVAILABLE');
      const shop = plan.is_general ? null : await runningShop(options.merchantId, options.shopId);
      await paymentService.assertMethodOffered(options.payMethod);
      const { bill, pkg } = await db.transaction(async (tx) => {
        const bill = await billService.createOnlineBill(
          {
            merchant_id: options.merchantId,
            shop_ref: shop?.id ?? null,
            shop_name: shop?.shop_name ?? '',
            type: 'traffic_package',
            ...localizedValues('product_name', packageProductName(plan)),
            ...localizedValues('package_name', localizedOf(plan, 'name')),
            amount: plan.price,
            currency: plan.currency,
            pay_method: options.payMethod,
          },
          tx,
        );
        const pkg = await repository.insertPackage(
          {
            merchant_id: options.merchantId,
            shop_ref: shop?.id ?? null,
            plan_id: plan.id,
            bill_ref: bill.id,
            ...localizedValues('name', localizedOf(plan, 'name')),
            is_general: plan.is_general,
            units_total: plan.units,
            valid_days: plan.valid_days,
            created_at: bill.created_at,
            updated_at: bill.created_at,
          },
          tx,
        );
        return { bill, pkg };
      });
      const view = await repository.findPackageView(pkg.id, clock.now());
      return {
        package: toPackage(view!, options.lang),
        bill: toBill({ ...bill, shop_id: shop?.shop_id ?? null, merchant_account: '' }, options.lang),
        payment: await paymentService.paymentFor(bill, options.lang),
      };
    },
  };
}
export type TrafficPackageService = ReturnType<typeof createTrafficPackageService>;
