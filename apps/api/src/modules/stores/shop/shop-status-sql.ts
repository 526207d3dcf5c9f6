import { sql, type SQL } from 'drizzle-orm';
import type { StoreStatus, StoreTab } from '@parlour/contract/constants';
import { bills, shops } from '../../../db/schema/index';
import type { TenantScope } from '../../../lib/tenant-scope';

/**
 * The clock a read derives store statuses at: the request's time and the platform's grace days.
 * The stored `status` lags behind it until the store sweep (every minute) persists what time did.
 */
export interface StatusClock {
  now: Date;
  graceDays: number;
}

const graceStartOf = (at: StatusClock) => new Date(at.now.getTime() - at.graceDays * 86_400_000);

const RUNNING = sql`${shops.status} in ('trial', 'operating')`;

/**
 * The store still has an unpaid store bill inside its payment window. Served by the partial unique
 * index bills_one_unpaid_store_bill (one such bill per store), and only asked of unpaid stores.
 */
const hasPayableBill = (at: StatusClock) =>
  sql`exists (select 1 from ${bills} where ${bills.shop_ref} = ${shops.id} and ${bills.status} = 'unpaid'
    and ${bills.type} in ('new_store', 'renewal') and ${bills.expires_at} > ${at.now})`;

/**
 * The status a store has at `at.now` — `deriveStatus` in SQL, read from the stored columns: a running
 * store past its expiry is pending renewal, past the grace days disabled; an unpaid store whose first
 * bill was neither paid nor is payable any more is cancelled.
 */
export function shopStatusSql(at: StatusClock): SQL<StoreStatus> {
  const graceStart = graceStartOf(at);
  return sql<StoreStatus>`case
    when ${RUNNING} and ${shops.expires_at} <= ${at.now} then case when ${shops.expires_at} > ${graceStart} then 'pending_renewal' else 'disabled' end
    when ${shops.status} = 'pending_renewal' and ${shops.expires_at} <= ${graceStart} then 'disabled'
    when ${shops.status} = 'unpaid' and not ${hasPayableBill(at)} then 'cancelled'
    else ${shops.status} end`;
}

/**
 * The condition "the store's status at `at.now` is `status`", as predicates on the stored columns
 * so a filter stays an indexed lookup ((status, created_at), (status, expires_at)).
 */
export function shopStatusIs(status: StoreStatus, at: StatusClock): SQL {
  const graceStart = graceStartOf(at);
  switch (status) {
    case 'trial':
    case 'operating':
      return sql`${shops.status} = ${status} and ${shops.expires_at} > ${at.now}`;
    case 'pending_renewal':
      return sql`(${shops.status} = 'pending_renewal' and ${shops.expires_at} > ${graceStart}) or (${RUNNING}
        and ${shops.expires_at} <= ${at.now} and ${shops.expires_at} > ${graceStart})`;
    case 'disabled':
      return sql`${shops.status} = 'disabled' or (${shops.status} in ('trial', 'operating', 'pending_renewal') and ${shops.expires_at} <= ${graceStart})`;
    case 'unpaid':
      return sql`${shops.status} = 'unpaid' and ${hasPayableBill(at)}`;
    case 'cancelled':
      return sql`${shops.status} = 'cancelled' or (${shops.status} = 'unpaid' and not ${hasPayableBill(at)})`;
    case 'initializing':
      return sql`${shops.status} = 'initializing'`;
  }
}

/** The statuses each tab of the store lists shows (spec §2). */
export const TAB_STATUSES: Record<Exclude<StoreTab, 'all'>, readonly StoreStatus[]> = {
  operating: ['operating', 'trial'],
  disabled: ['disabled'],
  pending_renewal: ['pending_renewal'],
};

/** The condition of a tab at `at.now`; undefined for "all". */
export function shopTabCondition(tab: Exclude<StoreTab, 'all'>, at: StatusClock): SQL;
export function shopTabCondition(tab: StoreTab, at: StatusClock): SQL | undefined;
export function shopTabCondition(tab: StoreTab, at: StatusClock): SQL | undefined {
  if (tab === 'all') return undefined;
  if (tab === 'operating') return sql`${RUNNING} and ${shops.expires_at} > ${at.now}`;
  return shopStatusIs(TAB_STATUSES[tab][0], at);
}

/**
 * Stores per stored status and the status they have at `at.now`, for the stores the sweep has not
 * moved yet (those that lapsed or whose first bill ended since the last sweep: few rows). Three
 * branches, each an index range of its own: running stores past their expiry and pending stores past
 * the grace days through (status, expires_at), unpaid stores through its status prefix, checked
 * against one hashed list of the payable store bills. As one OR the planner overestimated the scan
 * and paid ~800 ms of JIT compilation for a few milliseconds of work (bench/README.md).
 */
export function staleStatusCorrectionsSql(at: StatusClock, scope: TenantScope): SQL {
  const graceStart = graceStartOf(at);
  const ofMerchant = scope.kind === 'merchant' ? sql`and ${shops.merchant_id} = ${scope.merchantId}` : sql``;
  return sql`
    select stored, effective, count(*)::int as stores from (
      select ${shops.status} as stored, case when ${shops.expires_at} > ${graceStart} then 'pending_renewal' else 'disabled' end as effective
      from ${shops} where ${RUNNING} and ${shops.expires_at} <= ${at.now} ${ofMerchant}
      union all
      select ${shops.status}, 'disabled' from ${shops}
      where ${shops.status} = 'pending_renewal' and ${shops.expires_at} <= ${graceStart} ${ofMerchant}
      union all
      select ${shops.status}, 'cancelled' from ${shops}
      where ${shops.status} = 'unpaid' ${ofMerchant} and ${shops.id} not in (
        select ${bills.shop_ref} from ${bills}
        where ${bills.status} = 'unpaid' and ${bills.type} in ('new_store', 'renewal') and ${bills.expires_at} > ${at.now} and ${bills.shop_ref} is not null)
    ) as stale group by 1, 2`;
}
