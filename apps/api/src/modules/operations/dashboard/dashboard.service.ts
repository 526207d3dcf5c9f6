import { zoneDay, zoneDayStart } from '@parlour/contract/business-time';
import type { TOverview } from '@parlour/contract/calls/dashboard';
import { DEFAULT_CURRENCY, STORE_STATUSES } from '@parlour/contract/constants';
import type { Clock } from '../../../lib/clock';
import type { BillService } from '../../money/bill/bill.service';
import type { MerchantAdminService } from '../../accounts/account/merchant-admin.service';
import type { SettingsService } from '../../../platform/settings/settings.service';
import type { ShopService } from '../../stores/shop/shop.service';

/** First instant of the current month in the business time zone `zone`. */
export function startOfMonth(now: Date, zone: string): Date {
  return zoneDayStart(`${zoneDay(now, zone).slice(0, 7)}-01`, zone);
}

/**
 * The operator dashboard's totals, read from the same tables as the lists they link to, with store
 * and bill statuses derived at the read's clock as the lists derive them, so figures and lists agree.
 */
export function createDashboardService(deps: {
  shopService: Pick<ShopService, 'countByStatus'>;
  billService: Pick<BillService, 'totals'>;
  merchantAdminService: Pick<MerchantAdminService, 'countMerchants'>;
  settings: SettingsService;
  clock: Clock;
}) {
  const { shopService, billService, merchantAdminService, settings, clock } = deps;
  return {
    async overview(): Promise<TOverview> {
      const now = clock.now();
      const monthStart = startOfMonth(now, await settings.getBusinessTimeZone());
      const [merchantTotal, merchantsThisMonth, storeRows, income, unpaid] = await Promise.all([
        merchantAdminService.countMerchants(),
        merchantAdminService.countMerchants({ start: monthStart }),
        // Statuses at this read's clock, without writing them (the store sweep does).
        shopService.countByStatus(),
        billService.totals({ isIncome: true, start: monthStart }),
        // Unpaid at this read: bills past their window count as expired before the sweep persists it.
        billService.totals({ status: 'unpaid' }),
      ]);
      const stores = Object.fromEntries(STORE_STATUSES.map((status) => [status, storeRows[status] ?? 0])) as Record<
        (typeof STORE_STATUSES)[number],
        number
      >;
      return {
        merchants: { total: merchantTotal, new_this_month: merchantsThisMonth },
        stores: { total: Object.values(stores).reduce((sum, count) => sum + count, 0), ...stores },
        income_this_month: { amount: income.amount, count: income.count, currency: DEFAULT_CURRENCY },
        unpaid_bills: { count: unpaid.count, amount: unpaid.amount, currency: DEFAULT_CURRENCY },
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
