import { sql, type SQL } from 'drizzle-orm';
import type { BillStatus } from '@parlour/contract/constants';
import { bills } from '../schema/index';

/**
 * The status a bill has at `now`, read from the stored columns: an unpaid bill past its payment
 * window is expired. The stored `status` lags behind until the store sweep (every minute) persists
 * it, so every read (lists, counts, status filters, detail, exports, dashboard figures) uses this
 * instead of writing first. A writing call that needs the bill payable checks `expires_at` itself.
 */
export function billStatusSql(now: Date): SQL<BillStatus> {
  return sql<BillStatus>`case when ${bills.status} = 'unpaid' and ${bills.expires_at} <= ${now} then 'expired' else ${bills.status} end`;
}

/** The condition "the bill's status at `now` is `status`", as predicates on the stored columns. */
export function billStatusIs(status: BillStatus, now: Date): SQL {
  switch (status) {
    case 'unpaid':
      return sql`(${bills.status} = 'unpaid' and ${bills.expires_at} > ${now})`;
    case 'expired':
      return sql`(${bills.status} = 'expired' or (${bills.status} = 'unpaid' and ${bills.expires_at} <= ${now}))`;
    case 'paid':
    case 'cancelled':
    case 'refunded':
      return sql`${bills.status} = ${status}`;
  }
}

/** The status as read at `now` of a bill row already loaded (the same rule as billStatusSql). */
export function billStatusAt(bill: { status: BillStatus; expires_at: Date }, now: Date): BillStatus {
  return bill.status === 'unpaid' && bill.expires_at.getTime() <= now.getTime() ? 'expired' : bill.status;
}
