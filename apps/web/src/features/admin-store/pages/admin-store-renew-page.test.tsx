import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dayjs } from '@/lib/dayjs';
import { makeAdminShop, makeVersion } from '@/test/admin-fixtures';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import AdminStoreRenewPage, { expiryAfterRenewal } from './admin-store-renew-page';

const URL = '/admin/store/renew?shop_id=lucyshop';

function answer(path: string) {
  switch (path) {
    case 'admin/parlour/shop/lists':
      // The keyword also matches other stores whose name contains it: the page takes the exact ID.
      return {
        code: 200,
        data: {
          list: [makeAdminShop({ id: 4, shop_id: 'lucyshop2', shop_name: 'Lucy Two' }), makeAdminShop()],
          total: 2,
          counts: { all: 2, operating: 2, disabled: 0, pending_renewal: 0 },
        },
      };
    case 'admin/parlour/shop/package_lists':
      return { code: 200, data: { list: [makeVersion()], total: 1 } };
    case 'admin/parlour/shop/renew':
      return { code: 200, data: { shop: makeAdminShop({ expires_at: '2030-09-01T00:00:00.000Z' }), bill: {} } };
    default:
      return { code: 10004, msg: `no answer for ${path}` };
  }
}

describe('operator store renewal', { timeout: 20_000 }, () => {
  it('adds the term to the current expiry, or to now once it has passed', () => {
    const now = dayjs('2026-03-10T00:00:00.000Z');
    expect(expiryAfterRenewal('2026-04-01T00:00:00.000Z', { term_type: 'month', term: 3 }, now).toISOString()).toBe(
      '2026-07-01T00:00:00.000Z',
    );
    expect(expiryAfterRenewal('2026-01-01T00:00:00.000Z', { term_type: 'year', term: 1 }, now).toISOString()).toBe(
      '2027-03-10T00:00:00.000Z',
    );
    expect(expiryAfterRenewal(null, { term_type: 'month', term: 1 }, now).toISOString()).toBe(
      '2026-04-10T00:00:00.000Z',
    );
  });

  it('shows the store, the price of the chosen term and the resulting expiry, then records the renewal', async () => {
    const { calls } = mockFetch(answer);
    const feedback = recordFeedback();
    renderPage(<AdminStoreRenewPage />, { path: '/admin/store/renew', url: URL });

    expect(await screen.findByText('Lucy Shop')).toBeTruthy();
    expect(screen.getByText('shop@example.com (ID 7)')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ keyword: 'lucyshop', page: 1, limit: 20, lang_code: 'en-US' });
    expect(await screen.findByText('CN¥100.00', { selector: 'td *, td' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /3 months/ }));
    expect(await screen.findByText('CN¥300.00', { selector: 'td *, td' })).toBeTruthy();
    const expected = expiryAfterRenewal('2030-06-01T00:00:00.000Z', { term_type: 'month', term: 3 }).format(
      'YYYY-MM-DD HH:mm',
    );
    expect(screen.getByText(expected)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Remark'), { target: { value: 'Bank transfer 881' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record renewal' }));

    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/admin/store');
    const renewal = calls.find((call) => call.url === '/api/v1/admin/parlour/shop/renew');
    expect(renewal?.body).toEqual({
      shop_id: 'lucyshop',
      term_type: 'month',
      term: 3,
      remark: 'Bank transfer 881',
      lang_code: 'en-US',
    });
    expect(feedback.success).toHaveBeenCalledWith(
      `“Lucy Shop” renewed until ${dayjs('2030-09-01T00:00:00.000Z').format('YYYY-MM-DD HH:mm')}`,
    );
  });

  it('offers the current version (the default) and the listed higher ones; a higher one is priced at it and sent', async () => {
    const versions = [
      makeVersion({ id: 1, name: 'Starter', sort: 0, prices: [{ type: 'month', term: 1, amount: 5_000 }] }),
      makeVersion(),
      makeVersion({
        id: 3,
        name: 'Enterprise',
        sort: 2,
        prices: [
          { type: 'month', term: 1, amount: 30_000 },
          { type: 'month', term: 3, amount: 90_000 },
        ],
      }),
      makeVersion({ id: 4, name: 'Legacy Max', sort: 3, status: 'disabled' }),
    ];
    const { calls } = mockFetch((path) =>
      path === 'admin/parlour/shop/package_lists'
        ? { code: 200, data: { list: versions, total: versions.length } }
        : answer(path),
    );
    recordFeedback();
    renderPage(<AdminStoreRenewPage />, { path: '/admin/store/renew', url: URL });

    expect(await screen.findByText('CN¥100.00', { selector: 'td *, td' })).toBeTruthy();
    expect(screen.getByTestId('renew-version').textContent).toBe('Professional');
    expect(screen.getByTitle('Professional (current)')).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('Version'));
    expect(await screen.findByRole('option', { name: 'Enterprise' })).toBeTruthy();
    // Only the current version and the listed higher ones: not a lower one, not an unlisted one.
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual([
      'Professional (current)',
      'Enterprise',
    ]);
    fireEvent.click(screen.getAllByTitle('Enterprise').at(-1) as HTMLElement);

    expect(await screen.findByText('CN¥300.00', { selector: 'td *, td' })).toBeTruthy();
    expect(screen.getByTestId('renew-version').textContent).toBe('Enterprise');
    expect(screen.getByText(/Renewing into Enterprise/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /3 months/ }));
    expect(await screen.findByText('CN¥900.00', { selector: 'td *, td' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Record renewal' }));
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/admin/store');
    const renewal = calls.find((call) => call.url === '/api/v1/admin/parlour/shop/renew');
    expect(renewal?.body).toEqual({
      shop_id: 'lucyshop',
      package_id: 3,
      term_type: 'month',
      term: 3,
      remark: '',
      lang_code: 'en-US',
    });
  });

  it('says so when the store does not exist, and offers the way back', async () => {
    mockFetch((path) =>
      path === 'admin/parlour/shop/lists'
        ? { code: 200, data: { list: [], total: 0, counts: { all: 0, operating: 0, disabled: 0, pending_renewal: 0 } } }
        : { code: 10004 },
    );
    recordFeedback();
    renderPage(<AdminStoreRenewPage />, { path: '/admin/store/renew', url: '/admin/store/renew?shop_id=ghost' });
    expect(await screen.findByText('Store not found')).toBeTruthy();
    expect(screen.getByText('No store has the ID “ghost”.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: /Back to stores/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/store'));
  });
});
