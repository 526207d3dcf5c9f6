import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeAdminShop, makeTrend, makeVersion } from '@/test/admin-fixtures';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import AdminStoreListPage from './admin-store-list-page';

vi.mock('@/lib/echarts', async () => (await import('@/test/admin-fixtures')).fakeEcharts);

const merchantRow = {
  email: null,
  mobile: null,
  type: 'enterprise',
  status: 'active',
  remark: '',
  store_count: 1,
  last_login_at: null,
  created_at: '2026-01-02T03:04:05.000Z',
} as const;
const MERCHANTS = [
  { ...merchantRow, id: 7, account: 'lucy@example.com', email: 'lucy@example.com', nickname: 'Lucy Trading' },
  { ...merchantRow, id: 9, account: '13900139000', mobile: '13900139000', nickname: 'Bob', status: 'disabled' },
];

const COUNTS = { all: 3, operating: 2, disabled: 1, pending_renewal: 0 };

function answerWith(overrides: Record<string, unknown> = {}) {
  return (path: string) => {
    if (path in overrides) return { code: 200, data: overrides[path] };
    switch (path) {
      case 'admin/parlour/shop/lists':
        return {
          code: 200,
          data: {
            list: [
              makeAdminShop(),
              makeAdminShop({
                id: 2,
                shop_id: 'offshop',
                shop_name: 'Off Shop',
                status: 'disabled',
                is_disabled_by_operator: true,
                merchant_id: 9,
                merchant_account: 'bob@example.com',
              }),
            ],
            total: 2,
            counts: COUNTS,
          },
        };
      case 'admin/parlour/shop/create_trend':
        return { code: 200, data: makeTrend() };
      case 'admin/parlour/shop/package_distribution':
        return { code: 200, data: { list: [{ package_id: 2, package_name: 'Professional', count: 2 }] } };
      case 'admin/member/merchant/lists':
        return { code: 200, data: { list: MERCHANTS, total: MERCHANTS.length } };
      case 'admin/parlour/shop/package_lists':
        return {
          code: 200,
          data: { list: [makeVersion(), makeVersion({ id: 3, name: 'Basic', trial_days: 0 })], total: 2 },
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
  fireEvent.click(await screen.findByTitle(option));
}

// antd forms in happy-dom are slow: a whole dialog flow takes a few seconds.
describe('operator store list', { timeout: 20_000 }, () => {
  it('lists every merchant’s stores with tab counts, merchant column and both charts', async () => {
    const { calls } = mockFetch(answerWith());
    recordFeedback();
    renderPage(<AdminStoreListPage />, { path: '/admin/store' });

    expect(await screen.findByText('Lucy Shop')).toBeTruthy();
    expect(screen.getByText('bob@example.com')).toBeTruthy();
    expect(screen.getByText('ID 9')).toBeTruthy();
    // Contact emails, versions and domains wrap instead of ending in an ellipsis at 1440 px.
    const emails = screen.getAllByTestId('store-contact-email');
    expect(emails.length).toBeGreaterThan(0);
    for (const element of [...emails, ...document.querySelectorAll('.ant-table-tbody a.store-domain')])
      expect(element.className).not.toContain('ellipsis');
    expect(document.querySelectorAll('.ant-table-tbody a.store-domain').length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: 'All (3)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Disabled (1)' })).toBeTruthy();
    expect(screen.getAllByText('CN¥1,299.00', { selector: 'td' })).toHaveLength(2);
    expect(screen.getByText('By operator')).toBeTruthy();
    expect(bodiesOf(calls, 'admin/parlour/shop/lists')[0]).toEqual({
      tab: 'all',
      page: 1,
      limit: 20,
      lang_code: 'en-US',
    });
    // The trend covers the last 30 days by default.
    const trendInput = bodiesOf(calls, 'admin/parlour/shop/create_trend')[0];
    const days = (Date.parse(String(trendInput?.end_date)) - Date.parse(String(trendInput?.start_date))) / 86_400_000;
    expect(days).toBe(29);
    expect(await screen.findByRole('img', { name: 'Stores by version' })).toBeTruthy();
  });

  it('searches by store keyword, merchant and tab, back on page 1', async () => {
    const { calls } = mockFetch(answerWith());
    recordFeedback();
    renderPage(<AdminStoreListPage />, { path: '/admin/store' });
    await screen.findByText('Lucy Shop');

    fireEvent.change(screen.getByLabelText('Store name or ID'), { target: { value: ' lucy ' } });
    fireEvent.change(screen.getByLabelText('Merchant email, phone or name'), { target: { value: 'shop@' } });
    fireEvent.change(screen.getByLabelText('Merchant ID'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/parlour/shop/lists').at(-1)).toEqual({
        tab: 'all',
        page: 1,
        limit: 20,
        keyword: 'lucy',
        merchant_keyword: 'shop@',
        merchant_id: 7,
        lang_code: 'en-US',
      }),
    );

    fireEvent.click(screen.getByRole('tab', { name: /Pending renewal/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/parlour/shop/lists').at(-1)).toMatchObject({
        tab: 'pending_renewal',
        keyword: 'lucy',
        page: 1,
      }),
    );
  });

  it('checks the add-store form with the contract rules before calling the server', async () => {
    const { calls } = mockFetch(answerWith());
    const feedback = recordFeedback();
    renderPage(<AdminStoreListPage />, { path: '/admin/store' });
    await screen.findByText('Lucy Shop');

    fireEvent.click(screen.getByRole('button', { name: /Add store/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Store ID'), { target: { value: 'Bad-ID' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add store' }));

    expect(await within(dialog).findByText('Merchant is required')).toBeTruthy();
    expect(within(dialog).getByText('Store name is required')).toBeTruthy();
    expect(within(dialog).getByText('Store ID may contain only lowercase letters and digits')).toBeTruthy();
    expect(within(dialog).getByText('Contact email is required')).toBeTruthy();
    expect(within(dialog).getByText('Store version is required')).toBeTruthy();
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('Please check the fields marked in red'));
    expect(bodiesOf(calls, 'admin/parlour/shop/add')).toHaveLength(0);
  });

  it('adds a store paid offline for a merchant and refreshes the list', async () => {
    const { calls } = mockFetch(
      answerWith({ 'admin/parlour/shop/add': makeAdminShop({ id: 5, shop_id: 'newshop', shop_name: 'New Shop' }) }),
    );
    const feedback = recordFeedback();
    renderPage(<AdminStoreListPage />, { path: '/admin/store' });
    await screen.findByText('Lucy Shop');
    const listCallsBefore = bodiesOf(calls, 'admin/parlour/shop/lists').length;

    fireEvent.click(screen.getByRole('button', { name: /Add store/ }));
    const dialog = await screen.findByRole('dialog');
    // The merchant is found by a keyword through the merchant list call; a disabled one cannot be picked.
    const merchantInput = within(dialog).getByLabelText('Merchant');
    fireEvent.mouseDown(merchantInput);
    fireEvent.change(merchantInput, { target: { value: 'lucy' } });
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/member/merchant/lists').map((body) => body.keyword)).toContain('lucy'),
    );
    expect(bodiesOf(calls, 'admin/member/merchant/lists').at(-1)).toEqual({
      page: 1,
      limit: 20,
      keyword: 'lucy',
      lang_code: 'en-US',
    });
    expect((await screen.findByTitle('Bob · 13900139000')).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(await screen.findByTitle('Lucy Trading · lucy@example.com'));
    fireEvent.change(within(dialog).getByLabelText('Store name'), { target: { value: 'New Shop' } });
    fireEvent.change(within(dialog).getByLabelText('Store ID'), { target: { value: 'newshop' } });
    fireEvent.change(within(dialog).getByLabelText('Contact email'), { target: { value: 'New@Example.com' } });
    await chooseOption('Version', 'Professional · 7-day trial');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Paid offline' }));
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Yearly' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /2 years/ }));
    expect(await within(dialog).findByText('A paid offline bill of CN¥2,000.00 will be recorded.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'Contract 42' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add store' }));

    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Store “New Shop” added'));
    expect(bodiesOf(calls, 'admin/parlour/shop/add')[0]).toEqual({
      merchant_id: 7,
      shop_name: 'New Shop',
      shop_id: 'newshop',
      contact_email: 'new@example.com',
      package_id: 2,
      mode: 'offline',
      term_type: 'year',
      term: 2,
      remark: 'Contract 42',
      lang_code: 'en-US',
    });
    await waitFor(() => expect(bodiesOf(calls, 'admin/parlour/shop/lists').length).toBeGreaterThan(listCallsBefore));
  });

  it('disables a store after a confirmation with a remark', async () => {
    const { calls } = mockFetch(
      answerWith({
        'admin/parlour/shop/set_status': makeAdminShop({ status: 'disabled', is_disabled_by_operator: true }),
      }),
    );
    const feedback = recordFeedback();
    renderPage(<AdminStoreListPage />, { path: '/admin/store' });
    const row = (await screen.findByText('Lucy Shop')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Disable' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Disable store “Lucy Shop”?')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(within(confirm).getByLabelText('Remark'), 'Chargeback');
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));

    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Store disabled'));
    expect(bodiesOf(calls, 'admin/parlour/shop/set_status')[0]).toEqual({
      shop_id: 'lucyshop',
      is_disabled: true,
      remark: 'Chargeback',
      lang_code: 'en-US',
    });
  });

  it('opens the store admin in a new tab', async () => {
    mockFetch(
      answerWith({
        'admin/parlour/shop/backend_redirect': {
          url: 'https://lucyshop.parlour.test/admin/ticket/abc',
          expires_at: '2030-01-01T00:00:00.000Z',
        },
      }),
    );
    recordFeedback();
    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderPage(<AdminStoreListPage />, { path: '/admin/store' });
    const row = (await screen.findByText('Lucy Shop')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Store admin' }));
    await waitFor(() => expect(tab.location.href).toBe('https://lucyshop.parlour.test/admin/ticket/abc'));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
  });
  it('starts with the tab and filters of its link (the dashboard and merchant list link here)', async () => {
    const { calls } = mockFetch(answerWith());
    recordFeedback();
    renderPage(<AdminStoreListPage />, {
      path: '/admin/store',
      url: '/admin/store?tab=pending_renewal&status=trial&merchant_id=7&keyword=bogus%25',
    });
    await screen.findByText('Lucy Shop');
    expect(bodiesOf(calls, 'admin/parlour/shop/lists')[0]).toEqual({
      tab: 'pending_renewal',
      page: 1,
      limit: 20,
      keyword: 'bogus%',
      status: 'trial',
      merchant_id: 7,
      lang_code: 'en-US',
    });
    expect(screen.getByRole('tab', { name: /Pending renewal/, selected: true })).toBeTruthy();
  });
});
