import type { TAdminApiLog, TAdminTrafficDashboard } from '@parlour/contract/calls/traffic-report';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import { AdminLogsTab } from './admin-logs-tab';
import { AdminStatisticsTab } from './admin-statistics-tab';
import { AdminTrafficDashboardTab } from './admin-traffic-dashboard-tab';

vi.mock('@/lib/echarts', async () => (await import('@/test/admin-fixtures')).fakeEcharts);

const totals = {
  calls: 1200,
  success: 1100,
  failed_upstream: 50,
  quota_exhausted: 30,
  rejected: 20,
  units: 1500,
  success_rate: 0.9167,
  avg_response_ms: 210,
};
const DASHBOARD: TAdminTrafficDashboard = {
  range: { start_date: '2026-11-16', end_date: '2026-11-22', days: 7 },
  totals,
  active_merchants: 2,
  active_stores: 5,
  balance: {
    active_packages: 3,
    units_left: 98_500,
    first_expires_at: '2026-11-29T00:00:00.000Z',
    days_to_first_expiry: 7,
  },
  trend: [{ date: '2026-11-22', calls: 1200, success: 1100, units: 1500 }],
  by_platform: [
    { platform: '1688', calls: 1000, success: 900, units: 1200 },
    { platform: 'taobao', calls: 200, success: 200, units: 300 },
    { platform: 'micro_store', calls: 0, success: 0, units: 0 },
    { platform: 'jd', calls: 0, success: 0, units: 0 },
  ],
  top_merchants: [
    {
      merchant_id: 12,
      merchant_account: 'agency@example.com',
      merchant_name: 'Global Agency',
      calls: 1000,
      success: 950,
      units: 1300,
      success_rate: 0.95,
    },
    {
      merchant_id: 7,
      merchant_account: 'lucy@example.com',
      merchant_name: 'Lucy',
      calls: 200,
      success: 150,
      units: 200,
      success_rate: 0.75,
    },
  ],
};
const LOG: TAdminApiLog = {
  id: 900,
  created_at: '2026-11-22T08:30:00.000Z',
  merchant_id: 12,
  merchant_account: 'agency@example.com',
  merchant_name: 'Global Agency',
  shop_id: 'agency1',
  shop_name: 'Agency One',
  platform: '1688',
  api_code: 'item_search',
  api_name: '关键词搜索',
  package_id: 5,
  package_name: '专业包',
  consume_source: 'store_package',
  status: 'success',
  charged_units: 2,
  response_ms: 180,
  source: 'api_key',
  cache_state: 'live',
};

function answer(path: string) {
  switch (path) {
    case 'admin/open/report/dashboard':
      return { code: 200, data: DASHBOARD };
    case 'admin/open/common/api_enum':
      return {
        code: 200,
        data: {
          platforms: [{ value: '1688', name: '1688', is_enabled: true }],
          apis: [],
          statuses: ['success', 'rejected'],
          time_ranges: ['today'],
          stores: [],
        },
      };
    case 'admin/open/report/api_logs':
      return { code: 200, data: { list: [LOG], total: 250_000, is_total_estimated: true } };
    case 'admin/open/report/api_log_detail':
      return {
        code: 200,
        data: {
          ...LOG,
          finished_at: LOG.created_at,
          request_params: { q: 'hoodie', page: 1 },
          error: '',
          error_code: null,
        },
      };
    case 'admin/open/report/platform_stats':
      return {
        code: 200,
        data: {
          range: DASHBOARD.range,
          list: [
            { ...totals, platform: '1688', name: '1688', is_enabled: true },
            { ...totals, calls: 0, platform: 'jd', name: '京东', is_enabled: false },
          ],
          totals,
        },
      };
    case 'admin/open/report/api_log_stats':
      return { code: 200, data: { range: DASHBOARD.range, list: [], totals: { ...totals, calls: 0 }, trend: [] } };
    case 'admin/open/report/merchant_stats':
      return { code: 200, data: { range: DASHBOARD.range, list: DASHBOARD.top_merchants, total: 2 } };
    default:
      return { code: 10004, msg: `no answer for ${path}` };
  }
}
const bodiesOf = (calls: { url: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.url === `/api/v1/${path}`).map((call) => call.body as Record<string, unknown>);

describe('operator traffic reports', { timeout: 20_000 }, () => {
  it('shows platform-wide figures and the top merchants by usage', async () => {
    mockFetch(answer);
    recordFeedback();
    renderPage(<AdminTrafficDashboardTab />, { path: '/admin/traffic' });
    expect(await screen.findByText('Global Agency · agency@example.com')).toBeTruthy();
    expect(screen.getByText('98,500')).toBeTruthy();
    expect(screen.getByText('91.7%')).toBeTruthy();
    expect(screen.getByText('5 stores made calls')).toBeTruthy();
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]).getByText('1')).toBeTruthy();
  });

  it('lists every merchant’s calls with an estimated total, filters by merchant and opens a call', async () => {
    const { calls } = mockFetch(answer);
    recordFeedback();
    renderPage(<AdminLogsTab />, { path: '/admin/traffic' });
    expect(await screen.findByText(/^agency@example\.com · \d+$/)).toBeTruthy();
    expect(screen.getByText('About 250,000 calls')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Merchant ID'), { target: { value: '12' } });
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/open/report/api_logs').at(-1)).toMatchObject({ merchant_id: 12, page: 1 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Details of call 900' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('None')).toBeTruthy();
    expect(within(drawer).getByLabelText('Request parameters').textContent).toContain('"q": "hoodie"');
  });

  it('reads the log filter, sort and page from the URL and keeps them there; consume source is one tick away', async () => {
    const { calls } = mockFetch(answer);
    recordFeedback();
    const { router } = renderPage(<AdminLogsTab />, {
      path: '/admin/traffic',
      url: '/admin/traffic?tab=logs&merchant_id=12&status=rejected&sort=created_at&order=ascend&page=2',
    });
    expect(await screen.findByText(/^agency@example\.com · \d+$/)).toBeTruthy();
    expect(bodiesOf(calls, 'admin/open/report/api_logs')[0]).toMatchObject({
      time_range: 'last_7_days',
      merchant_id: 12,
      status: 'rejected',
      sort_field: 'created_at',
      sort_order: 'ascend',
      page: 2,
    });
    expect((screen.getByLabelText('Merchant ID') as HTMLInputElement).value).toBe('12');
    expect(screen.queryByRole('columnheader', { name: 'Consume source' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Column settings' }));
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Column settings' })).getByRole('checkbox', {
        name: 'Consume source',
      }),
    );
    expect(await screen.findByRole('columnheader', { name: 'Consume source' })).toBeTruthy();
    fireEvent.click(within(screen.getByTitle('Next Page')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toContain('page=3'));
  });

  it('shows statistics per platform (disabled ones marked), per API and the merchant ranking', async () => {
    mockFetch(answer);
    recordFeedback();
    renderPage(<AdminStatisticsTab />, { path: '/admin/traffic' });
    expect(await screen.findByText('Disabled')).toBeTruthy();
    expect(screen.getByText('No calls match these filters')).toBeTruthy();
    expect(await screen.findByText('Lucy · lucy@example.com')).toBeTruthy();
  });

  it('sorts the per-API statistics here with the totals kept last, and keeps filters and sort in the URL', async () => {
    const apiRows = [
      { ...totals, platform: '1688', api_code: 'item_get', api_name: 'Item details', calls: 300, units: 300 },
      { ...totals, platform: '1688', api_code: 'item_search', api_name: 'Search', calls: 900, units: 1200 },
    ];
    const { calls } = mockFetch((path) =>
      path === 'admin/open/report/api_log_stats'
        ? { code: 200, data: { range: DASHBOARD.range, list: apiRows, totals, trend: [] } }
        : answer(path),
    );
    recordFeedback();
    const { router } = renderPage(<AdminStatisticsTab />, {
      path: '/admin/traffic',
      url: '/admin/traffic?tab=statistics&time_range=last_30_days&merchant_id=12&sort=calls&order=ascend',
    });
    expect(await screen.findByText('1688 · Keyword search')).toBeTruthy();
    expect(bodiesOf(calls, 'admin/open/report/api_log_stats')[0]).toMatchObject({
      time_range: 'last_30_days',
      merchant_id: 12,
    });
    const perApi = screen.getByText('Statistics per API').closest('.ant-card') as HTMLElement;
    const apiOrder = () =>
      within(perApi)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
    await waitFor(() =>
      expect(apiOrder()).toEqual([
        expect.stringContaining('Item details'),
        expect.stringContaining('Keyword search'),
        expect.stringContaining('Total'),
      ]),
    );
    fireEvent.click(within(perApi).getByRole('columnheader', { name: /Units used/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?tab=statistics&time_range=last_30_days&merchant_id=12&sort=units&order=descend',
      ),
    );
    expect(apiOrder()).toEqual([
      expect.stringContaining('Keyword search'),
      expect.stringContaining('Item details'),
      expect.stringContaining('Total'),
    ]);

    fireEvent.click(screen.getByText('Today'));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/open/report/api_log_stats').at(-1)).toMatchObject({
        time_range: 'today',
        merchant_id: 12,
      }),
    );
    expect(router.state.location.search).toBe(
      '?tab=statistics&time_range=today&merchant_id=12&sort=units&order=descend',
    );
    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/open/report/api_log_stats').at(-1)).toMatchObject({ time_range: 'last_30_days' }),
    );
  });
});
