import type { TOverview } from '@parlour/contract/calls/dashboard';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeTrend } from '@/test/admin-fixtures';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import DashboardPage from './dashboard-page';

vi.mock('@/lib/echarts', async () => (await import('@/test/admin-fixtures')).fakeEcharts);

const OVERVIEW: TOverview = {
  merchants: { total: 42, new_this_month: 5 },
  stores: {
    total: 21,
    unpaid: 1,
    initializing: 2,
    trial: 3,
    operating: 10,
    pending_renewal: 4,
    disabled: 1,
    cancelled: 0,
  },
  income_this_month: { amount: 1_234_500, count: 8, currency: 'CNY' },
  unpaid_bills: { count: 3, amount: 45_600, currency: 'CNY' },
};

function answerWith(overrides: Record<string, unknown> = {}) {
  return (path: string) => {
    if (path in overrides) return { code: 200, data: overrides[path] };
    switch (path) {
      case 'admin/member/user/overview':
        return { code: 200, data: OVERVIEW };
      case 'admin/member/merchant/register_trend':
      case 'admin/parlour/shop/create_trend':
      case 'admin/order/income/income_trend':
        return { code: 200, data: makeTrend() };
      case 'admin/parlour/shop/package_distribution':
        return { code: 200, data: { list: [{ package_id: 2, package_name: 'Professional', count: 12 }] } };
      case 'admin/order/income/bill_type_distribution':
        return { code: 200, data: { list: [{ type: 'renewal', count: 4, amount: 80_000 }] } };
      case 'admin/member/merchant/type_distribution':
        return {
          code: 200,
          data: {
            list: [
              { type: 'individual', count: 30 },
              { type: 'enterprise', count: 12 },
            ],
          },
        };
      default:
        return { code: 10004, msg: `no answer for ${path}` };
    }
  };
}

const bodiesOf = (calls: { url: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.url === `/api/v1/${path}`).map((call) => call.body as Record<string, unknown>);
const hrefOf = (name: string | RegExp, container: HTMLElement = document.body) =>
  within(container).getByRole('link', { name }).getAttribute('href');

describe('operator dashboard', { timeout: 20_000 }, () => {
  it('shows the totals, each linking to its filtered list', async () => {
    mockFetch(answerWith());
    recordFeedback();
    renderPage(<DashboardPage />, { path: '/admin/dashboard' });

    expect(await screen.findByText('42')).toBeTruthy();
    expect(screen.getByText('5 new this month')).toBeTruthy();
    expect(screen.getByText('CN¥12,345.00')).toBeTruthy();
    expect(screen.getByText('8 bills paid this month')).toBeTruthy();
    expect(screen.getByText('CN¥456.00 in total')).toBeTruthy();
    expect(hrefOf('Merchants: View list')).toBe('/admin/merchant');
    expect(hrefOf('Unpaid bills: View list')).toBe('/admin/bill?status=unpaid');
    expect(hrefOf('Income this month: View list')).toMatch(
      /^\/admin\/bill\?tab=income&start_date=\d{4}-\d{2}-01&end_date=\d{4}-\d{2}-\d{2}$/,
    );
    expect(hrefOf(/Pending renewal\s*4/)).toBe('/admin/store?tab=pending_renewal');
    expect(hrefOf(/On trial\s*3|Trial\s*3/)).toBe('/admin/store?status=trial');
    expect(hrefOf(/Disabled\s*1/)).toBe('/admin/store?tab=disabled');
    expect(hrefOf('Enterprise 12')).toBe('/admin/merchant?type=enterprise');
    expect(hrefOf('Individual 30')).toBe('/admin/merchant?type=individual');
  });

  it('draws the trends over the last 30 days and the three distributions', async () => {
    const { calls } = mockFetch(answerWith());
    recordFeedback();
    renderPage(<DashboardPage />, { path: '/admin/dashboard' });

    for (const name of [
      'Income per day',
      'Stores created per day',
      'Registrations per day',
      'Stores by version',
      'Income by bill type',
      'Merchants by type',
    ]) {
      expect(await screen.findByRole('img', { name }), name).toBeTruthy();
    }
    for (const path of [
      'admin/member/merchant/register_trend',
      'admin/parlour/shop/create_trend',
      'admin/order/income/income_trend',
      'admin/order/income/bill_type_distribution',
    ]) {
      const input = bodiesOf(calls, path)[0];
      const days = (Date.parse(String(input?.end_date)) - Date.parse(String(input?.start_date))) / 86_400_000;
      expect(days, path).toBe(29);
    }
  });

  it('picking a range asks every trend for it', async () => {
    const { calls } = mockFetch(answerWith());
    recordFeedback();
    renderPage(<DashboardPage />, { path: '/admin/dashboard' });
    await screen.findByText('42');

    const start = screen.getAllByPlaceholderText('Start date')[0];
    fireEvent.mouseDown(start);
    fireEvent.focus(start);
    fireEvent.click(start);
    fireEvent.click(await screen.findByText('Last 7 days'));
    await waitFor(() => {
      for (const path of [
        'admin/member/merchant/register_trend',
        'admin/parlour/shop/create_trend',
        'admin/order/income/income_trend',
      ]) {
        const input = bodiesOf(calls, path).at(-1);
        expect((Date.parse(String(input?.end_date)) - Date.parse(String(input?.start_date))) / 86_400_000, path).toBe(
          6,
        );
      }
    });
  });

  it('shows empty charts when there is nothing to count yet', async () => {
    mockFetch(
      answerWith({
        'admin/parlour/shop/package_distribution': { list: [{ package_id: 1, package_name: 'Starter', count: 0 }] },
        'admin/order/income/bill_type_distribution': { list: [] },
        'admin/member/merchant/type_distribution': {
          list: [
            { type: 'individual', count: 0 },
            { type: 'enterprise', count: 0 },
          ],
        },
      }),
    );
    recordFeedback();
    renderPage(<DashboardPage />, { path: '/admin/dashboard' });
    await screen.findByText('42');
    await waitFor(() => expect(screen.getAllByText('No data for this period')).toHaveLength(3));
  });
});
