import { ErrorCode } from '@parlour/contract/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dayjs } from '@/lib/dayjs';
import { leavePageFor } from '@/lib/leave-page';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { bodiesOf, makeBill, makeShop, makeVersion } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import StoreRenewPage, { renewedExpiry } from './store-renew-page';

vi.mock('@/lib/leave-page', () => ({ leavePageFor: vi.fn(), openPendingTab: vi.fn() }));

// Calls recorded by the mocked module would otherwise carry over from one test to the next.
beforeEach(() => vi.clearAllMocks());

type Answer = { code: number; msg?: string; data?: unknown };
const PAYMENT = {
  bill_no: 'B9',
  provider: 'sandbox',
  pay_method: 'wechat',
  pay_url: '/cashier/B9?token=t9',
  expires_at: '2099-01-01T00:00:00.000Z',
};

function answerWith(overrides: Record<string, () => Answer> = {}) {
  return (path: string): Answer => {
    const override = overrides[path];
    if (override) return override();
    switch (path) {
      case 'merchant/parlour/shop/lists':
        return {
          code: 200,
          data: {
            list: [makeShop({ shop_id: 'lucyshop2', shop_name: 'Other' }), makeShop()],
            total: 2,
            counts: { all: 2, operating: 2, disabled: 0, pending_renewal: 0 },
          },
        };
      case 'merchant/parlour/package/lists':
        return { code: 200, data: { list: [makeVersion()], total: 1 } };
      case 'merchant/payment/methods':
        return { code: 200, data: { list: ['wechat', 'alipay', 'paypal'] } };
      default:
        return { code: 10004, msg: `no answer for ${path}` };
    }
  };
}

const renderRenew = (shopId = 'lucyshop') =>
  renderPage(<StoreRenewPage />, { path: '/merchant/store/renew', url: `/merchant/store/renew?shop_id=${shopId}` });

describe('renewedExpiry', () => {
  it('adds the term to the current expiry, or to now once it is past', () => {
    const now = dayjs('2025-05-01T00:00:00.000Z');
    expect(renewedExpiry('2025-06-30T00:00:00.000Z', { term_type: 'month', term: 3 }, now).toISOString()).toBe(
      '2025-09-30T00:00:00.000Z',
    );
    expect(renewedExpiry('2025-01-01T00:00:00.000Z', { term_type: 'year', term: 1 }, now).toISOString()).toBe(
      '2026-05-01T00:00:00.000Z',
    );
    expect(renewedExpiry(null, { term_type: 'month', term: 1 }, now).toISOString()).toBe('2025-06-01T00:00:00.000Z');
  });
});

describe('store renewal page', { timeout: 20_000 }, () => {
  it('shows the store, the price and the new expiry of the chosen term, and needs a pay method', async () => {
    const { calls } = mockFetch(
      answerWith({
        'merchant/parlour/shop/renew': () => ({
          code: 200,
          data: { shop: makeShop(), bill: makeBill(), payment: PAYMENT },
        }),
      }),
    );
    const feedback = recordFeedback();
    renderRenew();
    expect(await screen.findByText('Lucy Shop')).toBeTruthy();
    expect(screen.getByText('Operating')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/parlour/shop/lists')[0]).toEqual({
      keyword: 'lucyshop',
      page: 1,
      limit: 20,
      lang_code: 'en-US',
    });
    await waitFor(() => expect(screen.getByTestId('renew-price').textContent).toBe('CN¥99.00'));
    expect(screen.getByTestId('new-expiry').textContent).toBe(
      dayjs('2099-06-30T00:00:00.000Z').add(1, 'month').format('YYYY-MM-DD HH:mm'),
    );

    fireEvent.click(screen.getByRole('radio', { name: /6 months/ }));
    await waitFor(() => expect(screen.getByTestId('renew-price').textContent).toBe('CN¥594.00'));
    expect(screen.getByTestId('new-expiry').textContent).toBe(
      dayjs('2099-06-30T00:00:00.000Z').add(6, 'month').format('YYYY-MM-DD HH:mm'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Go to payment' }));
    expect(await screen.findByText('Pay method is required')).toBeTruthy();
    expect(feedback.error).toHaveBeenCalledWith('Please check the fields marked in red');
    expect(bodiesOf(calls, 'merchant/parlour/shop/renew')).toHaveLength(0);

    fireEvent.click(await screen.findByRole('radio', { name: /WeChat Pay/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/cashier/B9?token=t9'));
    expect(bodiesOf(calls, 'merchant/parlour/shop/renew')[0]).toEqual({
      shop_id: 'lucyshop',
      pay_method: 'wechat',
      term_type: 'month',
      term: 6,
      lang_code: 'en-US',
    });
  });

  it('renews into a higher version: preselected from the link, priced at that version, the version sent; a lower one is not offered', async () => {
    const monthly = (perMonth: number) =>
      makeVersion().prices.map((price) => ({
        ...price,
        amount: price.type === 'month' ? perMonth * price.term : perMonth * 10 * price.term,
      }));
    const versions = [
      makeVersion({ id: 1, name: 'Starter', sort: 0, prices: monthly(4_900) }),
      makeVersion(),
      makeVersion({ id: 3, name: 'Enterprise', sort: 2, prices: monthly(29_900) }),
      makeVersion({ id: 4, name: 'Flagship', sort: 3, prices: monthly(49_900) }),
    ];
    const { calls } = mockFetch(
      answerWith({
        'merchant/parlour/package/lists': () => ({ code: 200, data: { list: versions, total: versions.length } }),
        'merchant/parlour/shop/renew': () => ({
          code: 200,
          data: { shop: makeShop(), bill: makeBill(), payment: PAYMENT },
        }),
      }),
    );
    renderPage(<StoreRenewPage />, {
      path: '/merchant/store/renew',
      url: '/merchant/store/renew?shop_id=lucyshop&version=3',
    });
    expect(await screen.findByText('Lucy Shop')).toBeTruthy();
    const enterprise = await screen.findByRole('radio', { name: 'Enterprise' });
    await waitFor(() => expect((enterprise as HTMLInputElement).checked).toBe(true));
    expect(screen.getByRole('radio', { name: /\(current\)$/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Flagship' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Starter' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('renew-price').textContent).toBe('CN¥299.00'));
    expect(screen.getByTestId('renew-version').textContent).toBe('Enterprise');
    expect(screen.getByText(/the store moves to it when the bill is paid/)).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Flagship' }));
    await waitFor(() => expect(screen.getByTestId('renew-price').textContent).toBe('CN¥499.00'));
    fireEvent.click(screen.getByRole('radio', { name: /WeChat Pay/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/cashier/B9?token=t9'));
    expect(bodiesOf(calls, 'merchant/parlour/shop/renew')[0]).toEqual({
      shop_id: 'lucyshop',
      pay_method: 'wechat',
      package_id: 4,
      term_type: 'month',
      term: 1,
      lang_code: 'en-US',
    });
  });

  it('ignores a version in the link that is not higher, and renews the current version without naming one', async () => {
    const versions = [makeVersion({ id: 1, name: 'Starter', sort: 0 }), makeVersion()];
    const { calls } = mockFetch(
      answerWith({
        'merchant/parlour/package/lists': () => ({ code: 200, data: { list: versions, total: versions.length } }),
        'merchant/parlour/shop/renew': () => ({
          code: 200,
          data: { shop: makeShop(), bill: makeBill(), payment: PAYMENT },
        }),
      }),
    );
    renderPage(<StoreRenewPage />, {
      path: '/merchant/store/renew',
      url: '/merchant/store/renew?shop_id=lucyshop&version=1',
    });
    expect(await screen.findByText('Lucy Shop')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('renew-price').textContent).toBe('CN¥99.00'));
    // No higher version: no choice at all.
    expect(screen.queryByRole('radio', { name: 'Starter' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /WeChat Pay/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalled());
    expect(bodiesOf(calls, 'merchant/parlour/shop/renew')[0]).not.toHaveProperty('package_id');
  });

  it('offers the unpaid renewal bill that exists already', async () => {
    const { calls } = mockFetch(
      answerWith({
        'merchant/parlour/shop/renew': () => ({
          code: ErrorCode.ORDER_EXISTS,
          msg: 'An unpaid order exists already, please pay or cancel it first',
          data: { bill_no: 'B7' },
        }),
        'merchant/order/order/pay_page': () => ({
          code: 200,
          data: { ...PAYMENT, bill_no: 'B7', pay_url: '/cashier/B7?token=t7' },
        }),
      }),
    );
    const feedback = recordFeedback();
    renderRenew();
    await screen.findByText('Lucy Shop');
    fireEvent.click(await screen.findByRole('radio', { name: /Alipay/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to payment' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/already has an unpaid renewal bill \(B7\)/)).toBeTruthy();
    expect(feedback.error).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay that bill' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/cashier/B7?token=t7'));
    expect(bodiesOf(calls, 'merchant/order/order/pay_page')[0]).toEqual({ bill_no: 'B7', lang_code: 'en-US' });
  });

  it('says so when the store is not one of the merchant’s', async () => {
    mockFetch(answerWith());
    recordFeedback();
    renderRenew('nosuchshop');
    expect(await screen.findByText('Store not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to stores' }).getAttribute('href')).toBe('/merchant/store');
  });
});
