import type { TTrafficPackage, TTrafficPlan } from '@parlour/contract/calls/traffic';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { leavePageFor } from '@/lib/leave-page';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import { PackagesTab } from './packages-tab';

vi.mock('@/lib/leave-page', () => ({
  leavePageFor: vi.fn(),
  openPendingTab: vi.fn(() => ({ point: vi.fn(), close: vi.fn() })),
}));

const NOW = new Date();
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

function makePackage(overrides: Partial<TTrafficPackage> = {}): TTrafficPackage {
  return {
    id: 1,
    plan_id: 2,
    name: 'Standard',
    is_general: true,
    shop_id: null,
    shop_name: null,
    units_total: 10000,
    units_used: 2500,
    units_remaining: 7500,
    valid_days: 90,
    status: 'active',
    created_at: inDays(-10),
    paid_at: inDays(-10),
    expires_at: inDays(80),
    bill_no: 'B20261122000000123456',
    amount: 8900,
    currency: 'CNY',
    pay_before: null,
    ...overrides,
  };
}
function makePlan(overrides: Partial<TTrafficPlan> = {}): TTrafficPlan {
  return {
    id: 2,
    name: 'Standard',
    units: 10000,
    valid_days: 90,
    is_general: true,
    price: 8900,
    original_price: 12900,
    currency: 'CNY',
    api_usage: 'item_get 1 unit per call',
    status: 'enabled',
    sort: 1,
    created_at: NOW.toISOString(),
    updated_at: NOW.toISOString(),
    ...overrides,
  };
}
const SHOPS = {
  list: [
    { shop_id: 'lucy', shop_name: 'Lucy', status: 'operating' },
    { shop_id: 'sleepy', shop_name: 'Sleepy', status: 'pending_renewal' },
  ],
  total: 2,
  counts: { all: 2, operating: 1, disabled: 0, pending_renewal: 1 },
};

function answer(overrides: Record<string, unknown> = {}) {
  return (path: string, body: unknown) => {
    if (path in overrides) {
      const value = overrides[path];
      return typeof value === 'function'
        ? (value as (body: unknown) => { code: number; data?: unknown; msg?: string })(body)
        : { code: 200, data: value };
    }
    if (path === 'merchant/open/merchant_data/list')
      return { code: 200, data: { list: [makePackage()], total: 1, counts: { general: 1, store: 0 } } };
    if (path === 'merchant/parlour/shop/lists') return { code: 200, data: SHOPS };
    if (path === 'merchant/payment/methods') return { code: 200, data: { list: ['wechat', 'alipay', 'paypal'] } };
    if (path === 'merchant/open/merchant_data/plan_list')
      return {
        code: 200,
        data: {
          list: [
            makePlan(),
            makePlan({
              id: 4,
              name: 'Store special',
              is_general: false,
              price: 12900,
              original_price: 17900,
              units: 20000,
            }),
          ],
          total: 2,
        },
      };
    return { code: 10004, msg: `no answer for ${path}` };
  };
}
/** The row of the package of that name in the list. */
const packageRow = async (name: string) =>
  (await screen.findByText(name, { selector: 'strong, strong *' })).closest('tr')!;
const bodiesOf = (calls: { url: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.url === `/api/v1/${path}`).map((call) => call.body);

describe('merchant packages tab', { timeout: 20_000 }, () => {
  it('shows each package with its usage, units left, valid period, status and bill', async () => {
    mockFetch(answer());
    renderPage(<PackagesTab />, { path: '/merchant/traffic', url: '/merchant/traffic?tab=packages' });
    const card = await packageRow('Standard');
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByTestId('package-remaining').textContent).toBe('7,500');
    expect(within(card).getByText('2,500 of 10,000 used')).toBeTruthy();
    expect(within(card).getByRole('progressbar')).toBeTruthy();
    expect(within(card).getByText('For every store of your account')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Bill B20261122000000123456' }).getAttribute('href')).toBe(
      '/merchant/bill?keyword=B20261122000000123456',
    );
    expect(screen.getByText('My packages (1)')).toBeTruthy();
    expect(screen.getByText('Shop packages (0)')).toBeTruthy();
  });

  it('shows the empty state with a buy button, and the shop packages of one store through the switcher', async () => {
    const { calls } = mockFetch(
      answer({
        'merchant/open/merchant_data/list': (body: unknown) => {
          const input = body as { tab: string; shop_id?: string };
          if (input.tab === 'store' && input.shop_id === 'lucy') {
            return {
              code: 200,
              data: {
                list: [
                  makePackage({ id: 7, is_general: false, shop_id: 'lucy', shop_name: 'Lucy', name: 'Store special' }),
                ],
                total: 1,
                counts: { general: 0, store: 1 },
              },
            };
          }
          return { code: 200, data: { list: [], total: 0, counts: { general: 0, store: 1 } } };
        },
      }),
    );
    const { router } = renderPage(<PackagesTab />, {
      path: '/merchant/traffic',
      url: '/merchant/traffic?tab=packages',
    });
    expect(await screen.findByText(/No general packages yet/)).toBeTruthy();
    // The header's button, and the empty list's once it has loaded.
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Buy package/ })).toHaveLength(2));

    fireEvent.click(screen.getByText('Shop packages (1)'));
    expect(await screen.findByText(/No shop packages yet/)).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Store' }));
    fireEvent.click(await screen.findByText('Lucy (lucy)'));
    const card = await packageRow('Store special');
    expect(within(card).getByText('For store: Lucy (lucy)')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/open/merchant_data/list').at(-1)).toMatchObject({
      tab: 'store',
      shop_id: 'lucy',
      page: 1,
    });
    expect(router.state.location.search).toContain('kind=store&shop_id=lucy');
  });

  it('buys a store plan: the store is required, then the order goes to the cashier', async () => {
    const { calls } = mockFetch(
      answer({
        'merchant/open/order/createPackageOrder': {
          package: makePackage({ status: 'pending' }),
          bill: {},
          payment: {
            bill_no: 'B1',
            provider: 'sandbox',
            pay_method: 'alipay',
            pay_url: '/cashier/B1?token=t',
            expires_at: inDays(1),
          },
        },
      }),
    );
    recordFeedback();
    renderPage(<PackagesTab />, { path: '/merchant/traffic', url: '/merchant/traffic?tab=packages' });
    await packageRow('Standard');
    fireEvent.click(screen.getByRole('button', { name: /Buy package/ }));
    const dialog = await screen.findByRole('dialog');
    const storePlan = await within(dialog).findByTestId('plan-4');
    expect(within(storePlan).getByText('CN¥179.00')).toBeTruthy();
    expect(within(storePlan).getByText('20,000 units · valid for 90 days')).toBeTruthy();
    fireEvent.click(within(storePlan.closest('label')!).getByRole('radio'));
    await waitFor(() => expect(within(dialog).getByTestId('package-total').textContent).toBe('CN¥129.00'), {
      timeout: 5000,
    });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Alipay/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to payment' }));
    expect(
      await within(dialog).findByText('Store is required for a store package', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/open/order/createPackageOrder')).toHaveLength(0);

    // Only running stores are offered.
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    expect(screen.queryByText('Sleepy (sleepy)')).toBeNull();
    fireEvent.click(await screen.findByText('Lucy (lucy)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/cashier/B1?token=t'), { timeout: 5000 });
    expect(bodiesOf(calls, 'merchant/open/order/createPackageOrder')[0]).toMatchObject({
      plan_id: 4,
      shop_id: 'lucy',
      pay_method: 'alipay',
    });
  });

  it('a pending package offers to pay its bill; back from the cashier the payment is confirmed', async () => {
    const { calls } = mockFetch(
      answer({
        'merchant/open/merchant_data/list': {
          list: [
            makePackage({
              id: 3,
              status: 'pending',
              paid_at: null,
              expires_at: null,
              units_used: 0,
              units_remaining: 10000,
              pay_before: inDays(0.01),
            }),
          ],
          total: 1,
          counts: { general: 1, store: 0 },
        },
        'merchant/order/order/pay_page': {
          bill_no: 'B20261122000000123456',
          provider: 'sandbox',
          pay_method: 'alipay',
          pay_url: '/cashier/B2?token=t2',
          expires_at: inDays(0.01),
        },
      }),
    );
    recordFeedback();
    renderPage(<PackagesTab />, { path: '/merchant/traffic', url: '/merchant/traffic?tab=packages&paid=B9' });
    const card = await packageRow('Standard');
    expect(within(card).getByText('Pending payment')).toBeTruthy();
    expect(within(card).getByText('Starts when paid, valid for 90 days')).toBeTruthy();
    // A confirmation that stays on the page until closed.
    expect(await screen.findByText('Payment received: the package of bill B9 is active')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/cashier/B2?token=t2'));
    expect(bodiesOf(calls, 'merchant/order/order/pay_page')[0]).toMatchObject({ bill_no: 'B20261122000000123456' });
  });

  it('sorts on the server by units left and expiry, and keeps kind, filters, sort and page in the URL', async () => {
    const { calls } = mockFetch(
      answer({
        'merchant/open/merchant_data/list': { list: [makePackage()], total: 25, counts: { general: 25, store: 3 } },
      }),
    );
    const { router } = renderPage(<PackagesTab />, {
      path: '/merchant/traffic',
      url: '/merchant/traffic?tab=packages&kind=store&status=active&sort=expires_at&order=ascend&page=2',
    });
    await packageRow('Standard');
    expect(bodiesOf(calls, 'merchant/open/merchant_data/list')[0]).toMatchObject({
      tab: 'store',
      status: 'active',
      sort_field: 'expires_at',
      sort_order: 'ascend',
      page: 2,
      limit: 10,
    });
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();

    fireEvent.click(screen.getByRole('columnheader', { name: /Remaining/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/open/merchant_data/list').at(-1)).toMatchObject({
        sort_field: 'units_remaining',
        sort_order: 'descend',
        page: 1,
      }),
    );
    expect(router.state.location.search).toContain('sort=units_remaining&order=descend');
    expect(router.state.location.search).toContain('kind=store&status=active');
  });
});
