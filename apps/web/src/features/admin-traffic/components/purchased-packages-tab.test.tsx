import type { TAdminTrafficPackage } from '@parlour/contract/calls/traffic';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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

function setWidth(width: number) {
  act(() => {
    (
      window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }
    ).happyDOM.setViewport({ width, height: 800 });
  });
}
const answer = (path: string) =>
  path === 'admin/open/package/lists' ? { code: 200, data: { list: [PACKAGE], total: 1 } } : { code: 10004, msg: path };

describe('operator purchased packages tab', { timeout: 20_000 }, () => {
  afterEach(() => setWidth(1024));

  it('lists every merchant’s packages with usage and status, and filters by merchant and status', async () => {
    const { calls } = mockFetch(answer);
    const { router } = renderPage(<PurchasedPackagesTab />, {
      path: '/admin/traffic',
      url: '/admin/traffic?tab=packages',
    });
    expect(await screen.findByText('lucy@example.com')).toBeTruthy();
    expect(screen.getByText('Lucy (lucy)')).toBeTruthy();
    expect(screen.getByText('5,000 of 20,000 used')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByLabelText('2026-11-01 ~ 2027-01-30')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Merchant ID'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ merchant_id: 42, page: 1 }), { timeout: 5000 });
    expect(router.state.location.search).toBe('?tab=packages&merchant_id=42');
  });

  it('sorts on the server by usage, valid-until and bought time, with filter and sort in the URL; back restores the form', async () => {
    const { calls } = mockFetch(answer);
    const { router } = renderPage(<PurchasedPackagesTab />, {
      path: '/admin/traffic',
      url: '/admin/traffic?tab=packages&kind=store&status=active&sort=expires_at&order=ascend',
    });
    await screen.findByText('lucy@example.com');
    expect(calls.at(-1)?.body).toMatchObject({
      is_general: false,
      status: 'active',
      sort_field: 'expires_at',
      sort_order: 'ascend',
    });
    expect(screen.getByRole('columnheader', { name: /Valid period/ }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(screen.getByRole('columnheader', { name: /Usage/ }));
    await waitFor(() =>
      expect(calls.at(-1)?.body).toMatchObject({ sort_field: 'units_used', sort_order: 'descend', page: 1 }),
    );
    fireEvent.click(screen.getByRole('columnheader', { name: /Bought/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?tab=packages&kind=store&status=active&sort=created_at&order=descend'),
    );
    fireEvent.click(screen.getByRole('button', { name: /Reset/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=packages&sort=created_at&order=descend'));
    expect(calls.at(-1)?.body).not.toHaveProperty('is_general');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ is_general: false, status: 'active' }));
    expect(
      within(screen.getByLabelText('Status').closest('.ant-select') as HTMLElement).getByText('Active'),
    ).toBeTruthy();
  });

  it('shows a card per package at phone width', async () => {
    setWidth(375);
    mockFetch(answer);
    renderPage(<PurchasedPackagesTab />, { path: '/admin/traffic', url: '/admin/traffic?tab=packages' });
    const cards = await screen.findByRole('list', { name: 'List' });
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = within(cards).getAllByRole('listitem');
    expect(within(card).getByText('Store special')).toBeTruthy();
    expect(within(card).getByText('5,000 of 20,000 used')).toBeTruthy();
    expect(within(card).getByText('B20261101000000111111')).toBeTruthy();
  });
});
