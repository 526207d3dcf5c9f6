import type { TBill } from '@parlour/contract/calls/bill';
import type { TShop, TStoreVersion } from '@parlour/contract/calls/store';
import { ALL_TERMS } from '@parlour/contract/constants';

/** Records of the merchant's stores, versions and bills for component tests. */

/** Professional: 99.00 a month, 10 % off per extra month; yearly 999.00 a year. */
export function makeVersion(overrides: Partial<TStoreVersion> = {}): TStoreVersion {
  return {
    id: 2,
    name: 'Professional',
    description: 'For growing stores',
    features: ['Custom domain'],
    trial_days: 14,
    currency: 'CNY',
    prices: ALL_TERMS.map(({ type, term }) => ({
      type,
      term,
      amount: type === 'month' ? 9_900 * term : 99_900 * term,
    })),
    status: 'enabled',
    sort: 1,
    domain_limit: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeShop(overrides: Partial<TShop> = {}): TShop {
  return {
    id: 1,
    shop_id: 'lucyshop',
    shop_name: 'Lucy Shop',
    contact_email: 'shop@example.com',
    package_id: 2,
    package_name: 'Professional',
    status: 'operating',
    is_trial: false,
    is_disabled_by_operator: false,
    expires_at: '2099-06-30T00:00:00.000Z',
    grace_ends_at: null,
    domain: 'lucyshop.parlour.dev',
    order_count: 1_234,
    shipment_count: 1_200,
    total_revenue: 129_900,
    currency: 'CNY',
    member_count: 56,
    created_at: '2025-03-01T08:00:00.000Z',
    ready_at: '2025-03-01T08:00:05.000Z',
    unpaid_bill_no: null,
    ...overrides,
  };
}

export function makeBill(overrides: Partial<TBill> = {}): TBill {
  return {
    id: 1,
    bill_no: 'B20250301080000123456',
    shop_id: 'lucyshop',
    shop_name: 'Lucy Shop',
    type: 'renewal',
    product_name: 'Professional · 3 months',
    package_name: 'Professional',
    term_type: 'month',
    term: 3,
    amount: 29_700,
    currency: 'CNY',
    status: 'unpaid',
    refund_state: null,
    pay_method: 'alipay',
    channel: 'online',
    created_at: '2025-03-01T08:00:00.000Z',
    expires_at: '2099-03-01T08:30:00.000Z',
    paid_at: null,
    cancelled_at: null,
    remark: '',
    ...overrides,
  };
}

export const bodiesOf = (calls: { url: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.url === `/api/v1/${path}`).map((call) => call.body as Record<string, unknown>);
