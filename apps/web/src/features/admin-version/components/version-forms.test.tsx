import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAdminVersion } from '@/test/admin-fixtures';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import VersionListPage from '../pages/version-list-page';
import { parseAmount } from './version-prices-modal';

const PROFESSIONAL = makeAdminVersion({}, 12);

function answer(path: string) {
  if (path === 'admin/parlour/package/lists') return { code: 200, data: { list: [PROFESSIONAL], total: 1 } };
  if (path === 'admin/parlour/package/edit_price') return { code: 200, data: makeAdminVersion() };
  return { code: 10004, msg: `no answer for ${path}` };
}

const bodiesOf = (calls: { url: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.url === `/api/v1/${path}`).map((call) => call.body);

describe('operator version forms', { timeout: 20_000 }, () => {
  it('reads typed amounts strictly: negative and non-numeric ones are refused, not made 0', () => {
    expect(parseAmount('129.9', 'CNY')).toEqual({ amount: 12990 });
    expect(parseAmount(' 1,299.50 ', 'CNY')).toEqual({ amount: 129950 });
    expect(parseAmount('0', 'CNY')).toEqual({ amount: 0 });
    expect(parseAmount('-5', 'CNY')).toEqual({ problem: 'negative' });
    expect(parseAmount('-0.01', 'CNY')).toEqual({ problem: 'negative' });
    expect(parseAmount('abc', 'CNY')).toEqual({ problem: 'notNumber' });
    expect(parseAmount('12a', 'CNY')).toEqual({ problem: 'notNumber' });
    expect(parseAmount('1e3', 'CNY')).toEqual({ problem: 'notNumber' });
    expect(parseAmount('', 'CNY')).toEqual({ problem: 'required' });
    expect(parseAmount('99999999999', 'CNY')).toEqual({ problem: 'tooLarge' });
  });

  it('opens "add version" empty after a version was edited', async () => {
    mockFetch(answer);
    recordFeedback();
    renderPage(<VersionListPage />, { path: '/admin/version' });
    const row = (await screen.findByText('Professional')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Edit features' }));
    let dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Version (Chinese)') as HTMLInputElement).value).toBe('Professional');
    fireEvent.change(within(dialog).getByLabelText('Description (Chinese)'), { target: { value: 'typed, not saved' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: /Add version/ }));
    dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Version (Chinese)') as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByLabelText('Version (English)') as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByLabelText('Description (Chinese)') as HTMLTextAreaElement).value).toBe('');
    expect((within(dialog).getByLabelText('Feature 1 (Chinese)') as HTMLInputElement).value).toBe('');
    expect(within(dialog).queryByLabelText('Feature 2 (Chinese)')).toBeNull();
    expect((within(dialog).getByLabelText('Trial days') as HTMLInputElement).value).toBe('0');
  });

  it('refuses a negative or non-numeric price with a message naming it, and sends nothing', async () => {
    const { calls } = mockFetch(answer);
    const feedback = recordFeedback();
    renderPage(<VersionListPage />, { path: '/admin/version' });
    const row = (await screen.findByText('Professional')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit prices' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect((within(dialog).getByLabelText('1 month') as HTMLInputElement).value).toBe('100.00'));

    fireEvent.change(within(dialog).getByLabelText('1 month'), { target: { value: '-20' } });
    fireEvent.change(within(dialog).getByLabelText('3 months'), { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    expect(await within(dialog).findByText('Price for 1 month cannot be negative')).toBeTruthy();
    expect(within(dialog).getByText('Price for 3 months must be a number, e.g. 99.00')).toBeTruthy();
    // What was typed stays as typed.
    expect((within(dialog).getByLabelText('1 month') as HTMLInputElement).value).toBe('-20');
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('Please check the fields marked in red'));
    expect(bodiesOf(calls, 'admin/parlour/package/edit_price')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('1 month'), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText('3 months'), { target: { value: '59.9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(bodiesOf(calls, 'admin/parlour/package/edit_price')).toHaveLength(1));
    const sent = bodiesOf(calls, 'admin/parlour/package/edit_price')[0] as {
      prices: { type: string; term: number; amount: number }[];
    };
    expect(sent.prices.slice(0, 2)).toEqual([
      { type: 'month', term: 1, amount: 2000 },
      { type: 'month', term: 3, amount: 5990 },
    ]);
  });
});
