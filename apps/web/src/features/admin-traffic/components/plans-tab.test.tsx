import type { TAdminTrafficPlan } from '@parlour/contract/calls/traffic';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import { PlansTab } from './plans-tab';

function makePlan(overrides: Partial<TAdminTrafficPlan> = {}): TAdminTrafficPlan {
  const plan: Omit<TAdminTrafficPlan, 'localized'> = {
    id: 2,
    name: 'Standard',
    units: 10000,
    valid_days: 90,
    is_general: true,
    price: 8900,
    original_price: 12900,
    currency: 'CNY',
    api_usage: 'item_get 1 unit per call',
    status: 'enabled',
    sort: 2,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    sold_count: 12,
    ...overrides,
  };
  return {
    ...plan,
    localized: overrides.localized ?? {
      name: { 'zh-CN': plan.name, 'en-US': '' },
      api_usage: { 'zh-CN': plan.api_usage, 'en-US': '' },
    },
  };
}

function answer(overrides: Record<string, unknown> = {}) {
  return (path: string) => {
    if (path in overrides) return { code: 200, data: overrides[path] };
    if (path === 'admin/open/plan/lists')
      return {
        code: 200,
        data: {
          list: [
            makePlan(),
            makePlan({ id: 4, name: 'Store special', is_general: false, status: 'disabled', sold_count: 0 }),
          ],
          total: 2,
        },
      };
    return { code: 10004, msg: `no answer for ${path}` };
  };
}
function setWidth(width: number) {
  act(() => {
    (
      window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }
    ).happyDOM.setViewport({ width, height: 800 });
  });
}
const bodiesOf = (calls: { url: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.url === `/api/v1/${path}`).map((call) => call.body);

describe('operator plans tab', { timeout: 20_000 }, () => {
  afterEach(() => setWidth(1024));

  it('lists plans with kind, units, days, price and struck original price, sales and status', async () => {
    mockFetch(answer());
    renderPage(<PlansTab />, { path: '/admin/traffic', url: '/admin/traffic?tab=plans' });
    expect(await screen.findByText('Standard')).toBeTruthy();
    expect(screen.getAllByText('10,000')).toHaveLength(2);
    expect(screen.getAllByText('90 days')).toHaveLength(2);
    expect(screen.getAllByText('CN¥89.00')).toHaveLength(2);
    expect(screen.getAllByText('CN¥129.00')[0].closest('del')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getAllByText('Store').length).toBeGreaterThan(0);
    expect(
      (screen.getByRole('switch', { name: 'Enable or disable plan Store special' }) as HTMLButtonElement).getAttribute(
        'aria-checked',
      ),
    ).toBe('false');
  });

  it('validates the plan form: name, units, a price not above the original price; then saves in minor units', async () => {
    const { calls } = mockFetch(answer({ 'admin/open/plan/add': makePlan({ id: 9, name: 'Mini' }) }));
    const feedback = recordFeedback();
    renderPage(<PlansTab />, { path: '/admin/traffic', url: '/admin/traffic?tab=plans' });
    await screen.findByText('Standard');
    fireEvent.click(screen.getByRole('button', { name: /Add plan/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Units'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Price (yuan)'), { target: { value: '30' } });
    fireEvent.change(within(dialog).getByLabelText('Original price (yuan)'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Plan name is required', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).getByText('Units must be a whole number from 1 to 100,000,000')).toBeTruthy();
    expect(within(dialog).getByText('Price must not be above the original price')).toBeTruthy();
    expect(bodiesOf(calls, 'admin/open/plan/add')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Plan name (Chinese)'), { target: { value: 'Mini' } });
    fireEvent.change(within(dialog).getByLabelText('Units'), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByLabelText('Original price (yuan)'), { target: { value: '39.9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(bodiesOf(calls, 'admin/open/plan/add')).toHaveLength(1), { timeout: 5000 });
    expect(bodiesOf(calls, 'admin/open/plan/add')[0]).toMatchObject({
      name: { 'zh-CN': 'Mini', 'en-US': '' },
      units: 500,
      valid_days: 30,
      price: 3000,
      original_price: 3990,
      currency: 'CNY',
      is_general: true,
      status: 'enabled',
    });
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Plan Mini created'), { timeout: 5000 });
  });

  it('disables a plan after confirming', async () => {
    const { calls } = mockFetch(answer({ 'admin/open/plan/up_status': makePlan({ status: 'disabled' }) }));
    const feedback = recordFeedback();
    renderPage(<PlansTab />, { path: '/admin/traffic', url: '/admin/traffic?tab=plans' });
    await screen.findByText('Standard');
    fireEvent.click(screen.getByRole('switch', { name: 'Enable or disable plan Standard' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/open/plan/up_status')[0]).toMatchObject({ id: 2, status: 'disabled' }),
    );
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Plan Standard disabled'));
  });

  it('keeps filter, sort and page in the URL: the server sorts on price, units and creation; back restores', async () => {
    const { calls } = mockFetch(answer());
    const { router } = renderPage(<PlansTab />, {
      path: '/admin/traffic',
      url: '/admin/traffic?tab=plans&status=enabled&sort=units&order=ascend',
    });
    await screen.findByText('Standard');
    expect(bodiesOf(calls, 'admin/open/plan/lists')[0]).toMatchObject({
      status: 'enabled',
      sort_field: 'units',
      sort_order: 'ascend',
      page: 1,
    });
    expect(screen.getByRole('columnheader', { name: /Units/ }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(screen.getByRole('columnheader', { name: /Price/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?tab=plans&status=enabled&sort=price&order=descend'),
    );
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/open/plan/lists').at(-1)).toMatchObject({
        sort_field: 'price',
        sort_order: 'descend',
      }),
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search plan names' }), { target: { value: 'Stand' } });
    fireEvent.click(screen.getByRole('button', { name: 'search' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?tab=plans&status=enabled&sort=price&order=descend&keyword=Stand'),
    );
    expect(screen.getByRole('columnheader', { name: /Created/ })).toBeTruthy();

    await act(() => router.navigate(-1));
    await waitFor(() => expect(bodiesOf(calls, 'admin/open/plan/lists').at(-1)).toMatchObject({ sort_field: 'price' }));
    expect((screen.getByRole('searchbox', { name: 'Search plan names' }) as HTMLInputElement).value).toBe('');
    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/open/plan/lists').at(-1)).toMatchObject({
        sort_field: 'units',
        sort_order: 'ascend',
      }),
    );
  });

  it('shows a card per plan at phone width with its edit action and status switch', async () => {
    setWidth(375);
    mockFetch(answer());
    renderPage(<PlansTab />, { path: '/admin/traffic', url: '/admin/traffic?tab=plans' });
    const cards = await screen.findByRole('list', { name: 'List' });
    expect(screen.queryByRole('table')).toBeNull();
    const [standard] = within(cards).getAllByRole('listitem');
    expect(within(standard).getByText('Standard')).toBeTruthy();
    expect(within(standard).getByRole('button', { name: 'Edit plan Standard' })).toBeTruthy();
    expect(within(standard).getByRole('switch', { name: 'Enable or disable plan Standard' })).toBeTruthy();
  });
});
