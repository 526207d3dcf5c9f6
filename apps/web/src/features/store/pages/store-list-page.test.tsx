import { ErrorCode } from '@parlour/contract/errors';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leavePageFor, openPendingTab } from '@/lib/leave-page';
import { useSessionStore } from '@/lib/session-store';
import { merchantUserinfo, mockFetch, recordFeedback } from '@/test/helpers';
import { bodiesOf, makeBill, makeShop, makeVersion } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import StoreListPage from './store-list-page';

vi.mock('@/lib/leave-page', () => ({
  leavePageFor: vi.fn(),
  openPendingTab: vi.fn(() => ({ point: vi.fn(), close: vi.fn() })),
}));

// Calls recorded by the mocked module would otherwise carry over from one test to the next.
beforeEach(() => vi.clearAllMocks());

const COUNTS = { all: 3, operating: 2, disabled: 0, pending_renewal: 1 };
const SHOPS = [
  makeShop(),
  makeShop({
    id: 2,
    shop_id: 'waiting',
    shop_name: 'Waiting Shop',
    status: 'unpaid',
    expires_at: null,
    domain: null,
    unpaid_bill_no: 'B1',
  }),
  makeShop({
    id: 3,
    shop_id: 'latepay',
    shop_name: 'Late Shop',
    status: 'pending_renewal',
    domain: 'late.example.com',
    expires_at: '2025-01-01T00:00:00.000Z',
    grace_ends_at: '2099-01-08T00:00:00.000Z',
  }),
];
const READY = {
  shop_id: 'newshop',
  status: 'trial',
  is_ready: true,
  initializing_since: null,
  ready_at: '2025-03-01T00:00:00.000Z',
  domain: 'newshop.parlour.dev',
};
const INITIALIZING = { ...READY, status: 'initializing', is_ready: false, ready_at: null };

type Answer = { code: number; msg?: string; data?: unknown };

function answerWith(overrides: Record<string, unknown> = {}) {
  return (path: string): Answer => {
    if (path in overrides) {
      const value = overrides[path];
      return typeof value === 'function' ? (value as () => Answer)() : { code: 200, data: value };
    }
    switch (path) {
      case 'merchant/parlour/shop/lists':
        return { code: 200, data: { list: SHOPS, total: 3, counts: COUNTS } };
      case 'merchant/parlour/package/lists':
        return {
          code: 200,
          data: {
            list: [makeVersion(), makeVersion({ id: 3, name: 'Basic', trial_days: 0 })],
            total: 2,
            is_trial_available: true,
            store_limit: 5,
            store_count: 3,
          },
        };
      case 'merchant/payment/methods':
        return { code: 200, data: { list: ['wechat', 'alipay', 'paypal'] } };
      case 'merchant/parlour/shop/check_site_status':
        return { code: 200, data: READY };
      case 'merchant/cms/notification/unread_lists':
        return { code: 200, data: { list: [], total: 0, unread_count: 0 } };
      default:
        return { code: 10004, msg: `no answer for ${path}` };
    }
  };
}

function type(container: HTMLElement, label: string, value: string) {
  fireEvent.change(within(container).getByLabelText(label), { target: { value } });
}

async function chooseVersion(dialog: HTMLElement, name: string) {
  fireEvent.mouseDown(within(dialog).getByLabelText('Version'));
  fireEvent.click(await screen.findByTitle(name));
}

// antd forms in happy-dom are slow: a whole dialog flow takes a few seconds.
describe('merchant store list', { timeout: 20_000 }, () => {
  it('lists the stores with tab counts, figures, statuses and the row actions', async () => {
    const { calls } = mockFetch(answerWith());
    recordFeedback();
    renderPage(<StoreListPage />, { path: '/merchant/store' });

    expect(await screen.findByText('Lucy Shop')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All (3)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Pending renewal (1)' })).toBeTruthy();
    expect(screen.getAllByText('CN¥1,299.00', { selector: 'td' })).toHaveLength(3);
    expect(screen.getAllByText('1,234')).toHaveLength(3);
    expect(screen.getByText('Unpaid')).toBeTruthy();
    expect(screen.getByText('Grace period left')).toBeTruthy();
    // The primary domain opens the store's front page, on the console's scheme and port.
    expect(screen.getByRole('link', { name: 'lucyshop.parlour.dev' }).getAttribute('href')).toBe(
      `${window.location.protocol}//lucyshop.parlour.dev${window.location.port ? `:${window.location.port}` : ''}/`,
    );
    // The whole domain, wrapped at its dots, never cut off with an ellipsis.
    expect(screen.getByRole('link', { name: 'lucyshop.parlour.dev' }).className).not.toContain('ellipsis');
    expect(screen.getAllByRole('link', { name: 'Basic config' })[0]?.getAttribute('href')).toBe(
      '/merchant/setting/index?shop_id=lucyshop',
    );
    expect(screen.getAllByRole('link', { name: 'Domains' })[0]?.getAttribute('href')).toBe(
      '/merchant/setting/domain?shop_id=lucyshop',
    );
    expect(screen.getByText('Announcements')).toBeTruthy();
    expect(await screen.findByText('No unread announcements')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/parlour/shop/lists')[0]).toEqual({
      tab: 'all',
      page: 1,
      limit: 10,
      lang_code: 'en-US',
    });

    // A store waiting for its first payment cannot be entered yet.
    const waitingRow = screen.getByText('Waiting Shop').closest('tr') as HTMLElement;
    expect(within(waitingRow).getByRole('button', { name: 'Store admin' })).toHaveProperty('disabled', true);
  });

  it('searches by keyword and status and switches tabs, back on page 1', async () => {
    const { calls } = mockFetch(answerWith());
    recordFeedback();
    renderPage(<StoreListPage />, { path: '/merchant/store' });
    await screen.findByText('Lucy Shop');

    fireEvent.change(screen.getByLabelText('Search stores'), { target: { value: ' lucy ' } });
    fireEvent.mouseDown(screen.getByLabelText('Status'));
    fireEvent.click(await screen.findByTitle('Operating'));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/parlour/shop/lists').at(-1)).toEqual({
        tab: 'all',
        keyword: 'lucy',
        status: 'operating',
        page: 1,
        limit: 10,
        lang_code: 'en-US',
      }),
    );

    fireEvent.click(screen.getByRole('tab', { name: /Disabled/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/parlour/shop/lists').at(-1)).toMatchObject({
        tab: 'disabled',
        keyword: 'lucy',
        page: 1,
      }),
    );
  });

  it('pays the waiting bill of an unpaid store and opens the admin of a ready one', async () => {
    const { calls } = mockFetch(
      answerWith({
        'merchant/order/order/pay_page': {
          bill_no: 'B1',
          provider: 'sandbox',
          pay_method: 'wechat',
          pay_url: '/cashier/B1?token=t',
          expires_at: '2099-01-01T00:00:00.000Z',
        },
        'merchant/parlour/shop/backend_redirect': {
          url: 'https://lucyshop.parlour.dev/admin?ticket=x',
          expires_at: '2099-01-01T00:00:00.000Z',
        },
      }),
    );
    recordFeedback();
    renderPage(<StoreListPage />, { path: '/merchant/store' });
    const waitingRow = (await screen.findByText('Waiting Shop')).closest('tr') as HTMLElement;
    fireEvent.click(within(waitingRow).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/cashier/B1?token=t'));
    expect(bodiesOf(calls, 'merchant/order/order/pay_page')[0]).toEqual({ bill_no: 'B1', lang_code: 'en-US' });

    const readyRow = screen.getByText('Lucy Shop').closest('tr') as HTMLElement;
    fireEvent.click(within(readyRow).getByRole('button', { name: 'Store admin' }));
    await waitFor(() =>
      expect(vi.mocked(openPendingTab).mock.results[0]?.value.point).toHaveBeenCalledWith(
        'https://lucyshop.parlour.dev/admin?ticket=x',
      ),
    );
    expect(bodiesOf(calls, 'merchant/parlour/shop/backend_redirect')[0]).toEqual({
      shop_id: 'lucyshop',
      lang_code: 'en-US',
    });
  });

  it('checks the create form with the contract rules before calling the server', async () => {
    const { calls } = mockFetch(answerWith());
    const feedback = recordFeedback();
    renderPage(<StoreListPage />, { path: '/merchant/store' });
    await screen.findByText('Lucy Shop');
    fireEvent.click(screen.getByRole('button', { name: /Create store/ }));
    const dialog = await screen.findByRole('dialog');
    type(dialog, 'Store ID', 'Bad_ID');
    type(dialog, 'Contact email', 'nope');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('Please check the fields marked in red'));
    expect(await within(dialog).findByText('Store name is required')).toBeTruthy();
    // The field lower-cases what is typed; the underscore is still refused.
    expect(within(dialog).getByText('Store ID may contain only lowercase letters and digits')).toBeTruthy();
    expect(within(dialog).getByText('Contact email is not a valid address')).toBeTruthy();
    expect(within(dialog).getByText('Store version is required')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/parlour/shop/add')).toHaveLength(0);
  });

  it('creates a trial store and follows its initialisation until it is ready', async () => {
    let polls = 0;
    const { calls } = mockFetch(
      answerWith({
        'merchant/parlour/shop/add': makeShop({
          shop_id: 'newshop',
          shop_name: 'New Shop',
          status: 'initializing',
          is_trial: true,
        }),
        'merchant/parlour/shop/check_site_status': () => ({
          code: 200,
          data: (polls += 1) === 1 ? INITIALIZING : READY,
        }),
      }),
    );
    const feedback = recordFeedback();
    renderPage(<StoreListPage />, { path: '/merchant/store' });
    await screen.findByText('Lucy Shop');
    fireEvent.click(screen.getByRole('button', { name: /Create store/ }));
    const dialog = await screen.findByRole('dialog');
    type(dialog, 'Store name', 'New Shop');
    type(dialog, 'Store ID', 'newshop');
    type(dialog, 'Contact email', 'Owner@Example.com');
    await chooseVersion(dialog, 'Professional');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Store created, initialising now'));
    expect(bodiesOf(calls, 'merchant/parlour/shop/add')[0]).toEqual({
      shop_name: 'New Shop',
      shop_id: 'newshop',
      contact_email: 'owner@example.com',
      package_id: 2,
      lang_code: 'en-US',
    });
    expect(await screen.findByText('Initialising store newshop…')).toBeTruthy();
    // The next poll, STORE_INIT_POLL_MS later, finds it ready.
    expect(await screen.findByText('Your store is ready', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('Your store is live at newshop.parlour.dev.')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/parlour/shop/check_site_status')[0]).toEqual({
      shop_id: 'newshop',
      lang_code: 'en-US',
    });
  });

  it('shows a taken store ID on its field', async () => {
    const { calls } = mockFetch(
      answerWith({
        'merchant/parlour/shop/add': () => ({
          code: ErrorCode.SHOP_ID_TAKEN,
          msg: 'This store ID is taken, please choose another',
        }),
      }),
    );
    const feedback = recordFeedback();
    renderPage(<StoreListPage />, { path: '/merchant/store' });
    await screen.findByText('Lucy Shop');
    fireEvent.click(screen.getByRole('button', { name: /Create store/ }));
    const dialog = await screen.findByRole('dialog');
    type(dialog, 'Store name', 'New Shop');
    type(dialog, 'Store ID', 'lucyshop');
    type(dialog, 'Contact email', 'shop@example.com');
    await chooseVersion(dialog, 'Professional');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(bodiesOf(calls, 'merchant/parlour/shop/add')).toHaveLength(1));
    expect(await within(dialog).findByText('This store ID is taken, please choose another')).toBeTruthy();
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('creates and pays: shows the term prices and goes to the cashier', async () => {
    useSessionStore.getState().signIn('merchant', merchantUserinfo);
    const { calls } = mockFetch(
      answerWith({
        'merchant/parlour/shop/buy': {
          shop: makeShop({ shop_id: 'paidshop', status: 'unpaid' }),
          bill: makeBill({ type: 'new_store' }),
          payment: {
            bill_no: 'B2',
            provider: 'sandbox',
            pay_method: 'alipay',
            pay_url: '/cashier/B2?token=t2',
            expires_at: '2099-01-01T00:00:00.000Z',
          },
        },
      }),
    );
    const feedback = recordFeedback();
    renderPage(<StoreListPage />, { path: '/merchant/store' });
    await screen.findByText('Lucy Shop');
    fireEvent.click(screen.getByRole('button', { name: /Create and pay/ }));
    const dialog = await screen.findByRole('dialog');
    type(dialog, 'Store name', 'Paid Shop');
    type(dialog, 'Store ID', 'paidshop');
    await chooseVersion(dialog, 'Professional');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Yearly' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /2 years/ }));
    // antd reports watched form values a macrotask later.
    await waitFor(() => expect(within(dialog).getByTestId('buy-total').textContent).toBe('CN¥1,998.00'));
    expect(
      within(dialog)
        .getByRole('radio', { name: /2 years/ })
        .closest('label')?.textContent,
    ).toContain('CN¥1,998.00');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to payment' }));
    expect(await within(dialog).findByText('Pay method is required')).toBeTruthy();
    expect(feedback.error).toHaveBeenCalledWith('Please check the fields marked in red');

    fireEvent.click(await within(dialog).findByRole('radio', { name: /Alipay/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/cashier/B2?token=t2'));
    expect(bodiesOf(calls, 'merchant/parlour/shop/buy')[0]).toEqual({
      shop_name: 'Paid Shop',
      shop_id: 'paidshop',
      contact_email: 'shop@example.com',
      package_id: 2,
      term_type: 'year',
      term: 2,
      pay_method: 'alipay',
      lang_code: 'en-US',
    });
  });

  it('opens the initialisation progress from ?init= and says so when it is slow', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    mockFetch(answerWith({ 'merchant/parlour/shop/check_site_status': INITIALIZING }));
    recordFeedback();
    const { router } = renderPage(<StoreListPage />, { path: '/merchant/store', url: '/merchant/store?init=newshop' });
    expect(await screen.findByText('Initialising store newshop…')).toBeTruthy();
    expect(screen.queryByText('This is taking longer than usual')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByText('This is taking longer than usual')).toBeTruthy();
    expect(screen.getByText('Initialising store newshop…')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Run in background' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
