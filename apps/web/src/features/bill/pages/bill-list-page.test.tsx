import { ErrorCode } from '@parlour/contract/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leavePageFor } from '@/lib/leave-page';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { bodiesOf, makeBill, makeShop } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import BillListPage from './bill-list-page';

vi.mock('@/lib/leave-page', () => ({ leavePageFor: vi.fn(), openPendingTab: vi.fn() }));

// Calls recorded by the mocked module would otherwise carry over from one test to the next.
beforeEach(() => vi.clearAllMocks());

type Answer = { code: number; msg?: string; data?: unknown };
const BILLS = [
  makeBill(),
  makeBill({
    id: 2,
    bill_no: 'B2',
    type: 'new_store',
    status: 'paid',
    product_name: 'Professional · 1 year',
    amount: 99_900,
    paid_at: '2025-03-01T09:00:00.000Z',
  }),
];

function answerWith(overrides: Record<string, () => Answer> = {}) {
  return (path: string): Answer => {
    const override = overrides[path];
    if (override) return override();
    switch (path) {
      case 'merchant/payment/methods':
        return { code: 200, data: { list: ['wechat', 'alipay', 'paypal'] } };
      case 'merchant/order/order/lists':
        return { code: 200, data: { list: BILLS, total: 2 } };
      case 'merchant/parlour/shop/lists':
        return {
          code: 200,
          data: { list: [makeShop()], total: 1, counts: { all: 1, operating: 1, disabled: 0, pending_renewal: 0 } },
        };
      default:
        return { code: 10004, msg: `no answer for ${path}` };
    }
  };
}

describe('merchant bill list', { timeout: 20_000 }, () => {
  it('lists bills with type, amount, status and a countdown on unpaid ones', async () => {
    const { calls } = mockFetch(answerWith());
    recordFeedback();
    renderPage(<BillListPage />, { path: '/merchant/bill' });
    expect(await screen.findByText('B20250301080000123456')).toBeTruthy();
    expect(screen.getByText('Store renewal')).toBeTruthy();
    expect(screen.getByText('CN¥297.00')).toBeTruthy();
    expect(screen.getByText('CN¥999.00')).toBeTruthy();
    expect(screen.getByText('Unpaid')).toBeTruthy();
    expect(screen.getByText(/^\d+d \d\dh \d\dm \d\ds$/)).toBeTruthy();
    const paidRow = screen.getByText('B2').closest('tr') as HTMLElement;
    expect(within(paidRow).queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(bodiesOf(calls, 'merchant/order/order/lists')[0]).toEqual({ page: 1, limit: 10, lang_code: 'en-US' });
  });

  it('shows a refund under way or failed under the status of its bill', async () => {
    const list = [
      makeBill({ status: 'paid', refund_state: 'pending' }),
      makeBill({ id: 2, bill_no: 'B2', status: 'paid', refund_state: 'failed' }),
      makeBill({ id: 3, bill_no: 'B3', status: 'refunded' }),
    ];
    mockFetch(answerWith({ 'merchant/order/order/lists': () => ({ code: 200, data: { list, total: 3 } }) }));
    recordFeedback();
    renderPage(<BillListPage />, { path: '/merchant/bill' });
    const pendingRow = (await screen.findByText('B20250301080000123456')).closest('tr') as HTMLElement;
    expect(within(pendingRow).getByText('Paid')).toBeTruthy();
    // "In progress" while under way, red when failed.
    expect(within(pendingRow).getByText('Refund in progress').closest('.ant-tag')?.className).toContain(
      'ant-tag-processing',
    );
    expect(
      within(screen.getByText('B2').closest('tr') as HTMLElement)
        .getByText('Refund failed')
        .closest('.ant-tag')?.className,
    ).toContain('ant-tag-error');
    const refundedRow = screen.getByText('B3').closest('tr') as HTMLElement;
    expect(within(refundedRow).getByText('Refunded')).toBeTruthy();
    expect(within(refundedRow).queryByTestId('refund-state-tag')).toBeNull();
  });

  it('filters by status, type, store and keyword', async () => {
    const { calls } = mockFetch(answerWith());
    recordFeedback();
    renderPage(<BillListPage />, { path: '/merchant/bill' });
    await screen.findByText('B2');
    fireEvent.mouseDown(screen.getByLabelText('Status'));
    fireEvent.click(await screen.findByTitle('Paid'));
    fireEvent.mouseDown(screen.getByLabelText('Bill type'));
    fireEvent.click(await screen.findByTitle('New store'));
    fireEvent.mouseDown(screen.getByLabelText('Store'));
    fireEvent.click(await screen.findByTitle('Lucy Shop (lucyshop)'));
    fireEvent.change(screen.getByLabelText('Search bills'), { target: { value: ' B2 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/order/order/lists').at(-1)).toEqual({
        status: 'paid',
        type: 'new_store',
        shop_id: 'lucyshop',
        keyword: 'B2',
        page: 1,
        limit: 10,
        lang_code: 'en-US',
      }),
    );
  });

  it('shows every field of a bill in its detail', async () => {
    mockFetch(answerWith());
    recordFeedback();
    renderPage(<BillListPage />, { path: '/merchant/bill' });
    const row = (await screen.findByText('B2')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Details' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Bill details')).toBeTruthy();
    expect(within(drawer).getByText('Professional · 1 year')).toBeTruthy();
    expect(within(drawer).getByText('Online')).toBeTruthy();
    expect(within(drawer).getByText('Alipay')).toBeTruthy();
  });

  it('pays an unpaid bill with the chosen method', async () => {
    const { calls } = mockFetch(
      answerWith({
        'merchant/order/order/pay_page': () => ({
          code: 200,
          data: {
            bill_no: 'B1',
            provider: 'sandbox',
            pay_method: 'paypal',
            pay_url: '/cashier/B1?token=t',
            expires_at: '2099-01-01T00:00:00.000Z',
          },
        }),
      }),
    );
    recordFeedback();
    renderPage(<BillListPage />, { path: '/merchant/bill' });
    const row = (await screen.findByText('B20250301080000123456')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog');
    expect(((await within(dialog).findByRole('radio', { name: /Alipay/ })) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /PayPal/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/cashier/B1?token=t'));
    expect(bodiesOf(calls, 'merchant/order/order/pay_page')[0]).toEqual({
      bill_no: 'B20250301080000123456',
      pay_method: 'paypal',
      lang_code: 'en-US',
    });
  });

  it('shows the expired-order message when the bill expired meanwhile', async () => {
    mockFetch(
      answerWith({
        'merchant/order/order/pay_page': () => ({
          code: ErrorCode.ORDER_EXPIRED,
          msg: 'This order has expired, please place a new one',
        }),
      }),
    );
    const feedback = recordFeedback();
    renderPage(<BillListPage />, { path: '/merchant/bill' });
    const row = (await screen.findByText('B20250301080000123456')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Pay' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('This order has expired, please place a new one'));
    expect(leavePageFor).not.toHaveBeenCalled();
  });

  it('cancels an unpaid bill after confirming', async () => {
    const { calls } = mockFetch(
      answerWith({ 'merchant/order/order/cancel': () => ({ code: 200, data: { ...BILLS[0], status: 'cancelled' } }) }),
    );
    const feedback = recordFeedback();
    renderPage(<BillListPage />, { path: '/merchant/bill' });
    const row = (await screen.findByText('B20250301080000123456')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Cancel this bill?')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/order/order/cancel')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel bill' }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Bill cancelled'));
    expect(bodiesOf(calls, 'merchant/order/order/cancel')[0]).toEqual({
      bill_no: 'B20250301080000123456',
      lang_code: 'en-US',
    });
    // The list is asked again.
    await waitFor(() => expect(bodiesOf(calls, 'merchant/order/order/lists').length).toBeGreaterThan(1));
  });

  it('opens the pay dialog of the bill the cashier sent back to choose another method (?pay=)', async () => {
    const { calls } = mockFetch(answerWith());
    recordFeedback();
    renderPage(<BillListPage />, {
      path: '/merchant/bill',
      url: '/merchant/bill?keyword=B20250301080000123456&pay=B20250301080000123456',
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('B20250301080000123456')).toBeTruthy();
    expect(await within(dialog).findByRole('radio', { name: /PayPal/ })).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/order/order/lists')[0]).toMatchObject({ keyword: 'B20250301080000123456' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says the payment went through when the cashier returns with ?paid=', async () => {
    mockFetch(answerWith());
    recordFeedback();
    renderPage(<BillListPage />, { path: '/merchant/bill', url: '/merchant/bill?paid=B2' });
    expect(await screen.findByText('Payment received: bill B2 is paid')).toBeTruthy();
  });
});
