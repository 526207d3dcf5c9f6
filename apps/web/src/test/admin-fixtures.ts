import type { TAdminBill } from '@parlour/contract/calls/bill';
import type { TAdminShop, TAdminStoreVersion, TStoreVersion } from '@parlour/contract/calls/store';
import { ALL_TERMS } from '@parlour/contract/constants';
import { vi } from 'vitest';

/** Records of the operator screens' tests, as the API answers them; override what a test is about. */

export function makeAdminShop(overrides: Partial<TAdminShop> = {}): TAdminShop {
  return {
    id: 1,
    shop_id: 'lucyshop',
    shop_name: 'Lucy Shop',
    contact_email: 'lucy@example.com',
    package_id: 2,
    package_name: 'Professional',
    status: 'operating',
    is_trial: false,
    is_disabled_by_operator: false,
    expires_at: '2030-06-01T00:00:00.000Z',
    grace_ends_at: null,
    domain: 'lucyshop.parlour.test',
    order_count: 12,
    shipment_count: 9,
    total_revenue: 129900,
    currency: 'CNY',
    member_count: 31,
    created_at: '2026-01-05T08:00:00.000Z',
    ready_at: '2026-01-05T08:00:05.000Z',
    unpaid_bill_no: null,
    merchant_id: 7,
    merchant_account: 'shop@example.com',
    ...overrides,
  };
}

/** A version priced 100 × months (yearly: 1,000 × years) major units. */
export function makeVersion(overrides: Partial<TStoreVersion> = {}): TStoreVersion {
  return {
    id: 2,
    name: 'Professional',
    description: 'For growing stores',
    features: ['Custom domain', 'All plugins'],
    trial_days: 7,
    currency: 'CNY',
    prices: ALL_TERMS.map(({ type, term }) => ({ type, term, amount: (type === 'year' ? 100_000 : 10_000) * term })),
    status: 'enabled',
    sort: 1,
    domain_limit: null,
    created_at: '2025-12-01T00:00:00.000Z',
    updated_at: '2025-12-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A version as the operator's calls answer it: with both languages of its texts (English empty). */
export function makeAdminVersion(overrides: Partial<TStoreVersion> = {}, storeCount = 0): TAdminStoreVersion {
  const version = makeVersion(overrides);
  const text = (zh: string) => ({ 'zh-CN': zh, 'en-US': '' });
  return {
    ...version,
    store_count: storeCount,
    localized: {
      name: text(version.name),
      description: text(version.description),
      features: version.features.map(text),
    },
  };
}

export function makeAdminBill(overrides: Partial<TAdminBill> = {}): TAdminBill {
  return {
    id: 1,
    bill_no: 'B20260105080000123456',
    shop_id: 'lucyshop',
    shop_name: 'Lucy Shop',
    type: 'new_store',
    product_name: 'Professional · 3 months',
    package_name: 'Professional',
    term_type: 'month',
    term: 3,
    amount: 30000,
    currency: 'CNY',
    status: 'paid',
    refund_state: null,
    pay_method: 'alipay',
    channel: 'online',
    created_at: '2026-01-05T08:00:00.000Z',
    expires_at: '2026-01-05T08:30:00.000Z',
    paid_at: '2026-01-05T08:01:00.000Z',
    cancelled_at: null,
    remark: '',
    merchant_id: 7,
    merchant_account: 'shop@example.com',
    ...overrides,
  };
}

/** A daily trend of `days` points from 2026-01-01. */
export function makeTrend(days = 3) {
  return {
    list: Array.from({ length: days }, (_, index) => ({
      date: `2026-01-0${index + 1}`,
      count: index + 1,
      amount: (index + 1) * 10_000,
    })),
  };
}

/**
 * Stands in for ECharts (happy-dom has no canvas): every chart records its options, so a test
 * can check what a chart was given. Use with `vi.mock('@/lib/echarts', () => fakeEcharts)`.
 */
export const chartOptions: unknown[] = [];
export const fakeEcharts = {
  init: () => ({
    setOption: (option: unknown) => chartOptions.push(option),
    resize: vi.fn(),
    dispose: vi.fn(),
  }),
};
