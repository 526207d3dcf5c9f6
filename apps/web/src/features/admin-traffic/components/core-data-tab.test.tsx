import type { TDataSource, TOpenApi, TProductDataConfig } from '@parlour/contract/calls/open-core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import { CoreDataTab } from './core-data-tab';

const CONFIG: TProductDataConfig = {
  provider: 'http',
  base_url: 'https://api-gw.onebound.cn',
  key: 'vendor-key',
  has_secret: true,
  timeout_ms: 8000,
  platform_paths: { '1688': '1688', taobao: 'taobao', micro_store: 'micro', jd: 'jd' },
  updated_at: '2026-11-01T00:00:00.000Z',
};
const source = (overrides: Partial<TDataSource>): TDataSource => ({
  id: 1,
  platform: 'taobao',
  name: 'Taobao source',
  is_enabled: true,
  remark: '',
  sort: 1,
  api_count: 2,
  enabled_api_count: 2,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});
const api = (overrides: Partial<TOpenApi>): TOpenApi => ({
  id: 1,
  platform: 'taobao',
  code: 'item_get',
  name: 'Item details',
  description: '',
  cost: 1,
  fresh_seconds: 1800,
  stale_seconds: 604800,
  cached_cost: null,
  is_enabled: true,
  sort: 1,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

function answer(overrides: Record<string, unknown> = {}) {
  return (path: string) => {
    if (path in overrides) return { code: 200, data: overrides[path] };
    if (path === 'admin/open/core_data/configGet') return { code: 200, data: CONFIG };
    if (path === 'admin/open/core_data/list')
      return {
        code: 200,
        data: { list: [source({}), source({ id: 4, platform: 'jd', name: 'JD source', is_enabled: false })], total: 2 },
      };
    if (path === 'admin/open/core_data/api_list')
      return {
        code: 200,
        data: { list: [api({}), api({ id: 2, code: 'item_search', name: 'Search', cost: 2 })], total: 2 },
      };
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

describe('operator core data tab', { timeout: 20_000 }, () => {
  afterEach(() => setWidth(1024));

  it('shows the provider with its secret only as set, the data sources and the API catalogue', async () => {
    mockFetch(answer());
    renderPage(<CoreDataTab />, { path: '/admin/traffic', url: '/admin/traffic?tab=core' });
    expect(await screen.findByDisplayValue('https://api-gw.onebound.cn')).toBeTruthy();
    expect(screen.getByDisplayValue('vendor-key')).toBeTruthy();
    expect(screen.getByPlaceholderText('Stored; leave empty to keep it')).toBeTruthy();
    expect(await screen.findByText('Taobao source')).toBeTruthy();
    expect(screen.getAllByText('2 of 2 on').length).toBe(2);
    expect(
      (
        screen.getByRole('switch', { name: 'Switch data source JD source on or off' }) as HTMLButtonElement
      ).getAttribute('aria-checked'),
    ).toBe('false');
    expect(await screen.findByText('item_search')).toBeTruthy();
    expect(screen.getByText('2 units')).toBeTruthy();
  });

  it('saves the provider keeping the stored secret when the field is left empty', async () => {
    const { calls } = mockFetch(answer({ 'admin/open/core_data/config_edit': { ...CONFIG, timeout_ms: 5000 } }));
    const feedback = recordFeedback();
    renderPage(<CoreDataTab />, { path: '/admin/traffic', url: '/admin/traffic?tab=core' });
    await screen.findByDisplayValue('vendor-key');
    fireEvent.change(screen.getByLabelText('Timeout'), { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save provider' }));
    await waitFor(() => expect(bodiesOf(calls, 'admin/open/core_data/config_edit')).toHaveLength(1), { timeout: 5000 });
    expect(bodiesOf(calls, 'admin/open/core_data/config_edit')[0]).toMatchObject({
      provider: 'http',
      base_url: 'https://api-gw.onebound.cn',
      key: 'vendor-key',
      secret: '',
      timeout_ms: 5000,
    });
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Provider settings saved'));
  });

  it('names a platform path that is not a path segment, then saves the edited paths', async () => {
    const { calls } = mockFetch(
      answer({
        'admin/open/core_data/config_edit': { ...CONFIG, platform_paths: { ...CONFIG.platform_paths, jd: 'jingdong' } },
      }),
    );
    const feedback = recordFeedback();
    renderPage(<CoreDataTab />, { path: '/admin/traffic', url: '/admin/traffic?tab=core' });
    await screen.findByDisplayValue('vendor-key');
    expect(screen.getByDisplayValue('micro')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('JD'), { target: { value: 'jd/item' } });
    expect(await screen.findByText('JD path must be 1–40 letters, digits, -, _ or .')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save provider' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bodiesOf(calls, 'admin/open/core_data/config_edit')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('JD'), { target: { value: 'jingdong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save provider' }));
    await waitFor(() => expect(bodiesOf(calls, 'admin/open/core_data/config_edit')).toHaveLength(1), { timeout: 5000 });
    expect(bodiesOf(calls, 'admin/open/core_data/config_edit')[0]).toMatchObject({
      platform_paths: { '1688': '1688', taobao: 'taobao', micro_store: 'micro', jd: 'jingdong' },
    });
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Provider settings saved'));
  });

  it('names the missing fields of a new API and sends nothing until they are fixed', async () => {
    const { calls } = mockFetch(
      answer({ 'admin/open/core_data/api_add': api({ id: 9, code: 'item_review', name: 'Reviews', cost: 3 }) }),
    );
    const feedback = recordFeedback();
    renderPage(<CoreDataTab />, { path: '/admin/traffic', url: '/admin/traffic?tab=core' });
    await screen.findByText('item_search');
    fireEvent.click(screen.getByRole('button', { name: /Add API/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('API code'), { target: { value: 'Bad-Code' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText(/^API code must start with a lower-case letter/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(within(dialog).getByText('API name is required')).toBeTruthy();
    expect(bodiesOf(calls, 'admin/open/core_data/api_add')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('API code'), { target: { value: 'item_review' } });
    fireEvent.change(within(dialog).getByLabelText('API name'), { target: { value: 'Reviews' } });
    fireEvent.change(within(dialog).getByLabelText('Cost per call'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(bodiesOf(calls, 'admin/open/core_data/api_add')).toHaveLength(1), { timeout: 5000 });
    expect(bodiesOf(calls, 'admin/open/core_data/api_add')[0]).toMatchObject({
      platform: 'taobao',
      code: 'item_review',
      name: 'Reviews',
      cost: 3,
      is_enabled: true,
    });
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('API taobao/item_review added'));
  });

  it("keeps the API catalogue's platform, keyword and page in the URL; back restores them", async () => {
    const { calls } = mockFetch(answer());
    const { router } = renderPage(<CoreDataTab />, {
      path: '/admin/traffic',
      url: '/admin/traffic?tab=core&platform=jd&page=2',
    });
    await screen.findByText('item_search');
    expect(bodiesOf(calls, 'admin/open/core_data/api_list')[0]).toMatchObject({ platform: 'jd', page: 2, limit: 10 });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search code or name' }), { target: { value: 'item' } });
    fireEvent.click(screen.getByRole('button', { name: 'search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=core&platform=jd&keyword=item'));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/open/core_data/api_list').at(-1)).toMatchObject({
        platform: 'jd',
        keyword: 'item',
        page: 1,
      }),
    );
    await act(() => router.navigate(-1));
    await waitFor(() => expect(bodiesOf(calls, 'admin/open/core_data/api_list').at(-1)).toMatchObject({ page: 2 }));
    expect((screen.getByRole('searchbox', { name: 'Search code or name' }) as HTMLInputElement).value).toBe('');
  });

  it('shows the data sources and the APIs as cards at phone width, with their switches and actions', async () => {
    setWidth(375);
    mockFetch(answer());
    renderPage(<CoreDataTab />, { path: '/admin/traffic', url: '/admin/traffic?tab=core' });
    await screen.findByText('item_search');
    const [sources, apis] = screen.getAllByRole('list', { name: 'List' });
    expect(screen.queryByRole('table')).toBeNull();
    const jd = within(sources).getAllByRole('listitem')[1];
    expect(within(jd).getByRole('switch', { name: 'Switch data source JD source on or off' })).toBeTruthy();
    expect(within(jd).getByRole('button', { name: 'Edit data source JD source' })).toBeTruthy();
    const search = within(apis).getAllByRole('listitem')[1];
    expect(within(search).getByText('item_search')).toBeTruthy();
    expect(within(search).getByRole('button', { name: 'Edit API taobao/item_search' })).toBeTruthy();
  });
});
