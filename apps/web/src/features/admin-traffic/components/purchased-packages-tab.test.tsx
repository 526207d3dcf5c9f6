import type { TAdminTrafficPackage } from '@parlour/contract/calls/traffic';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/helpers';
import { renderPage } from '@/test/render';
import { PurchasedPackagesTab } from './purchased-packages-tab';

const PACKAGE: TAdminTrafficPackage = {
  id: 1,
  plan_id: 4,
  name: 'Store special',
  is_general: false,
  shop_id: 'lucy',
  shop_name: 'Lucy',
  units_total: 20000,
  units_used: 5000,
  units_remaining: 15000,
  valid_days: 90,
  status: 'active',
  created_at: '2026-11-01T00:00:00.000Z',
  paid_at: '2026-11-01T00:00:00.000Z',
  expires_at: '2027-01-30T00:00:00.000Z',
  bill_no: 'B20261101000000111111',
  amount: 12900,
  currency: 'CNY',
  pay_before: null,
  merchant_id: 42,
  merchant_account: 'lucy@example.com',
};

describe('operator purchased packages tab', { timeout: 20_000 }, () => {
  it('lists every merchant’s packages with usage and status, and filters by merchant and status', async () => {
    const { calls } = mockFetch((path) => (path === 'admin/open/package/lists' ? { code: 200, data: { list: [PACKAGE], total: 1 } } : { code: 10004, msg: path }));
    renderPage(<PurchasedPackagesTab />, { path: '/admin/traffic', url: '/admin/traffic?tab=packages' });
    expect(await screen.findByText('lucy@example.com')).toBeTruthy();
    expect(screen.getByText('Lucy (lucy)')).toBeTruthy();
    expect(screen.getByText('5,000 of 20,000 used')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('2026-11-01 ~ 2027-01-30')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Merchant ID'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ merchant_id: 42, page: 1 }), { timeout: 5000 });
  });
});
