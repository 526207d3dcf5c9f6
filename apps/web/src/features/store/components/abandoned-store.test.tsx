import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { makeShop } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import StoreListPage from '../pages/store-list-page';

vi.mock('@/lib/leave-page', () => ({
  leavePageFor: vi.fn(),
  openPendingTab: vi.fn(() => ({ point: vi.fn(), close: vi.fn() })),
}));

type Answer = { code: number; msg?: string; data?: unknown };

// The merchant took the same store ID again after the first attempt was given up.
const SHOPS = [
  makeShop({
    id: 9,
    shop_id: 'lucyshop',
    shop_name: 'Lucy Shop',
    status: 'unpaid',
    expires_at: null,
    domain: null,
    ready_at: null,
    unpaid_bill_no: 'B9',
  }),
  makeShop({
    id: 4,
    shop_id: 'lucyshop',
    shop_name: 'Lucy Shop',
    status: 'cancelled',
    expires_at: null,
    domain: null,
    ready_at: null,
  }),
];

function answers(path: string): Answer {
  switch (path) {
    case 'merchant/parlour/shop/lists':
      return {
        code: 200,
        data: { list: SHOPS, total: 2, counts: { all: 2, operating: 0, disabled: 0, pending_renewal: 0 } },
      };
    case 'merchant/cms/notification/unread_lists':
      return { code: 200, data: { list: [], total: 0, unread_count: 0 } };
    default:
      return { code: 10004, msg: `no answer for ${path}` };
  }
}

async function cancelledRow() {
  await screen.findAllByText('Lucy Shop');
  const rows = screen.getAllByRole('row').filter((row) => row.getAttribute('data-row-key') === '4');
  expect(rows).toHaveLength(1);
  return rows[0];
}

afterEach(() => changeLanguage('en-US'));

describe('a store given up unpaid', { timeout: 20_000 }, () => {
  it('is shown as cancelled with its store ID released, why on hover, and only its bill to open', async () => {
    mockFetch(answers);
    recordFeedback();
    renderPage(<StoreListPage />, { path: '/merchant/store' });
    const row = await cancelledRow();
    expect(within(row).getByText('Cancelled')).toBeTruthy();
    const note = within(row).getByText('Payment not completed · store ID released');
    fireEvent.mouseEnter(note);
    expect(await screen.findByText(/was cancelled or not paid in time, so the store was never opened/)).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'View bill' }).getAttribute('href')).toBe(
      '/merchant/bill?shop_id=lucyshop',
    );
    // Nothing else can be done with it.
    expect(within(row).queryByRole('button', { name: 'Store admin' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Renew' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Pay' })).toBeNull();
    // The new store with the same ID is a row of its own, waiting for payment.
    const live = screen.getAllByRole('row').find((entry) => entry.getAttribute('data-row-key') === '9') as HTMLElement;
    expect(within(live).getByRole('button', { name: 'Pay' })).toBeTruthy();
  });

  it('says the same in Chinese', async () => {
    await act(async () => changeLanguage('zh-CN'));
    mockFetch(answers);
    recordFeedback();
    renderPage(<StoreListPage />, { path: '/merchant/store' });
    const row = await cancelledRow();
    expect(within(row).getByText('已取消')).toBeTruthy();
    expect(within(row).getByText('未完成支付 · 店铺 ID 已释放')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '查看账单' })).toBeTruthy();
  });
});
