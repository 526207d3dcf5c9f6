import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { makeBill, makeShop } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import BillListPage from './bill-list-page';

vi.mock('@/lib/leave-page', () => ({ leavePageFor: vi.fn(), openPendingTab: vi.fn() }));

type Answer = { code: number; msg?: string; data?: unknown };

function answers(path: string): Answer {
  switch (path) {
    case 'merchant/order/order/lists':
      return {
        code: 200,
        data: { list: [makeBill({ type: 'new_store', product_name: 'New store · Professional · 1 month' })], total: 1 },
      };
    case 'merchant/parlour/shop/lists':
      return {
        code: 200,
        data: {
          list: [makeShop({ status: 'unpaid' })],
          total: 1,
          counts: { all: 1, operating: 0, disabled: 0, pending_renewal: 0 },
        },
      };
    default:
      return { code: 10004, msg: `no answer for ${path}` };
  }
}

describe('cancelling a new store bill', { timeout: 20_000 }, () => {
  it('cancelling the first bill of a store says beforehand that the store will not open and its ID is freed', async () => {
    mockFetch(answers);
    recordFeedback();
    renderPage(<BillListPage />, { path: '/merchant/bill' });
    const row = (await screen.findByText('B20250301080000123456')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText(
        'Bill B20250301080000123456 cannot be restored once cancelled. The store “Lucy Shop” will not be ' +
          'opened, and its store ID lucyshop becomes free to use again.',
      ),
    ).toBeTruthy();
  });
});
