import { ErrorCode } from '@parlour/contract/errors';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { bodiesOf } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import CashierPage from './cashier-page';

type Answer = { code: number; msg?: string; data?: unknown };
const BILL = {
  bill_no: 'B1',
  shop_name: 'Lucy Shop',
  product_name: 'Professional · 3 months',
  amount: 29_700,
  currency: 'CNY',
  pay_method: 'wechat',
  status: 'unpaid',
  expires_at: '2099-01-01T00:00:00.000Z',
  return_path: '/merchant/store?init=lucyshop',
};

function answerWith(detail: object = BILL, submit?: (body: { outcome: string }) => Answer) {
  return (path: string, body: unknown): Answer => {
    if (path === 'merchant/payment/sandbox/detail') return { code: 200, data: detail };
    if (path === 'merchant/payment/sandbox/submit' && submit) return submit(body as { outcome: string });
    return { code: 10004, msg: `no answer for ${path}` };
  };
}

const renderCashier = (url = '/cashier/B1?token=tok') => renderPage(<CashierPage />, { path: '/cashier/:billNo', url });

describe('sandbox cashier', { timeout: 20_000 }, () => {
  it('shows what is paid, clearly as the sandbox, then pays and returns to the console', async () => {
    const { calls } = mockFetch(answerWith(BILL, () => ({ code: 200, data: { ...BILL, status: 'paid' } })));
    recordFeedback();
    renderCashier();
    expect(await screen.findByTestId('cashier-amount')).toHaveProperty('textContent', 'CN¥297.00');
    expect(screen.getByText('Sandbox')).toBeTruthy();
    expect(screen.getByText(/sandbox cashier for development and testing/)).toBeTruthy();
    expect(screen.getByText('Professional · 3 months')).toBeTruthy();
    expect(screen.getByText('Lucy Shop')).toBeTruthy();
    expect(screen.getByText('WeChat Pay')).toBeTruthy();
    expect(screen.getByText(/^\d+d \d\dh \d\dm \d\ds$/)).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/payment/sandbox/detail')[0]).toEqual({ bill_no: 'B1', token: 'tok', lang_code: 'en-US' });

    fireEvent.click(screen.getByRole('button', { name: 'Pay CN¥297.00' }));
    expect(await screen.findByText('Payment successful')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/payment/sandbox/submit')[0]).toEqual({ bill_no: 'B1', token: 'tok', outcome: 'paid', lang_code: 'en-US' });
    expect(await screen.findByTestId('location', undefined, { timeout: 3_000 })).toHaveProperty('textContent', '/merchant/store?init=lucyshop');
  });

  it('shows a failed payment and stays, ready to try again', async () => {
    const { calls } = mockFetch(answerWith(BILL, () => ({ code: ErrorCode.PAYMENT_FAILED, msg: 'Payment failed, please try again or choose another method' })));
    const feedback = recordFeedback();
    renderCashier();
    fireEvent.click(await screen.findByRole('button', { name: 'Simulate a failed payment' }));
    expect(await screen.findByText('Payment failed, please try again or choose another method')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/payment/sandbox/submit')[0]).toMatchObject({ outcome: 'failed' });
    expect(feedback.error).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay CN¥297.00' })).toHaveProperty('disabled', false);
  });

  it('shows an expired bill with a way back to the bills', async () => {
    mockFetch(answerWith({ ...BILL, status: 'expired' }));
    recordFeedback();
    renderCashier();
    expect(await screen.findByText('This bill has expired; please place a new order')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to bills' }).getAttribute('href')).toBe('/merchant/bill');
  });

  it('refuses a link without its token', async () => {
    const { calls } = mockFetch(answerWith());
    recordFeedback();
    renderCashier('/cashier/B1');
    expect(await screen.findByText('This checkout link is not valid')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
