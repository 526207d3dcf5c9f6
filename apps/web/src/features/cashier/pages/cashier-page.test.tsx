import { ErrorCode } from '@parlour/contract/errors';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { leavePageFor } from '@/lib/leave-page';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { bodiesOf } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import CashierPage from './cashier-page';

vi.mock('@/lib/leave-page', () => ({ leavePageFor: vi.fn(), postFormTo: vi.fn(), openPendingTab: vi.fn() }));
beforeEach(() => vi.clearAllMocks());

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
    expect(bodiesOf(calls, 'merchant/payment/sandbox/detail')[0]).toEqual({
      bill_no: 'B1',
      token: 'tok',
      lang_code: 'en-US',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Pay CN¥297.00' }));
    expect(await screen.findByText('Payment successful')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/payment/sandbox/submit')[0]).toEqual({
      bill_no: 'B1',
      token: 'tok',
      outcome: 'paid',
      lang_code: 'en-US',
    });
    expect(await screen.findByTestId('location', undefined, { timeout: 3_000 })).toHaveProperty(
      'textContent',
      '/merchant/store?init=lucyshop',
    );
  });

  it('shows a failed payment and stays, ready to try again', async () => {
    const { calls } = mockFetch(
      answerWith(BILL, () => ({
        code: ErrorCode.PAYMENT_FAILED,
        msg: 'Payment failed, please try again or choose another method',
      })),
    );
    const feedback = recordFeedback();
    renderCashier();
    fireEvent.click(await screen.findByRole('button', { name: 'Simulate a failed payment' }));
    expect(await screen.findByText('Payment failed, please try again or choose another method')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/payment/sandbox/submit')[0]).toMatchObject({ outcome: 'failed' });
    expect(feedback.error).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay CN¥297.00' })).toHaveProperty('disabled', false);
    // "Choose another method" is a way, not just words: the bill's pay dialog in the console.
    const failure = screen
      .getByText('Payment failed, please try again or choose another method')
      .closest('[role="alert"]') as HTMLElement;
    expect(within(failure).getByRole('link', { name: 'Choose another method' }).getAttribute('href')).toBe(
      '/merchant/bill?keyword=B1&pay=B1',
    );
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

describe('provider cashier', { timeout: 30_000 }, () => {
  const WECHAT = { ...BILL, provider: 'wechat', flow: { flow: 'qr', code_url: 'weixin://wxpay/bizpayurl?pr=abc' } };
  const ALIPAY = {
    ...BILL,
    pay_method: 'alipay',
    provider: 'alipay',
    flow: { flow: 'redirect', url: 'https://openapi.alipay.test/gateway.do?x=1', method: 'GET' },
  };

  it('shows the WeChat Pay QR code, waits, and moves on only once the server says paid', async () => {
    let status = 'unpaid';
    const { calls } = mockFetch((path) =>
      path === 'merchant/payment/sandbox/detail' ? { code: 200, data: { ...WECHAT, status } } : { code: 10004 },
    );
    recordFeedback();
    renderCashier();
    expect(await screen.findByTestId('cashier-qr')).toBeTruthy();
    expect(screen.getByText('Scan with WeChat Pay to pay')).toBeTruthy();
    expect(screen.getByText('Waiting for payment…')).toBeTruthy();
    expect(screen.queryByText('Sandbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    await waitFor(() => expect(bodiesOf(calls, 'merchant/payment/sandbox/detail').length).toBeGreaterThan(1), {
      timeout: 5_000,
    });
    expect(screen.queryByText('Payment successful')).toBeNull();
    status = 'paid';
    expect(await screen.findByText('Payment successful', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByTestId('location', undefined, { timeout: 3_000 })).toHaveProperty(
      'textContent',
      '/merchant/store?init=lucyshop',
    );
  });

  it('keeps the QR code on a failed poll, says the connection is lost and recovers', async () => {
    let isDown = false;
    mockFetch((path) => {
      if (path !== 'merchant/payment/sandbox/detail') return { code: 10004 };
      if (isDown) return new TypeError('Failed to fetch') as never;
      return { code: 200, data: WECHAT };
    });
    const feedback = recordFeedback();
    renderCashier();
    expect(await screen.findByTestId('cashier-qr')).toBeTruthy();
    isDown = true;
    expect(await screen.findByText('Connection lost. Retrying…', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('cashier-qr')).toBeTruthy();
    isDown = false;
    await waitFor(() => expect(screen.queryByText('Connection lost. Retrying…')).toBeNull(), { timeout: 5_000 });
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('sends the payer to Alipay with one click', async () => {
    mockFetch((path) => (path === 'merchant/payment/sandbox/detail' ? { code: 200, data: ALIPAY } : { code: 10004 }));
    recordFeedback();
    renderCashier();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to Alipay' }));
    expect(leavePageFor).toHaveBeenCalledWith('https://openapi.alipay.test/gateway.do?x=1');
  });

  it('back from the provider, only shows progress until the server says paid', async () => {
    let status = 'unpaid';
    mockFetch((path) =>
      path === 'merchant/payment/sandbox/detail' ? { code: 200, data: { ...ALIPAY, status } } : { code: 10004 },
    );
    recordFeedback();
    renderCashier('/cashier/B1?return=1&cashier_token=tok');
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue to Alipay' })).toBeNull();
    expect(screen.queryByText('Payment successful')).toBeNull();
    status = 'paid';
    expect(await screen.findByText('Payment successful', undefined, { timeout: 5_000 })).toBeTruthy();
  });

  it('back from PayPal without paying offers to go again', async () => {
    const { calls } = mockFetch((path) =>
      path === 'merchant/payment/sandbox/detail'
        ? { code: 200, data: { ...ALIPAY, pay_method: 'paypal', provider: 'paypal' } }
        : { code: 10004 },
    );
    recordFeedback();
    renderCashier('/cashier/B1?return=1&cashier_token=tok&cancelled=1&token=PAYPALORDER&PayerID=P1');
    expect(await screen.findByText('The payment at PayPal was not completed. You can try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue to PayPal' })).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/payment/sandbox/detail')[0]).toMatchObject({ bill_no: 'B1', token: 'tok' });
  });

  const PAYPAL = {
    ...ALIPAY,
    pay_method: 'paypal',
    provider: 'paypal',
    amount: 29_900,
    charged_amount: 4_186,
    charged_currency: 'USD',
    charge_rate: '0.14',
  };

  it("says what PayPal charges in the operator's currency and at which rate, beside the bill's amount", async () => {
    mockFetch((path) => (path === 'merchant/payment/sandbox/detail' ? { code: 200, data: PAYPAL } : { code: 10004 }));
    recordFeedback();
    renderCashier();
    expect(await screen.findByTestId('cashier-amount')).toHaveProperty('textContent', 'CN¥299.00');
    expect(screen.getByTestId('cashier-charged')).toHaveProperty(
      'textContent',
      'You will be charged USD\u00a041.86 by PayPal (rate: 1 CNY = 0.14 USD)',
    );
  });

  it('says it in Chinese too', async () => {
    mockFetch((path) => (path === 'merchant/payment/sandbox/detail' ? { code: 200, data: PAYPAL } : { code: 10004 }));
    recordFeedback();
    await act(() => i18n.changeLanguage('zh-CN'));
    try {
      renderCashier();
      expect(await screen.findByTestId('cashier-charged')).toHaveProperty(
        'textContent',
        'PayPal 贝宝 将向您收取 USD\u00a041.86（汇率：1 CNY = 0.14 USD）',
      );
    } finally {
      await act(() => i18n.changeLanguage('en-US'));
    }
  });

  it('says nothing more when the bill is charged in its own amount and currency', async () => {
    mockFetch((path) =>
      path === 'merchant/payment/sandbox/detail'
        ? { code: 200, data: { ...ALIPAY, charged_amount: null, charged_currency: null, charge_rate: null } }
        : { code: 10004 },
    );
    recordFeedback();
    renderCashier();
    expect(await screen.findByTestId('cashier-amount')).toBeTruthy();
    expect(screen.queryByTestId('cashier-charged')).toBeNull();
  });

  it('says an expired bill is expired, whatever the flow', async () => {
    mockFetch((path) =>
      path === 'merchant/payment/sandbox/detail'
        ? { code: 200, data: { ...WECHAT, status: 'expired' } }
        : { code: 10004 },
    );
    recordFeedback();
    renderCashier();
    expect(await screen.findByText('This bill has expired; please place a new order')).toBeTruthy();
    expect(screen.queryByTestId('cashier-qr')).toBeNull();
  });
});
