import type {
  TApiEnum,
  TApiLog,
  TApiLogDetail,
  TMerchantTrafficDashboard,
} from '@parlour/contract/calls/traffic-report';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chartOptions } from '@/test/admin-fixtures';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import { LogsTab } from './logs-tab';
import { StatisticsTab } from './statistics-tab';
import { TrafficDashboardTab } from './traffic-dashboard-tab';

vi.mock('@/lib/echarts', async () => (await import('@/test/admin-fixtures')).fakeEcharts);

const totals = {
  calls: 10,
  success: 7,
  failed_upstream: 1,
  quota_exhausted: 1,
  rejected: 1,
  units: 9,
  success_rate: 0.7,
  avg_response_ms: 632,
};
const DASHBOARD: TMerchantTrafficDashboard = {
  range: { start_date: '2026-11-16', end_date: '2026-11-22', days: 7 },
  totals,
  balance: {
    active_packages: 2,
    units_left: 1488,
    first_expires_at: '2026-12-22T08:00:00.000Z',
    days_to_first_expiry: 30,
  },
  trend: [
    { date: '2026-11-21', calls: 2, success: 2, units: 2 },
    { date: '2026-11-22', calls: 8, success: 5, units: 7 },
  ],
  by_caller: [
    { source: 'api_key', calls: 6, success: 4, units: 5 },
    { source: 'storefront', calls: 4, success: 3, units: 4 },
  ],
  by_platform: [
    { platform: '1688', calls: 5, success: 3, units: 3 },
    { platform: 'taobao', calls: 5, success: 4, units: 6 },
    { platform: 'micro_store', calls: 0, success: 0, units: 0 },
    { platform: 'jd', calls: 0, success: 0, units: 0 },
  ],
  by_store: [{ shop_id: 'lucyshop', shop_name: 'Lucy Shop', calls: 10, success: 7, units: 9 }],
};
const EMPTY_DASHBOARD: TMerchantTrafficDashboard = {
  ...DASHBOARD,
  totals: {
    ...totals,
    calls: 0,
    success: 0,
    failed_upstream: 0,
    quota_exhausted: 0,
    rejected: 0,
    units: 0,
    success_rate: 0,
    avg_response_ms: 0,
  },
  balance: { active_packages: 0, units_left: 0, first_expires_at: null, days_to_first_expiry: null },
  trend: DASHBOARD.trend.map((point) => ({ ...point, calls: 0, success: 0, units: 0 })),
  by_store: [],
};
const ENUM: TApiEnum = {
  platforms: [
    { value: '1688', name: '1688 货源', is_enabled: true },
    { value: 'taobao', name: '淘宝', is_enabled: true },
    { value: 'micro_store', name: '微店', is_enabled: true },
    { value: 'jd', name: '京东', is_enabled: false },
  ],
  apis: [
    { platform: '1688', code: 'item_get', name: '商品详情', cost: 1, is_enabled: true },
    { platform: '1688', code: 'item_search', name: '关键词搜索', cost: 2, is_enabled: true },
  ],
  statuses: ['pending', 'success', 'failed_upstream', 'quota_exhausted', 'rejected'],
  time_ranges: ['today', 'last_7_days', 'last_30_days', 'custom'],
  stores: [{ shop_id: 'lucyshop', shop_name: 'Lucy Shop' }],
};
const LOG: TApiLog = {
  id: 41,
  created_at: '2026-11-22T08:30:00.000Z',
  merchant_id: 7,
  shop_id: 'lucyshop',
  shop_name: 'Lucy Shop',
  platform: 'jd',
  api_code: 'item_get',
  api_name: '商品详情',
  package_id: null,
  package_name: '',
  consume_source: null,
  status: 'failed_upstream',
  charged_units: 0,
  response_ms: 5000,
  source: 'api_key',
  cache_state: 'live',
};
const DETAIL: TApiLogDetail = {
  ...LOG,
  finished_at: '2026-11-22T08:30:05.000Z',
  request_params: { num_iid: '100012043978' },
  error: 'upstream timeout after 5000 ms',
  error_code: null,
};

function answer(overrides: Record<string, unknown> = {}) {
  return (path: string) => {
    if (path in overrides) return { code: 200, data: overrides[path] };
    switch (path) {
      case 'merchant/open/report/dashboard':
        return { code: 200, data: DASHBOARD };
      case 'merchant/open/common/api_enum':
        return { code: 200, data: ENUM };
      case 'merchant/open/report/api_logs':
        return {
          code: 200,
          data: {
            list: [
              LOG,
              {
                ...LOG,
                id: 40,
                platform: '1688',
                status: 'success',
                package_id: 3,
                package_name: '标准包',
                consume_source: 'general_package',
                charged_units: 1,
                response_ms: 120,
              },
            ],
            total: 2,
            is_total_estimated: false,
          },
        };
      case 'merchant/open/report/api_log_detail':
        return { code: 200, data: DETAIL };
      case 'merchant/open/report/api_log_stats':
        return {
          code: 200,
          data: {
            range: DASHBOARD.range,
            list: [{ ...totals, platform: '1688', api_code: 'item_get', api_name: '商品详情' }],
            totals,
            trend: DASHBOARD.trend,
          },
        };
      case 'merchant/open/report/merchant_store_usage':
        return {
          code: 200,
          data: {
            range: DASHBOARD.range,
            list: [{ ...totals, shop_id: 'lucyshop', shop_name: 'Lucy Shop', store_units_left: 498 }],
            total: 1,
          },
        };
      default:
        return { code: 10004, msg: `no answer for ${path}` };
    }
  };
}

const bodiesOf = (calls: { url: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.url === `/api/v1/${path}`).map((call) => call.body as Record<string, unknown>);

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.at(-1) as HTMLElement);
}

describe('merchant traffic reports', { timeout: 20_000 }, () => {
  it('shows the dashboard figures, charts and stores, and asks again for another time range', async () => {
    const { calls } = mockFetch(answer());
    recordFeedback();
    chartOptions.length = 0;
    renderPage(<TrafficDashboardTab />, { path: '/merchant/traffic' });

    expect(await screen.findByText('1,488')).toBeTruthy();
    expect(screen.getByText('70%')).toBeTruthy();
    expect(screen.getByText('30 days')).toBeTruthy();
    expect(screen.getByText('In 2 active packages')).toBeTruthy();
    expect(screen.getByText('1 failed upstream · 1 quota exhausted · 1 rejected')).toBeTruthy();
    expect(screen.getByText('Lucy Shop')).toBeTruthy();
    await waitFor(() => expect(chartOptions.length).toBeGreaterThanOrEqual(2));
    expect(JSON.stringify(chartOptions)).toContain('Taobao');
    expect(bodiesOf(calls, 'merchant/open/report/dashboard')[0]).toEqual({
      time_range: 'last_7_days',
      lang_code: 'en-US',
    });

    fireEvent.click(screen.getByText('Last 30 days'));
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/open/report/dashboard').at(-1)).toEqual({
        time_range: 'last_30_days',
        lang_code: 'en-US',
      }),
    );
    fireEvent.click(screen.getByText('Custom'));
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/open/report/dashboard').at(-1)).toMatchObject({
        time_range: 'custom',
        start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    );
    expect(screen.getAllByLabelText('Custom range').length).toBeGreaterThan(0);
  });

  it('says so when there were no calls and no package is active', async () => {
    mockFetch(answer({ 'merchant/open/report/dashboard': EMPTY_DASHBOARD }));
    recordFeedback();
    renderPage(<TrafficDashboardTab />, { path: '/merchant/traffic' });
    expect(await screen.findByText('No active package')).toBeTruthy();
    expect(screen.getAllByText('No calls in this period').length).toBeGreaterThanOrEqual(2);
  });

  it('lists calls, filters by platform and status, and opens a call with its parameters and error', async () => {
    const { calls } = mockFetch(answer());
    recordFeedback();
    renderPage(<LogsTab />, { path: '/merchant/traffic' });

    expect(await screen.findByText('Failed upstream')).toBeTruthy();
    expect(screen.getByText('标准包')).toBeTruthy();
    expect(screen.getByText('Not charged')).toBeTruthy();
    expect(screen.getByText('2 calls')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/open/report/api_logs')[0]).toEqual({
      time_range: 'last_7_days',
      page: 1,
      limit: 20,
      lang_code: 'en-US',
    });

    await chooseOption('Platform', 'JD');
    await chooseOption('Status', 'Failed upstream');
    await chooseOption('Store', 'Lucy Shop (lucyshop)');
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/open/report/api_logs').at(-1)).toEqual({
        time_range: 'last_7_days',
        platform: 'jd',
        status: 'failed_upstream',
        shop_id: 'lucyshop',
        page: 1,
        limit: 20,
        lang_code: 'en-US',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Details of call 41' }));
    const drawer = await screen.findByRole('dialog');
    // A merchant sees the translated outcome, never the upstream's own words (docs/SECURITY.md, Outbound connections).
    expect(await within(drawer).findByRole('alert')).toBeTruthy();
    expect(within(drawer).queryByText(/upstream timeout after 5000 ms/)).toBeNull();
    expect(within(drawer).getByLabelText('Request parameters').textContent).toContain('"num_iid": "100012043978"');
    expect(bodiesOf(calls, 'merchant/open/report/api_log_detail')).toEqual([{ id: 41, lang_code: 'en-US' }]);
  });

  it('shows every time of the log, list and details, in the business time zone it names, whatever zone the browser is in', async () => {
    const browserZone = process.env.TZ;
    // A browser in Los Angeles: 17:30 UTC on the 22nd is the 22nd there, but already the 23rd in Asia/Shanghai.
    process.env.TZ = 'America/Los_Angeles';
    try {
      const late = { ...LOG, created_at: '2026-11-22T17:30:00.000Z' };
      mockFetch(
        answer({
          'merchant/open/report/api_logs': { list: [late], total: 1, is_total_estimated: false },
          'merchant/open/report/api_log_detail': { ...DETAIL, ...late, finished_at: '2026-11-22T17:30:05.000Z' },
        }),
      );
      recordFeedback();
      renderPage(<LogsTab />, { path: '/merchant/traffic' });
      expect(await screen.findByText('Times and days in Asia/Shanghai (UTC+08:00)')).toBeTruthy();
      const row = (await screen.findByText('Failed upstream')).closest('tr') as HTMLElement;
      expect(within(row).getByText('2026-11-23')).toBeTruthy();
      expect(within(row).getByText('01:30:00')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Details of call 41' }));
      const drawer = await screen.findByRole('dialog');
      expect(await within(drawer).findByText('2026-11-23 01:30:00')).toBeTruthy();
      expect(within(drawer).getByText('2026-11-23 01:30:05')).toBeTruthy();
      expect(within(drawer).getByTestId('log-time-zone').textContent).toBe(
        'Times and days in Asia/Shanghai (UTC+08:00)',
      );
    } finally {
      process.env.TZ = browserZone;
    }
  });

  it('shows the empty state of a filter without calls', async () => {
    mockFetch(answer({ 'merchant/open/report/api_logs': { list: [], total: 0, is_total_estimated: false } }));
    recordFeedback();
    renderPage(<LogsTab />, { path: '/merchant/traffic' });
    expect(await screen.findByText('No calls match these filters')).toBeTruthy();
  });

  it('shows statistics per API with a total row, and usage per store', async () => {
    const { calls } = mockFetch(answer());
    recordFeedback();
    renderPage(<StatisticsTab />, { path: '/merchant/traffic' });
    expect(await screen.findByText('1688 · Item details')).toBeTruthy();
    expect(screen.getByText('Total')).toBeTruthy();
    expect(await screen.findByText('498')).toBeTruthy();
    await chooseOption('API', 'Keyword search');
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/open/report/api_log_stats').at(-1)).toMatchObject({ api_code: 'item_search' }),
    );
  });

  it('keeps the call log filters, sort and page in the URL and sorts by time on the server', async () => {
    const { calls } = mockFetch(answer());
    recordFeedback();
    const { router } = renderPage(<LogsTab />, {
      path: '/merchant/traffic',
      url: '/merchant/traffic?tab=logs&time_range=today&status=success&platform=bogus&page=3&sort=created_at&order=ascend',
    });
    expect(await screen.findByText('Failed upstream')).toBeTruthy();
    // An unknown platform from the URL is dropped, the rest asked for as the URL says.
    expect(bodiesOf(calls, 'merchant/open/report/api_logs')[0]).toEqual({
      time_range: 'today',
      status: 'success',
      page: 3,
      limit: 20,
      sort_field: 'created_at',
      sort_order: 'ascend',
      lang_code: 'en-US',
    });

    // Ascending, a click goes back to the default order (newest first), the next one to newest first named.
    fireEvent.click(screen.getByRole('columnheader', { name: /Time/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/open/report/api_logs').at(-1)).toEqual({
        time_range: 'today',
        status: 'success',
        page: 1,
        limit: 20,
        lang_code: 'en-US',
      }),
    );
    expect(router.state.location.search).not.toContain('sort=');
    fireEvent.click(screen.getByRole('columnheader', { name: /Time/ }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=created_at&order=descend'));
    await chooseOption('Platform', 'JD');
    await waitFor(() => expect(router.state.location.search).toContain('platform=jd'));
    expect(router.state.location.search).toContain('time_range=today&status=success');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(bodiesOf(calls, 'merchant/open/report/api_logs').at(-1)).not.toHaveProperty('platform'));
  });

  it('sorts the per-API statistics in the browser with the totals row kept last', async () => {
    const rows = [
      { ...totals, calls: 3, platform: '1688', api_code: 'item_get', api_name: '商品详情' },
      { ...totals, calls: 7, platform: 'taobao', api_code: 'item_search', api_name: '关键词搜索' },
    ];
    mockFetch(
      answer({
        'merchant/open/report/api_log_stats': { range: DASHBOARD.range, list: rows, totals, trend: DASHBOARD.trend },
      }),
    );
    recordFeedback();
    const { router } = renderPage(<StatisticsTab />, {
      path: '/merchant/traffic',
      url: '/merchant/traffic?tab=statistics&sort=calls&order=ascend',
    });
    const table = (await screen.findByText('1688 · Item details')).closest('table')!;
    const apiColumn = () =>
      [...table.querySelectorAll('tr.ant-table-row')].map((row) => row.querySelectorAll('td')[0]?.textContent);
    expect(apiColumn()).toEqual(['1688 · Item details', 'Taobao · Keyword search', 'Total']);
    // The per-API list is the first with a Calls column (the stores' list is the other).
    // Ascending, a click goes back to the server's order, the next one sorts the busiest first.
    const callsHeader = () => screen.getAllByRole('columnheader', { name: /^Calls/ })[0];
    fireEvent.click(callsHeader());
    await waitFor(() => expect(router.state.location.search).not.toContain('sort='));
    fireEvent.click(callsHeader());
    await waitFor(() => expect(apiColumn()).toEqual(['Taobao · Keyword search', '1688 · Item details', 'Total']));
    expect(router.state.location.search).toContain('sort=calls&order=descend');
  });
});
