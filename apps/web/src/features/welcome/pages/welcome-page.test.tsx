import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { adminUserinfo, merchantUserinfo, mockFetch, recordFeedback } from '@/test/helpers';
import { bodiesOf } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import WelcomePage from './welcome-page';

type Counts = { all: number; operating: number; disabled: number; pending_renewal: number };
const BALANCE = {
  active_packages: 1,
  units_left: 8_500,
  first_expires_at: '2099-01-01T00:00:00.000Z',
  days_to_first_expiry: 40,
};

function answer(counts: Counts, { unpaid = 0, balance = BALANCE } = {}) {
  return (path: string) => {
    switch (path) {
      case 'merchant/parlour/shop/lists':
        return { code: 200, data: { list: [], total: counts.all, counts } };
      case 'merchant/order/order/lists':
        return { code: 200, data: { list: [], total: unpaid } };
      case 'merchant/open/report/dashboard':
        return { code: 200, data: { balance } };
      default:
        return { code: 10004, msg: `no answer for ${path}` };
    }
  };
}

describe('welcome page', { timeout: 20_000 }, () => {
  it('guides a merchant without a store to create the first one', async () => {
    useSessionStore.getState().signIn('merchant', merchantUserinfo);
    mockFetch(answer({ all: 0, operating: 0, disabled: 0, pending_renewal: 0 }));
    recordFeedback();
    renderPage(<WelcomePage />, { path: '/platform' });
    expect(await screen.findByRole('heading', { name: 'Create your first store' })).toBeTruthy();
    expect(screen.queryByText('Needs your attention')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create your first store' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/merchant/store?create=trial');
  });

  it('sums up a returning merchant: stores by status, unpaid bills, units left and what needs attention', async () => {
    useSessionStore.getState().signIn('merchant', merchantUserinfo);
    const { calls } = mockFetch(answer({ all: 4, operating: 2, disabled: 1, pending_renewal: 1 }, { unpaid: 2 }));
    recordFeedback();
    renderPage(<WelcomePage />, { path: '/platform' });
    expect(await screen.findByText('Needs your attention')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Create your first store' })).toBeNull();
    expect(screen.getByText('Operating 2')).toBeTruthy();
    expect(screen.getByText('Pending renewal 1')).toBeTruthy();
    expect(screen.getByText('Disabled 1')).toBeTruthy();
    expect(await screen.findByText('8,500')).toBeTruthy();
    const renew = screen.getByRole('link', { name: '1 store is pending renewal: renew it before it is disabled' });
    expect(renew.getAttribute('href')).toBe('/merchant/store?tab=pending_renewal');
    expect(screen.getByRole('link', { name: '2 bills are waiting for payment' }).getAttribute('href')).toBe(
      '/merchant/bill?status=unpaid',
    );
    expect(bodiesOf(calls, 'merchant/parlour/shop/lists')[0]).toMatchObject({ tab: 'all', page: 1, limit: 1 });
    expect(bodiesOf(calls, 'merchant/order/order/lists')[0]).toMatchObject({ status: 'unpaid', page: 1, limit: 1 });
  });

  it('says nothing needs attention when all is well, and warns of a package about to expire', async () => {
    useSessionStore.getState().signIn('merchant', merchantUserinfo);
    mockFetch(answer({ all: 1, operating: 1, disabled: 0, pending_renewal: 0 }));
    recordFeedback();
    const first = renderPage(<WelcomePage />, { path: '/platform' });
    expect(await screen.findByText('Nothing needs your attention')).toBeTruthy();
    first.unmount();

    mockFetch(
      answer(
        { all: 1, operating: 1, disabled: 0, pending_renewal: 0 },
        { balance: { ...BALANCE, days_to_first_expiry: 3 } },
      ),
    );
    renderPage(<WelcomePage />, { path: '/platform' });
    const card = (await screen.findByText('Needs your attention')).closest('.ant-card') as HTMLElement;
    expect(await within(card).findByText('A traffic package expires in 3 days')).toBeTruthy();
  });

  it('greets a merchant who has just registered as new, and welcomes them back on later sign-ins', async () => {
    useSessionStore.getState().signIn('merchant', { ...merchantUserinfo, is_first_sign_in: true });
    mockFetch(answer({ all: 0, operating: 0, disabled: 0, pending_renewal: 0 }));
    recordFeedback();
    const first = renderPage(<WelcomePage />, { path: '/platform' });
    expect(await screen.findByRole('heading', { name: 'Welcome to Parlour, Lucy' })).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    first.unmount();

    useSessionStore.getState().signIn('merchant', { ...merchantUserinfo, is_first_sign_in: false });
    renderPage(<WelcomePage />, { path: '/platform' });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Lucy' })).toBeTruthy();
  });

  it('shows an operator no merchant summary and makes no merchant call', async () => {
    useSessionStore.getState().signIn('admin', adminUserinfo);
    const { calls } = mockFetch(() => ({ code: 10004 }));
    recordFeedback();
    renderPage(<WelcomePage />, { path: '/platform' });
    expect(await screen.findByText('Quick links')).toBeTruthy();
    expect(screen.queryByText('Create your first store')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
