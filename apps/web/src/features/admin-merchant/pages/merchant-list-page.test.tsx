import type { TAdminMerchant } from '@parlour/contract/calls/merchant-admin';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeTrend } from '@/test/admin-fixtures';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import MerchantListPage from './merchant-list-page';

vi.mock('@/lib/echarts', async () => (await import('@/test/admin-fixtures')).fakeEcharts);

function makeMerchant(overrides: Partial<TAdminMerchant> = {}): TAdminMerchant {
  return {
    id: 7,
    account: 'lucy@example.com',
    email: 'lucy@example.com',
    mobile: '13800138000',
    nickname: 'Lucy Trading',
    type: 'enterprise',
    status: 'active',
    remark: 'Key account',
    store_count: 3,
    last_login_at: '2026-01-05T08:00:00.000Z',
    created_at: '2025-12-01T08:00:00.000Z',
    ...overrides,
  };
}

function answerWith(overrides: Record<string, unknown> = {}) {
  return (path: string) => {
    if (path in overrides) {
      const value = overrides[path];
      return value && typeof value === 'object' && 'code' in value
        ? (value as { code: number; msg: string })
        : { code: 200, data: value };
    }
    switch (path) {
      case 'admin/member/merchant/lists':
        return {
          code: 200,
          data: {
            list: [
              makeMerchant(),
              makeMerchant({
                id: 9,
                account: '13900139000',
                email: null,
                mobile: '13900139000',
                nickname: '139****9000',
                type: 'individual',
                status: 'disabled',
                store_count: 0,
                last_login_at: null,
                remark: '',
              }),
            ],
            total: 2,
          },
        };
      case 'admin/member/merchant/register_trend':
        return { code: 200, data: makeTrend() };
      case 'admin/member/merchant/type_distribution':
        return {
          code: 200,
          data: {
            list: [
              { type: 'individual', count: 4 },
              { type: 'enterprise', count: 1 },
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
  fireEvent.click(await screen.findByTitle(option));
}

describe('operator merchant list', { timeout: 20_000 }, () => {
  it('lists merchants with type, status, store count, last login and both charts', async () => {
    const { calls } = mockFetch(answerWith());
    recordFeedback();
    renderPage(<MerchantListPage />, { path: '/admin/merchant' });

    const row = (await screen.findByText('Lucy Trading')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Enterprise')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '3' }).getAttribute('href')).toBe('/admin/store?merchant_id=7');
    expect(within(row).getByText('Key account')).toBeTruthy();
    // The whole email, wrapped at its dots and @, never cut off.
    expect(within(row).getByTestId('merchant-email').textContent).toBe('lucy@example.com');
    expect(within(row).getByTestId('merchant-email').className).not.toContain('ellipsis');
    const disabledRow = screen.getByText('139****9000').closest('tr') as HTMLElement;
    expect(within(disabledRow).getByText('Disabled')).toBeTruthy();
    expect(within(disabledRow).getByRole('button', { name: 'Enable' })).toBeTruthy();
    expect(screen.getByText('2 merchants in total')).toBeTruthy();
    expect(bodiesOf(calls, 'admin/member/merchant/lists')[0]).toEqual({ page: 1, limit: 20, lang_code: 'en-US' });
    expect(await screen.findByRole('img', { name: 'Merchants by type' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Registrations per day' })).toBeTruthy();
  });

  it('starts with the filters of its link and searches by keyword, type and status', async () => {
    const { calls } = mockFetch(answerWith());
    recordFeedback();
    renderPage(<MerchantListPage />, { path: '/admin/merchant', url: '/admin/merchant?type=enterprise&status=bogus' });
    await screen.findByText('Lucy Trading');
    expect(bodiesOf(calls, 'admin/member/merchant/lists')[0]).toEqual({
      page: 1,
      limit: 20,
      type: 'enterprise',
      lang_code: 'en-US',
    });

    fireEvent.change(screen.getByLabelText('Account, email, phone or name'), { target: { value: ' lucy ' } });
    await chooseOption('Status', 'Disabled');
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/member/merchant/lists').at(-1)).toEqual({
        page: 1,
        limit: 20,
        keyword: 'lucy',
        type: 'enterprise',
        status: 'disabled',
        lang_code: 'en-US',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Reset/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/member/merchant/lists').at(-1)).toEqual({ page: 1, limit: 20, lang_code: 'en-US' }),
    );
  });

  it('sorts on the server by store count, last login and registration, keeping the filter; the sort is in the URL', async () => {
    const { calls } = mockFetch(answerWith());
    recordFeedback();
    const { router } = renderPage(<MerchantListPage />, {
      path: '/admin/merchant',
      url: '/admin/merchant?type=enterprise',
    });
    await screen.findByText('Lucy Trading');
    fireEvent.click(screen.getByRole('columnheader', { name: /Last login/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/member/merchant/lists').at(-1)).toEqual({
        page: 1,
        limit: 20,
        type: 'enterprise',
        sort_field: 'last_login_at',
        sort_order: 'descend',
        lang_code: 'en-US',
      }),
    );
    expect(router.state.location.search).toBe('?type=enterprise&sort=last_login_at&order=descend');
    fireEvent.click(screen.getByRole('columnheader', { name: /Registered/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/member/merchant/lists').at(-1)).toMatchObject({
        sort_field: 'created_at',
        sort_order: 'descend',
      }),
    );
    // Back returns to the previous sort.
    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Last login/ }).getAttribute('aria-sort')).toBe('descending'),
    );
  });

  it('checks the add form with the registration rules before calling the server', async () => {
    const { calls } = mockFetch(answerWith());
    const feedback = recordFeedback();
    renderPage(<MerchantListPage />, { path: '/admin/merchant' });
    await screen.findByText('Lucy Trading');

    fireEvent.click(screen.getByRole('button', { name: /Add merchant/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'weakpass' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add merchant' }));

    expect(await within(dialog).findByText('Email is not a valid address')).toBeTruthy();
    expect(
      within(dialog).getByText('Password must contain upper case, lower case, a digit and a special character'),
    ).toBeTruthy();
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('Please check the fields marked in red'));
    expect(bodiesOf(calls, 'admin/member/merchant/add')).toHaveLength(0);
  });

  it('adds a merchant by phone and refreshes the list; a taken account shows the server message', async () => {
    const { calls } = mockFetch(
      answerWith({ 'admin/member/merchant/add': makeMerchant({ id: 11, account: '13700137000' }) }),
    );
    const feedback = recordFeedback();
    renderPage(<MerchantListPage />, { path: '/admin/merchant' });
    await screen.findByText('Lucy Trading');
    const listCallsBefore = bodiesOf(calls, 'admin/member/merchant/lists').length;

    fireEvent.click(screen.getByRole('button', { name: /Add merchant/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Phone number'), { target: { value: '13700137000' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'Secret#2026' } });
    fireEvent.change(within(dialog).getByLabelText('Merchant name'), { target: { value: 'Acme' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Enterprise' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add merchant' }));

    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Merchant 13700137000 added'));
    expect(bodiesOf(calls, 'admin/member/merchant/add')[0]).toEqual({
      email: '',
      mobile: '13700137000',
      password: 'Secret#2026',
      nickname: 'Acme',
      type: 'enterprise',
      remark: '',
      lang_code: 'en-US',
    });
    await waitFor(() => expect(bodiesOf(calls, 'admin/member/merchant/lists').length).toBeGreaterThan(listCallsBefore));
  });

  it('shows "account exists" from the server and keeps the dialog open', async () => {
    mockFetch(
      answerWith({
        'admin/member/merchant/add': { code: 11011, msg: 'This account is already registered, please log in' },
      }),
    );
    const feedback = recordFeedback();
    renderPage(<MerchantListPage />, { path: '/admin/merchant' });
    await screen.findByText('Lucy Trading');
    fireEvent.click(screen.getByRole('button', { name: /Add merchant/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'lucy@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'Secret#2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add merchant' }));
    await waitFor(() =>
      expect(feedback.error).toHaveBeenCalledWith('This account is already registered, please log in'),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('edits a merchant and asks for a confirmation before disabling it', async () => {
    const { calls } = mockFetch(
      answerWith({ 'admin/member/merchant/edit': makeMerchant({ status: 'disabled', remark: 'Chargeback' }) }),
    );
    const feedback = recordFeedback();
    renderPage(<MerchantListPage />, { path: '/admin/merchant' });
    const row = (await screen.findByText('Lucy Trading')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Merchant name') as HTMLInputElement).value).toBe('Lucy Trading');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Disabled' }));
    expect(await within(dialog).findByText(/signed out on every device at once/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'Chargeback' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const titles = await screen.findAllByText('Disable merchant lucy@example.com?');
    expect(bodiesOf(calls, 'admin/member/merchant/edit')).toHaveLength(0);
    const confirmDialog = titles.map((title) => title.closest('.ant-modal-confirm')).find(Boolean) as HTMLElement;
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Disable' }));

    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Merchant lucy@example.com saved'));
    expect(bodiesOf(calls, 'admin/member/merchant/edit')[0]).toEqual({
      id: 7,
      nickname: 'Lucy Trading',
      email: 'lucy@example.com',
      mobile: '13800138000',
      type: 'enterprise',
      status: 'disabled',
      remark: 'Chargeback',
      lang_code: 'en-US',
    });
  });

  it('enables a disabled merchant from its row after a confirmation', async () => {
    const { calls } = mockFetch(
      answerWith({ 'admin/member/merchant/edit': makeMerchant({ id: 9, status: 'active' }) }),
    );
    const feedback = recordFeedback();
    renderPage(<MerchantListPage />, { path: '/admin/merchant' });
    const row = (await screen.findByText('139****9000')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Enable' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Enable merchant 13900139000 again?')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(confirm).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Merchant enabled'));
    expect(bodiesOf(calls, 'admin/member/merchant/edit')[0]).toEqual({ id: 9, status: 'active', lang_code: 'en-US' });
  });

  it('shows an empty state when nothing matches', async () => {
    mockFetch(answerWith({ 'admin/member/merchant/lists': { list: [], total: 0 } }));
    recordFeedback();
    renderPage(<MerchantListPage />, { path: '/admin/merchant' });
    expect(await screen.findByText('No merchants match these filters')).toBeTruthy();
  });
});
