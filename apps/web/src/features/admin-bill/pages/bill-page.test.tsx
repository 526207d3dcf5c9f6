import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAdminBill, TAdminBillDetail } from '@parlour/contract/calls/bill';
import { describe, expect, it, vi } from 'vitest';
import { chartOptions, makeAdminBill, makeTrend } from '@/test/admin-fixtures';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import BillPage from './bill-page';

vi.mock('@/lib/echarts', async () => (await import('@/test/admin-fixtures')).fakeEcharts);

const UNPAID = makeAdminBill({
  id: 2,
  bill_no: 'B20260106090000654321',
  shop_name: 'Bob Store',
  shop_id: 'bobstore',
  type: 'renewal',
  product_name: 'Basic · 1 year',
  status: 'unpaid',
  pay_method: null,
  paid_at: null,
  expires_at: '2099-01-01T00:00:00.000Z',
  merchant_id: 9,
  merchant_account: 'bob@example.com',
  channel: 'online',
});
const OFFLINE = makeAdminBill({
  id: 3,
  bill_no: 'B20260107100000111111',
  channel: 'offline',
  pay_method: null,
  remark: 'Bank transfer 881',
  amount: 120000,
});

function answer(overrides: Record<string, unknown> = {}) {
  return (path: string) => {
    if (path in overrides) return { code: 200, data: overrides[path] };
    switch (path) {
      case 'admin/order/order/lists':
        return { code: 200, data: { list: [makeAdminBill(), UNPAID, OFFLINE], total: 3 } };
      case 'admin/order/income/lists':
        return {
          code: 200,
          data: { list: [makeAdminBill(), OFFLINE], total: 2, total_amount: 150000, currency: 'CNY' },
        };
      case 'admin/order/income/income_trend':
        return { code: 200, data: makeTrend() };
      case 'admin/order/income/bill_type_distribution':
        return {
          code: 200,
          data: {
            list: [
              { type: 'new_store', count: 2, amount: 150000 },
              { type: 'plugin', count: 0, amount: 0 },
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

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.at(-1) as HTMLElement);
}

/** The operator's detail of a paid bill before any refund: refundable, charged in its own currency, no events unless told. */
function paidDetail(
  paid: TAdminBill,
  overrides: Partial<TAdminBillDetail> & Pick<TAdminBillDetail, 'provider' | 'trade_no'>,
): TAdminBillDetail {
  return {
    ...paid,
    provider_order_id: paid.bill_no,
    charged_amount: null,
    charged_currency: null,
    charge_rate: null,
    needs_refund: false,
    version_not_applied: false,
    can_refund: true,
    refunded_at: null,
    refund_state: null,
    refund_reason: null,
    refunded_by: null,
    events: [],
    ...overrides,
  };
}

/** Renders the bill list and opens the detail drawer of the bill `billNo`; answers the drawer. */
async function openDetail(billNo: string) {
  renderPage(<BillPage />, { path: '/admin/bill' });
  await screen.findByText(billNo);
  fireEvent.click(screen.getByRole('button', { name: `Details of bill ${billNo}` }));
  return screen.findByRole('dialog');
}

describe('operator bills', { timeout: 20_000 }, () => {
  it('lists bills with merchant, channel, pay method and a countdown on unpaid ones', async () => {
    const { calls } = mockFetch(answer());
    recordFeedback();
    renderPage(<BillPage />, { path: '/admin/bill' });

    expect(await screen.findByText('B20260106090000654321')).toBeTruthy();
    expect(screen.getByText('bob@example.com')).toBeTruthy();
    expect(screen.getByText('Store renewal')).toBeTruthy();
    expect(screen.getByText('Offline')).toBeTruthy();
    expect(screen.getAllByText('Online')).toHaveLength(2);
    expect(screen.getAllByText('Alipay').length).toBeGreaterThan(0);
    expect(screen.getByText('Unpaid')).toBeTruthy();
    expect(screen.getByText(/^\d+d \d{2}h \d{2}m \d{2}s$/)).toBeTruthy();
    expect(screen.getByText('CN¥1,200.00')).toBeTruthy();
    expect(bodiesOf(calls, 'admin/order/order/lists')[0]).toEqual({ page: 1, limit: 20, lang_code: 'en-US' });
  });

  it('shows a refund under way or failed under the status of its bill in the list', async () => {
    mockFetch(
      answer({
        'admin/order/order/lists': {
          list: [
            makeAdminBill({ refund_state: 'pending' }),
            makeAdminBill({ id: 4, bill_no: 'B20260108100000222222', refund_state: 'failed' }),
            OFFLINE,
          ],
          total: 3,
        },
      }),
    );
    recordFeedback();
    renderPage(<BillPage />, { path: '/admin/bill' });
    const pendingRow = (await screen.findByText('B20260105080000123456')).closest('tr') as HTMLElement;
    expect(within(pendingRow).getByText('Paid')).toBeTruthy();
    expect(within(pendingRow).getByText('Refund in progress').closest('.ant-tag')?.className).toContain(
      'ant-tag-processing',
    );
    const failedRow = screen.getByText('B20260108100000222222').closest('tr') as HTMLElement;
    expect(within(failedRow).getByText('Refund failed').closest('.ant-tag')?.className).toContain('ant-tag-error');
    const offlineRow = screen.getByText('B20260107100000111111').closest('tr') as HTMLElement;
    expect(within(offlineRow).queryByTestId('refund-state-tag')).toBeNull();
  });

  it('filters by status, type, channel, merchant and store', async () => {
    const { calls } = mockFetch(answer());
    recordFeedback();
    renderPage(<BillPage />, { path: '/admin/bill' });
    await screen.findByText('B20260106090000654321');

    await chooseOption('Status', 'Paid');
    await chooseOption('Bill type', 'New store');
    await chooseOption('Channel', 'Offline');
    fireEvent.change(screen.getByLabelText('Merchant ID'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Store ID'), { target: { value: ' lucyshop ' } });
    fireEvent.change(screen.getByLabelText('Bill number, store or product'), { target: { value: 'B2026' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));

    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/order/order/lists').at(-1)).toEqual({
        keyword: 'B2026',
        status: 'paid',
        type: 'new_store',
        channel: 'offline',
        merchant_id: 7,
        shop_id: 'lucyshop',
        page: 1,
        limit: 20,
        lang_code: 'en-US',
      }),
    );
  });

  it('shows everything about a bill in the detail drawer', async () => {
    mockFetch(answer());
    recordFeedback();
    const drawer = await openDetail('B20260107100000111111');
    expect(within(drawer).getByText('Bill details')).toBeTruthy();
    expect(within(drawer).getByText('Bank transfer 881')).toBeTruthy();
    expect(within(drawer).getByText('3 months')).toBeTruthy();
    expect(within(drawer).getByText('shop@example.com (ID 7)')).toBeTruthy();
  });

  it('shows the provider side and payment events of a paid bill and refunds it with a reason', async () => {
    const paid = makeAdminBill();
    const detail = paidDetail(paid, {
      provider: 'alipay',
      trade_no: '2026112422001',
      events: [
        {
          id: 2,
          kind: 'notification',
          provider: 'alipay',
          outcome: 'paid',
          result: 'fulfilled',
          amount: 30000,
          currency: 'CNY',
          trade_no: '2026112422001',
          payload: { trade_status: 'TRADE_SUCCESS', total_amount: '300.00' },
          created_at: '2026-01-05T08:01:00.000Z',
        },
        {
          id: 1,
          kind: 'notification',
          provider: 'alipay',
          outcome: 'invalid',
          result: 'refused',
          amount: null,
          currency: null,
          trade_no: null,
          payload: { reason: 'bad signature' },
          created_at: '2026-01-05T08:00:30.000Z',
        },
      ],
    });
    const refunded: TAdminBillDetail = {
      ...detail,
      status: 'refunded',
      can_refund: false,
      refunded_at: '2026-01-06T08:00:00.000Z',
      refund_reason: 'Customer asked',
      refunded_by: 'admin',
    };
    const { calls } = mockFetch((path, body) => {
      if (path === 'admin/order/order/detail') return { code: 200, data: detail };
      if (path === 'admin/order/order/refund')
        return { code: 200, data: { ...refunded, refund_reason: (body as { reason: string }).reason } };
      return answer()(path);
    });
    const feedback = recordFeedback();
    const drawer = await openDetail(paid.bill_no);
    expect(await within(drawer).findByText('Paid and delivered')).toBeTruthy();
    expect(within(drawer).getByText('Not verified')).toBeTruthy();
    expect(within(drawer).getByText(/"trade_status": "TRADE_SUCCESS"/)).toBeTruthy();
    expect(within(drawer).getAllByText('2026112422001').length).toBeGreaterThan(0);

    fireEvent.click(within(drawer).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText(`Refund bill ${paid.bill_no} in full?`)).toBeTruthy();
    expect(screen.getByText(/The store this bill bought is ended/)).toBeTruthy();
    const confirm = screen.getAllByRole('button', { name: 'Refund' }).at(-1) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for the refund'), { target: { value: 'Customer asked' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Refund' }).at(-1) as HTMLElement);
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith(`Bill ${paid.bill_no} refunded`));
    expect(
      calls.filter((call) => call.url === '/api/v1/admin/order/order/refund').map((call) => call.body)[0],
    ).toMatchObject({ bill_no: paid.bill_no, reason: 'Customer asked' });
    expect(await within(drawer).findByText('Customer asked')).toBeTruthy();
    expect(within(drawer).getAllByText('Refunded').length).toBeGreaterThan(0);
    expect(within(drawer).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('a refund the provider is still processing shows "refund in progress"; one it ended shows "the refund failed"', async () => {
    const paid = makeAdminBill();
    const base = paidDetail(paid, { provider: 'wechat', trade_no: '4200000001' });
    const pending: TAdminBillDetail = {
      ...base,
      can_refund: false,
      refund_state: 'pending',
      refund_reason: 'Paid twice',
      refunded_by: 'admin',
    };
    let detail = base;
    mockFetch((path) => {
      if (path === 'admin/order/order/detail') return { code: 200, data: detail };
      if (path === 'admin/order/order/refund') return { code: 200, data: (detail = pending) };
      return answer()(path);
    });
    const feedback = recordFeedback();
    const drawer = await openDetail(paid.bill_no);
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Refund' }));
    fireEvent.change(await screen.findByLabelText('Reason for the refund'), { target: { value: 'Paid twice' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Refund' }).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(feedback.success).toHaveBeenCalledWith(
        `Refund of bill ${paid.bill_no} requested; the provider is still processing it`,
      ),
    );
    expect(await within(drawer).findByTestId('refund-state')).toHaveProperty(
      'textContent',
      expect.stringContaining('Refund in progress'),
    );
    const stateTag = within(drawer)
      .getAllByText('Refund in progress')
      .map((node) => node.closest('.ant-tag'))
      .find(Boolean);
    expect(stateTag?.className).toContain('ant-tag-processing');
    expect(within(drawer).getByText('Paid twice')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('shows a failed refund on the bill detail', async () => {
    const paid = makeAdminBill();
    const failed = paidDetail(paid, {
      provider: 'wechat',
      trade_no: '4200000001',
      refund_state: 'failed',
      refund_reason: 'Paid twice',
      refunded_by: 'admin',
      events: [
        // WeChat Pay's REFUND.ABNORMAL notification, then the refund's own record.
        {
          id: 4,
          kind: 'notification',
          provider: 'wechat',
          outcome: 'refund_failed',
          result: 'failed',
          amount: 30000,
          currency: null,
          trade_no: '50300000001',
          payload: { provider: { event_type: 'REFUND.ABNORMAL' } },
          created_at: '2026-01-06T08:02:00.000Z',
        },
        {
          id: 3,
          kind: 'refund',
          provider: 'wechat',
          outcome: 'refund',
          result: 'failed',
          amount: 30000,
          currency: 'CNY',
          trade_no: '4200000001',
          payload: { status: 'ABNORMAL', error: 'refund ABNORMAL' },
          created_at: '2026-01-06T08:01:00.000Z',
        },
      ],
    });
    mockFetch((path) => (path === 'admin/order/order/detail' ? { code: 200, data: failed } : answer()(path)));
    recordFeedback();
    const drawer = await openDetail(paid.bill_no);
    expect(await within(drawer).findByTestId('refund-state')).toHaveProperty(
      'textContent',
      expect.stringContaining('The refund failed'),
    );
    expect(within(drawer).getByText(/"status": "ABNORMAL"/)).toBeTruthy();
    expect(within(drawer).getByText('Says refund failed')).toBeTruthy();
  });

  it.each([
    ['a late payment', false, /A payment arrived after the bill was cancelled or expired/],
    [
      'a version an operator changed before it was paid',
      true,
      /an operator had changed the store's version before the payment arrived/,
    ],
  ] as const)('says why a bill needs a refund: %s', async (_why, versionNotApplied, hint) => {
    const paid = makeAdminBill();
    const detail = paidDetail(paid, {
      provider: 'alipay',
      trade_no: '2026010622001',
      needs_refund: true,
      version_not_applied: versionNotApplied,
    });
    mockFetch((path) => (path === 'admin/order/order/detail' ? { code: 200, data: detail } : answer()(path)));
    recordFeedback();
    const drawer = await openDetail(paid.bill_no);
    expect(await within(drawer).findByText('This bill needs a refund')).toBeTruthy();
    expect(within(drawer).getByText(hint)).toBeTruthy();
  });

  it('shows a charge in another currency with its ISO code (drawer, events, refund hint) and a refund that is not ours as a warning', async () => {
    const paid = makeAdminBill({ pay_method: 'paypal' });
    const detail = paidDetail(paid, {
      provider: 'paypal',
      trade_no: '3C679366HH908993F',
      charged_amount: 4_186,
      charged_currency: 'USD',
      charge_rate: '0.14',
      events: [
        {
          id: 6,
          kind: 'notification',
          provider: 'wechat',
          outcome: 'refund_succeeded',
          result: 'unknown_refund',
          amount: 30000,
          currency: null,
          trade_no: '50300000009',
          payload: { provider: { out_refund_no: 'BY-HAND-1' } },
          created_at: '2026-01-06T08:03:00.000Z',
        },
        {
          id: 5,
          kind: 'notification',
          provider: 'paypal',
          outcome: 'paid',
          result: 'fulfilled',
          amount: 4_186,
          currency: 'USD',
          trade_no: '3C679366HH908993F',
          payload: {},
          created_at: '2026-01-05T08:01:00.000Z',
        },
      ],
    });
    mockFetch((path) => (path === 'admin/order/order/detail' ? { code: 200, data: detail } : answer()(path)));
    recordFeedback();
    const drawer = await openDetail(paid.bill_no);
    const unknown = await within(drawer).findByText('Not our refund, acknowledged');
    const charge = 'USD\u00a041.86';
    // The charged amount (with its rate) and the payment's event, each with the code; no bare "$" anywhere.
    expect(drawer.textContent?.split(charge)).toHaveLength(3);
    expect(drawer.textContent).toContain(`${charge} (at 0.14 USD per CNY)`);
    expect(drawer.textContent).not.toMatch(/(^|[^A-Z])\$\d/);
    expect(unknown.closest('.ant-tag')?.className).toContain('ant-tag-warning');

    fireEvent.click(within(drawer).getByRole('button', { name: 'Refund' }));
    const hint = await screen.findByText(/goes back to the payer/);
    expect(hint.textContent?.startsWith(`${charge} goes back to the payer`)).toBe(true);
  });

  it('exports the filtered bills and saves the file', async () => {
    const { calls } = mockFetch(
      answer({
        'admin/order/order/export': {
          filename: 'bills.csv',
          mime: 'text/csv',
          content_base64: btoa('bill_no\nB1\n'),
          rows: 1,
        },
      }),
    );
    const feedback = recordFeedback();
    const createObjectURL = vi.fn(() => 'blob:bills');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage(<BillPage />, { path: '/admin/bill' });
    await screen.findByText('B20260106090000654321');

    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    fireEvent.click(await screen.findByText('Excel sheet (XLSX)'));

    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Exported 1 record'));
    expect(bodiesOf(calls, 'admin/order/order/export')[0]).toEqual({ format: 'xlsx', lang_code: 'en-US' });
    expect(createObjectURL).toHaveBeenCalled();
    expect(click).toHaveBeenCalled();
  });

  it('shows income with its total and both charts for the last 30 days', async () => {
    chartOptions.length = 0;
    const { calls } = mockFetch(answer());
    recordFeedback();
    renderPage(<BillPage />, { path: '/admin/bill', url: '/admin/bill?tab=income' });

    expect(await screen.findByText('CN¥1,500.00')).toBeTruthy();
    expect(screen.getByText('Income in this period')).toBeTruthy();
    const incomeInput = bodiesOf(calls, 'admin/order/income/lists')[0];
    const trendInput = bodiesOf(calls, 'admin/order/income/income_trend')[0];
    expect(incomeInput).toMatchObject({
      page: 1,
      limit: 20,
      start_date: trendInput?.start_date,
      end_date: trendInput?.end_date,
    });
    expect((Date.parse(String(trendInput?.end_date)) - Date.parse(String(trendInput?.start_date))) / 86_400_000).toBe(
      29,
    );

    // The trend draws income as a line and paid bills as bars on a second axis; the pie leaves out types without income.
    await waitFor(() => expect(chartOptions.length).toBeGreaterThanOrEqual(2));
    const trend = chartOptions.find((option) => JSON.stringify(option).includes('"line"')) as {
      series: { type: string; data: number[]; yAxisIndex: number }[];
    };
    expect(trend.series.map((series) => [series.type, series.yAxisIndex, series.data])).toEqual([
      ['line', 0, [10000, 20000, 30000]],
      ['bar', 1, [1, 2, 3]],
    ]);
    const pie = chartOptions.find((option) => JSON.stringify(option).includes('"pie"')) as {
      series: { data: { name: string; value: number }[] }[];
    };
    expect(pie.series[0]?.data).toEqual([{ name: 'New store', value: 150000 }]);
  });
  it('starts with the filters and income range of its link (the dashboard links here)', async () => {
    const { calls } = mockFetch(answer());
    recordFeedback();
    renderPage(<BillPage />, { path: '/admin/bill', url: '/admin/bill?status=unpaid&type=renewal&channel=nope' });
    await screen.findByText('B20260106090000654321');
    expect(bodiesOf(calls, 'admin/order/order/lists')[0]).toEqual({
      status: 'unpaid',
      type: 'renewal',
      page: 1,
      limit: 20,
      lang_code: 'en-US',
    });
  });

  it('opens the income tab on the range of its link', async () => {
    const { calls } = mockFetch(answer());
    recordFeedback();
    renderPage(<BillPage />, {
      path: '/admin/bill',
      url: '/admin/bill?tab=income&start_date=2026-01-01&end_date=2026-01-20',
    });
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/order/income/income_trend')[0]).toMatchObject({
        start_date: '2026-01-01',
        end_date: '2026-01-20',
      }),
    );
  });
});
