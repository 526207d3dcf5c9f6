import { zoneDay, zoneDayStart } from '@parlour/contract/business-time';
import type { TOverview } from '@parlour/contract/calls/dashboard';
import { DEFAULT_CURRENCY, STORE_STATUSES } from '@parlour/contract/constants';
import type { Clock } from '../../lib/clock';
import { operatorScope } from '../../lib/tenant-scope';
import type { BillRepository } from '../bill/bill.repository';
import type { MerchantAdminRepository } from '../merchant-admin/merchant-admin.repository';
import type { SettingsService } from '../settings/settings.service';
import type { ShopRepository } from '../shop/shop.repository';

/** First instant of the current month in the business time zone `zone`. */
export function startOfMonth(now: Date, zone: string): Date {
  return zoneDayStart(`${zoneDay(now, zone).slice(0, 7)}-01`, zone);
}

/**
 * The operator dashboard's totals, read from the same tables as the lists they link to, with store
 * and bill statuses derived at the read's clock as the lists derive them, so figures and lists agree.
 */
export function createDashboardService(deps: {
  shopRepository: ShopRepository;
  billRepository: BillRepository;
  merchantAdminRepository: MerchantAdminRepository;
  settings: SettingsService;
  clock: Clock;
}) {
  const { shopRepository, billRepository, merchantAdminRepository, settings, clock } = deps;
  return {
    async overview(): Promise<TOverview> {
      const now = clock.now();
      const rules = await settings.getPlatformRules();
      const monthStart = startOfMonth(now, await settings.getBusinessTimeZone());
      const [merchantTotal, merchantsThisMonth, storeRows, incomeCount, incomeAmount, unpaidCount, unpaidAmount] =
        await Promise.all([
          merchantAdminRepository.countMerchants(),
          merchantAdminRepository.countMerchants({ start: monthStart }),
          // Statuses at this read's clock, without writing them (the store sweep does).
          shopRepository.countByStatus({ now, graceDays: rules.grace_days }, operatorScope),
          billRepository.countBills({ now, scope: operatorScope, isIncome: true, start: monthStart }),
          billRepository.sumAmount({ now, scope: operatorScope, isIncome: true, start: monthStart }),
          // Unpaid at this read: bills past their window count as expired before the sweep persists it.
          billRepository.countBills({ now, scope: operatorScope, status: 'unpaid' }),
          billRepository.sumAmount({ now, scope: operatorScope, status: 'unpaid' }),
        ]);
      const stores = Object.fromEntries(STORE_STATUSES.map((status) => [status, storeRows[status] ?? 0])) as Record<
        (typeof STORE_STATUSES)[number],
        number
      >;
      return {
        merchants: { total: merchantTotal, new_this_month: merchantsThisMonth },
        stores: { total: Object.values(stores).reduce((sum, count) => sum + count, 0), ...stores },
        income_this_month: { amount: incomeAmount, count: incomeCount, currency: DEFAULT_CURRENCY },
        unpaid_bills: { count: unpaidCount, amount: unpaidAmount, currency: DEFAULT_CURRENCY },
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
