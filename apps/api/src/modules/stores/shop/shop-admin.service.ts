import type { CallParsedInput } from '@parlour/contract/call';
import type * as calls from '@parlour/contract/calls/store';
import type { TermType } from '@parlour/contract/constants';
import type { Lang } from '@parlour/contract/errors';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { operatorScope } from '../../../lib/tenant-scope';
import { fillDays, trendDays } from '../../../lib/trend';
import { toAdminBill, type BillService } from '../../money/bill/bill.service';
import type { SettingsService } from '../../../platform/settings/settings.service';
import type { StoreVersionService } from '../store-version/store-version.service';
import type { ShopRepository, ShopRow } from './shop.repository';
import { deriveStatus } from './shop-status';
import { toAdminShop, type ShopService } from './shop.service';

/** A term an offline store is added for; the call's schema requires one in offline mode. */
function offlineTerm(input: { term_type?: TermType; term?: number }): { termType: TermType; term: number } {
  if (!input.term_type || input.term === undefined) throw new AppError('PURCHASE_DATA_INVALID');
  return { termType: input.term_type, term: input.term };
}

/**
 * The operator's store calls: every tenant's stores listed, a store added for a merchant (a trial, or
 * a term paid offline), an offline renewal, disabling and enabling, and the dashboard's store charts.
 * Built on the store service's creation, lookup and payment rules, so both roles follow one set.
 */
export function createShopAdminService(deps: {
  db: Db;
  shopService: ShopService;
  repository: ShopRepository;
  billService: Pick<BillService, 'createStoreBill'>;
  storeVersionService: StoreVersionService;
  settings: SettingsService;
  clock: Clock;
}) {
  const { db, shopService, repository, billService, storeVersionService, settings, clock } = deps;

  return {
    async list(input: CallParsedInput<typeof calls.adminListShops>, lang: Lang) {
      const { rows, counts, total, graceDays } = await shopService.list(input, operatorScope);
      return { list: rows.map((row) => toAdminShop(row, graceDays, lang)), total, counts };
    },

    /** A store added for a merchant: a trial (even a second one), or a term paid offline and provisioned at once. */
    async add(options: { adminId: number; input: CallParsedInput<typeof calls.adminAddShop>; lang: Lang }) {
      const { input } = options;
      if (!(await repository.merchantExists(input.merchant_id))) throw new AppError('NOT_FOUND');
      const rules = await settings.getPlatformRules();
      if (input.mode === 'trial') {
        return toAdminShop(
          await shopService.createTrialShop(input.merchant_id, input, { isOperator: true }),
          rules.grace_days,
          options.lang,
        );
      }
      const { termType, term } = offlineTerm(input);
      const version = await storeVersionService.getVersion(input.package_id);
      const shop = await shopService.createShop(
        { merchantId: input.merchant_id, fields: input, version, start: 'unpaid', operatorRemark: input.remark },
        async (shop, tx) => {
          const bill = await billService.createStoreBill(
            {
              merchantId: input.merchant_id,
              shop,
              type: 'new_store',
              version,
              termType,
              term,
              payment: { channel: 'offline', adminId: options.adminId, remark: input.remark },
            },
            tx,
          );
          await shopService.applyPaidStoreBill(bill, tx);
          return shop;
        },
      );
      await shopService.startProvisioning(shop.id);
      return toAdminShop(await shopService.viewOf(shop.id), rules.grace_days, options.lang);
    },

    /**
     * Operator renewal: an offline payment recorded as a paid renewal bill, applied at once; into a
     * higher version by the merchant's rule (renewalVersion), priced at it and moving the store to it.
     */
    async renew(options: {
      adminId: number;
      shopId: string;
      versionId?: number;
      termType: TermType;
      term: number;
      remark: string;
      lang: Lang;
    }) {
      const { view, rules } = await shopService.findShop(operatorScope, options.shopId);
      if (view.status === 'initializing' || view.status === 'unpaid' || view.status === 'cancelled')
        throw new AppError('STORE_STATE_INVALID');
      const version = await shopService.renewalVersion(
        await storeVersionService.getVersion(view.version_id),
        options.versionId,
        false,
      );
      const bill = await db.transaction(async (tx) => {
        const bill = await billService.createStoreBill(
          {
            merchantId: view.merchant_id,
            shop: view,
            type: 'renewal',
            version,
            termType: options.termType,
            term: options.term,
            payment: { channel: 'offline', adminId: options.adminId, remark: options.remark },
          },
          tx,
        );
        await shopService.applyPaidStoreBill(bill, tx);
        return bill;
      });
      return {
        shop: toAdminShop(await shopService.viewOf(view.id), rules.grace_days, options.lang),
        bill: toAdminBill({ ...bill, shop_id: view.shop_id, merchant_account: view.merchant_account }, options.lang),
      };
    },

    async setStatus(options: { shopId: string; isDisabled: boolean; remark: string; lang: Lang }) {
      const { view, rules } = await shopService.findShop(operatorScope, options.shopId);
      // A store not paid or not provisioned yet (or given up) has nothing to disable; it cannot run either.
      if (view.status === 'unpaid' || view.status === 'initializing' || view.status === 'cancelled')
        throw new AppError('STORE_STATE_INVALID');
      const now = clock.now();
      const next: ShopRow = { ...view, is_disabled_by_operator: options.isDisabled };
      const status = options.isDisabled
        ? 'disabled'
        : deriveStatus(
            { ...next, status: view.status === 'disabled' ? 'operating' : view.status },
            now,
            rules.grace_days,
          );
      await repository.updateShop(view.id, {
        is_disabled_by_operator: options.isDisabled,
        status,
        operator_remark: options.remark || view.operator_remark,
        updated_at: now,
      });
      return toAdminShop(await shopService.viewOf(view.id), rules.grace_days, options.lang);
    },

    async createTrend(range: { start_date?: string; end_date?: string }) {
      const days = trendDays(range, clock.now(), await settings.getBusinessTimeZone());
      return { list: fillDays(days, await repository.createTrend(days.start, days.end, days.zone)) };
    },
    async versionDistribution() {
      return { list: await repository.versionDistribution() };
    },
  };
}
export type ShopAdminService = ReturnType<typeof createShopAdminService>;
