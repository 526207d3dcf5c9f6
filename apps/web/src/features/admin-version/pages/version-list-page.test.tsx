import { ALL_TERMS } from '@parlour/contract/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeAdminVersion } from '@/test/admin-fixtures';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import { toMinorUnits } from '../components/version-prices-modal';
import VersionListPage, { priceRange } from './version-list-page';

const PROFESSIONAL = makeAdminVersion({}, 12);
const DRAFT = makeAdminVersion({
  id: 5,
  name: 'Draft',
  description: '',
  features: [],
  trial_days: 0,
  prices: [],
  status: 'disabled' as const,
});

function answer(overrides: Record<string, unknown> = {}) {
  return (path: string) => {
    if (path in overrides) return { code: 200, data: overrides[path] };
    if (path === 'admin/parlour/package/lists') return { code: 200, data: { list: [PROFESSIONAL, DRAFT], total: 2 } };
    return { code: 10004, msg: `no answer for ${path}` };
  };
}

const bodiesOf = (calls: { url: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.url === `/api/v1/${path}`).map((call) => call.body);

function setWidth(width: number) {
  act(() => {
    (
      window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }
    ).happyDOM.setViewport({ width, height: 800 });
  });
}

describe('operator version list', { timeout: 20_000 }, () => {
  afterEach(() => setWidth(1024));

  it('turns typed major units into minor units and shows price ranges', () => {
    expect(toMinorUnits(129.9, 'CNY')).toBe(12990);
    expect(toMinorUnits(0.29, 'USD')).toBe(29);
    expect(toMinorUnits(1500, 'JPY')).toBe(1500);
    expect(
      priceRange({
        currency: 'CNY',
        prices: [
          { type: 'month', term: 1, amount: 9900 },
          { type: 'year', term: 1, amount: 99900 },
        ],
      }),
    ).toBe('CN¥99.00 – CN¥999.00');
    expect(priceRange({ currency: 'CNY', prices: [] })).toBeNull();
  });

  it('lists versions with features, trial days, status, store count and price range', async () => {
    const { calls } = mockFetch(answer());
    recordFeedback();
    renderPage(<VersionListPage />, { path: '/admin/version' });

    expect(await screen.findByText('Professional')).toBeTruthy();
    expect(screen.getByText('Custom domain')).toBeTruthy();
    expect(screen.getByText('7 days')).toBeTruthy();
    expect(screen.getByText('No trial')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByText('CN¥100.00 – CN¥5,000.00')).toBeTruthy();
    expect(screen.getByText('No price yet')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ page: 1, limit: 20, lang_code: 'en-US' });
  });

  it('requires a version name and valid trial days before saving', async () => {
    const { calls } = mockFetch(answer());
    const feedback = recordFeedback();
    renderPage(<VersionListPage />, { path: '/admin/version' });
    await screen.findByText('Professional');

    fireEvent.click(screen.getByRole('button', { name: /Add version/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Trial days'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add version' }));

    expect(await within(dialog).findByText('Version name is required')).toBeTruthy();
    expect(within(dialog).getByText('Trial days must be a whole number from 0 to 90')).toBeTruthy();
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('Please check the fields marked in red'));
    expect(bodiesOf(calls, 'admin/parlour/package/edit_fun')).toHaveLength(0);
  });

  it('adds a version with its features, dropping blank rows', async () => {
    const { calls } = mockFetch(
      answer({ 'admin/parlour/package/edit_fun': makeAdminVersion({ id: 9, name: 'Starter' }) }),
    );
    const feedback = recordFeedback();
    renderPage(<VersionListPage />, { path: '/admin/version' });
    await screen.findByText('Professional');

    fireEvent.click(screen.getByRole('button', { name: /Add version/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Version (Chinese)'), { target: { value: ' 入门版 ' } });
    fireEvent.change(within(dialog).getByLabelText('Version (English)'), { target: { value: ' Starter ' } });
    fireEvent.change(within(dialog).getByLabelText('Description (Chinese)'), {
      target: { value: 'For new merchants' },
    });
    fireEvent.change(within(dialog).getByLabelText('Feature 1 (Chinese)'), { target: { value: 'One store domain' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Add feature/ }));
    fireEvent.change(await within(dialog).findByLabelText('Feature 2 (Chinese)'), {
      target: { value: 'Basic plugins' },
    });
    fireEvent.change(within(dialog).getByLabelText('Feature 2 (English)'), { target: { value: 'Basic plugins (EN)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Add feature/ }));
    await within(dialog).findByLabelText('Feature 3 (Chinese)');
    fireEvent.change(within(dialog).getByLabelText('Trial days'), { target: { value: '14' } });
    // Empty is the platform rule; a number is this version's own maximum of custom domains per store.
    fireEvent.change(within(dialog).getByLabelText('Max custom domains'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add version' }));

    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Version “Starter” added. Set its prices next.'));
    expect(bodiesOf(calls, 'admin/parlour/package/edit_fun')[0]).toEqual({
      name: { 'zh-CN': '入门版', 'en-US': 'Starter' },
      description: { 'zh-CN': 'For new merchants', 'en-US': '' },
      features: [
        { 'zh-CN': 'One store domain', 'en-US': '' },
        { 'zh-CN': 'Basic plugins', 'en-US': 'Basic plugins (EN)' },
      ],
      trial_days: 14,
      status: 'enabled',
      sort: 0,
      domain_limit: 5,
      lang_code: 'en-US',
    });
  });

  it('edits the prices of every term in major units and sends minor units', async () => {
    const { calls } = mockFetch(answer({ 'admin/parlour/package/edit_price': makeAdminVersion() }));
    const feedback = recordFeedback();
    renderPage(<VersionListPage />, { path: '/admin/version' });
    const row = (await screen.findByText('Draft')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Edit prices' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Prices of “Draft”')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    // antd validates the fields one after another: wait for every term's message, not the first one.
    await waitFor(() =>
      expect(within(dialog).getAllByText('Enter an amount of 0 or more')).toHaveLength(ALL_TERMS.length),
    );
    expect(bodiesOf(calls, 'admin/parlour/package/edit_price')).toHaveLength(0);

    for (const { type, term } of ALL_TERMS) {
      const label = type === 'month' ? `${term} month${term > 1 ? 's' : ''}` : `${term} year${term > 1 ? 's' : ''}`;
      fireEvent.change(within(dialog).getByLabelText(label), {
        target: { value: type === 'month' ? String(99.9 * term) : '1299.5' },
      });
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save prices' }));

    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Prices of “Professional” saved'));
    const sent = bodiesOf(calls, 'admin/parlour/package/edit_price')[0] as {
      id: number;
      currency: string;
      prices: { type: string; term: number; amount: number }[];
    };
    expect(sent.id).toBe(5);
    expect(sent.currency).toBe('CNY');
    expect(sent.prices).toHaveLength(ALL_TERMS.length);
    expect(sent.prices[0]).toEqual({ type: 'month', term: 1, amount: 9990 });
    expect(sent.prices[1]).toEqual({ type: 'month', term: 3, amount: 29970 });
    expect(sent.prices.at(-1)).toEqual({ type: 'year', term: 5, amount: 129950 });
  });

  it('keeps the page in the URL and shows a card per version at phone width with both actions', async () => {
    setWidth(375);
    const { calls } = mockFetch(answer());
    recordFeedback();
    renderPage(<VersionListPage />, { path: '/admin/version', url: '/admin/version?page=2&size=10' });
    await screen.findByText('Professional');
    expect(calls[0]?.body).toEqual({ page: 2, limit: 10, lang_code: 'en-US' });
    const cards = await screen.findByRole('list', { name: 'List' });
    expect(screen.queryByRole('table')).toBeNull();
    const draft = within(cards).getAllByRole('listitem')[1];
    expect(within(draft).getByText('Draft')).toBeTruthy();
    fireEvent.click(within(draft).getByRole('button', { name: 'Edit prices' }));
    expect(await screen.findByText('Prices of “Draft”')).toBeTruthy();
    expect(within(draft).getByRole('button', { name: 'Edit features' })).toBeTruthy();
  });
});
