import type { TAdminPlugin, TAdminPluginDetail, TAdminPluginType } from '@parlour/contract/calls/plugin';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { makeVersion } from '@/test/admin-fixtures';
import { bodiesOf } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import AdminPluginPage from './admin-plugin-page';

const ICON = '/uploads/0123456789abcdef0123456789abcdef.png';
const SHOT = (letter: string) => `/uploads/${letter.repeat(32)}.png`;

function makeType(overrides: Partial<TAdminPluginType> = {}): TAdminPluginType {
  const type = {
    id: 1,
    name: 'Customer service',
    sort: 1,
    plugin_count: 1,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
  return { ...type, localized: overrides.localized ?? { name: { 'zh-CN': type.name, 'en-US': '' } } };
}

function makePlugin(overrides: Partial<TAdminPlugin> = {}): TAdminPlugin {
  const plugin = {
    id: 1,
    code: 'live_chat',
    name: 'Live chat',
    icon: ICON,
    type_id: 1,
    type_name: 'Customer service',
    packages: [{ id: 1, name: 'Basic' }],
    price: 0,
    currency: 'CNY',
    is_free: true,
    trial_days: 0,
    status: 'listed' as const,
    version: '1.0.0',
    install_count: 12,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
  return { ...plugin, localized: overrides.localized ?? { name: { 'zh-CN': plugin.name, 'en-US': '' } } };
}
const FREE = makePlugin();
const PAID = makePlugin({
  id: 2,
  code: 'image_search',
  name: 'Image search',
  price: 19900,
  is_free: false,
  trial_days: 7,
  status: 'unlisted',
  install_count: 3,
  packages: [{ id: 2, name: 'Pro' }],
});

function detailOf(plugin: TAdminPlugin, overrides: Partial<TAdminPluginDetail> = {}): TAdminPluginDetail {
  return {
    ...plugin,
    description: '<p>Find products by <strong>photo</strong></p>',
    screenshots: [SHOT('a'), SHOT('b')],
    video_url: 'https://video.example.com/demo.mp4',
    changelog: 'First release',
    localized: {
      name: plugin.localized.name,
      description: { 'zh-CN': '<p>Find products by <strong>photo</strong></p>', 'en-US': '' },
      changelog: { 'zh-CN': 'First release', 'en-US': '' },
    },
    ...overrides,
  };
}

const INSTALLS = [
  {
    shop_id: 'tokyo01',
    shop_name: 'Tokyo select',
    merchant_id: 7,
    merchant_account: 'lucy@example.com',
    status: 'enabled',
    source: 'trial',
    trial_ends_at: '2026-12-01T00:00:00.000Z',
    installed_at: '2026-11-24T00:00:00.000Z',
  },
];

type Handler = (body: Record<string, unknown>) => { code: number; msg?: string; data?: unknown };
function answer(overrides: Record<string, Handler> = {}) {
  return (path: string, body: unknown) => {
    const input = (body ?? {}) as Record<string, unknown>;
    if (overrides[path]) return overrides[path](input);
    switch (path) {
      case 'admin/plugin/plugin/page':
        return { code: 200, data: { list: [FREE, PAID], total: 2 } };
      case 'admin/plugin/plugin/detail':
        return { code: 200, data: detailOf(input.id === 2 ? PAID : FREE) };
      case 'admin/plugin/plugin/shop_page':
        return { code: 200, data: { list: INSTALLS, total: 1 } };
      case 'admin/plugin/plugin/type_lists':
      case 'admin/plugin/type/lists':
        return {
          code: 200,
          data: { list: [makeType(), makeType({ id: 3, name: 'Marketing', sort: 2, plugin_count: 0 })] },
        };
      case 'admin/plugin/plugin/status_lists':
        return {
          code: 200,
          data: {
            list: [
              { value: 'listed', label: 'Listed' },
              { value: 'unlisted', label: 'Unlisted' },
            ],
          },
        };
      case 'admin/parlour/shop/package_lists':
        return {
          code: 200,
          data: { list: [makeVersion({ id: 1, name: 'Basic' }), makeVersion({ id: 2, name: 'Pro' })], total: 2 },
        };
      default:
        return { code: 10004, msg: `no answer for ${path}` };
    }
  };
}

async function chooseOption(within_: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(within_).getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.at(-1) as HTMLElement);
}

function setWidth(width: number) {
  act(() => {
    (
      window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }
    ).happyDOM.setViewport({ width, height: 800 });
  });
}

describe('operator plugins', { timeout: 60_000 }, () => {
  afterEach(() => setWidth(1024));

  it('lists plugins with icon, code, type, versions, free or price, trial, status and installs; filters and sorts in the URL', async () => {
    const { calls } = mockFetch(answer());
    const { router } = renderPage(<AdminPluginPage />, { path: '/admin/plugin' });
    expect(await screen.findByRole('button', { name: 'Image search' })).toBeTruthy();
    const paid = screen.getByRole('button', { name: 'Image search' }).closest('tr') as HTMLElement;
    expect(within(paid).getByText('image_search')).toBeTruthy();
    expect(within(paid).getByText('CN¥199.00')).toBeTruthy();
    expect(within(paid).getByText('7-day trial')).toBeTruthy();
    expect(within(paid).getByText('Unlisted')).toBeTruthy();
    expect(within(paid).getByText('Pro')).toBeTruthy();
    const free = screen.getByRole('button', { name: 'Live chat' }).closest('tr') as HTMLElement;
    expect(within(free).getByText('Free')).toBeTruthy();
    expect(within(free).getByText('12')).toBeTruthy();
    expect(bodiesOf(calls, 'admin/plugin/plugin/page')[0]).toEqual({ page: 1, limit: 20, lang_code: 'en-US' });

    fireEvent.change(screen.getByLabelText('Plugin name or code'), { target: { value: ' chat ' } });
    await chooseOption(document.body, 'Type', 'Marketing');
    await chooseOption(document.body, 'Status', 'Unlisted');
    await chooseOption(document.body, 'Store version', 'Pro');
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/plugin/plugin/page').at(-1)).toEqual({
        keyword: 'chat',
        type_id: 3,
        status: 'unlisted',
        package_id: 2,
        page: 1,
        limit: 20,
        lang_code: 'en-US',
      }),
    );
    expect(router.state.location.search).toBe('?keyword=chat&type_id=3&status=unlisted&package_id=2');

    fireEvent.click(screen.getByRole('columnheader', { name: /Installs/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/plugin/plugin/page').at(-1)).toMatchObject({
        sort_field: 'install_count',
        sort_order: 'descend',
      }),
    );
  });

  it('unlists a plugin only after confirming, saying the stores keep it', async () => {
    const { calls } = mockFetch(
      answer({
        'admin/plugin/plugin/up_status': (body) => ({
          code: 200,
          data: detailOf({ ...FREE, status: body.status as 'unlisted' }),
        }),
      }),
    );
    const feedback = recordFeedback();
    renderPage(<AdminPluginPage />, { path: '/admin/plugin' });
    const row = (await screen.findByRole('button', { name: 'Live chat' })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Unlist' }));
    expect(await screen.findByText('Unlist “Live chat”?')).toBeTruthy();
    expect(screen.getByText('It leaves the market; the 12 stores that installed it keep it.')).toBeTruthy();
    expect(bodiesOf(calls, 'admin/plugin/plugin/up_status')).toEqual([]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Unlist' }).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/plugin/plugin/up_status')).toEqual([
        { id: 1, status: 'unlisted', lang_code: 'en-US' },
      ]),
    );
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('“Live chat” is unlisted'));
  });

  it('refuses an empty plugin with translated messages and sends nothing', async () => {
    const { calls } = mockFetch(answer());
    const feedback = recordFeedback();
    renderPage(<AdminPluginPage />, { path: '/admin/plugin' });
    await screen.findByRole('button', { name: 'Live chat' });
    fireEvent.click(screen.getByRole('button', { name: /Add plugin/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Video link'), {
      target: { value: 'http://video.example.com/a.mp4' },
    });
    fireEvent.change(within(dialog).getByLabelText('Trial days'), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(/^Plugin code must be/)).toBeTruthy();
    expect(await within(dialog).findByText('Plugin name is required')).toBeTruthy();
    expect(within(dialog).getByText('Plugin type is required')).toBeTruthy();
    expect(within(dialog).getByText(/^Choose the store versions/)).toBeTruthy();
    expect(within(dialog).getByText('Plugin description is required')).toBeTruthy();
    expect(within(dialog).getByText('Video URL must be an https:// address')).toBeTruthy();
    expect(within(dialog).getByText('A free plugin has no trial days')).toBeTruthy();
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('Please check the fields marked in red'));
    expect(bodiesOf(calls, 'admin/plugin/plugin/add')).toEqual([]);
  });

  it('creates a paid plugin with an icon and screenshots, the price sent in minor units', async () => {
    let uploads = 0;
    const { calls } = mockFetch(
      answer({
        'admin/common/upload/image': () => {
          uploads += 1;
          const url = uploads === 1 ? ICON : SHOT(String.fromCharCode(96 + uploads));
          return { code: 200, data: { url, file_name: url.slice(9), mime: 'image/png', size: 100 } };
        },
        'admin/plugin/plugin/add': (body) => ({
          code: 200,
          data: detailOf(makePlugin({ id: 9, name: (body.name as Record<string, string>)['zh-CN'] })),
        }),
      }),
    );
    const feedback = recordFeedback();
    renderPage(<AdminPluginPage />, { path: '/admin/plugin' });
    await screen.findByRole('button', { name: 'Live chat' });
    fireEvent.click(screen.getByRole('button', { name: /Add plugin/ }));
    const dialog = await screen.findByRole('dialog');

    fireEvent.change(within(dialog).getByLabelText('Plugin code'), { target: { value: 'Currency_Display' } });
    fireEvent.change(within(dialog).getByLabelText('Plugin name (Chinese)'), { target: { value: '货币显示' } });
    fireEvent.change(within(dialog).getByLabelText('Plugin name (English)'), { target: { value: 'Currency display' } });
    await chooseOption(dialog, 'Type', 'Marketing');
    fireEvent.mouseDown(within(dialog).getByLabelText('Store versions'));
    fireEvent.click((await screen.findAllByTitle('Basic')).at(-1) as HTMLElement);
    fireEvent.click((await screen.findAllByTitle('Pro')).at(-1) as HTMLElement);
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '49.9' } });
    fireEvent.change(within(dialog).getByLabelText('Trial days'), { target: { value: '14' } });
    const editor = within(dialog).getByRole('textbox', { name: 'Description (Chinese)' });
    editor.innerHTML = '<p>按访客所在地<strong>显示货币</strong></p>';
    fireEvent.input(editor);

    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Icon', { selector: 'input[type=file]' }), {
      target: { files: [png('icon.png')] },
    });
    await waitFor(() => expect(within(dialog).getByRole('img', { name: 'Icon' }).getAttribute('src')).toBe(ICON));
    fireEvent.change(within(dialog).getByLabelText('Choose screenshot files'), {
      target: { files: [png('one.png'), png('two.png')] },
    });
    await waitFor(() => expect(within(dialog).getAllByRole('img', { name: /^Screenshot/ })).toHaveLength(2));
    // The second screenshot becomes the cover.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move screenshot 2 earlier' }));
    fireEvent.change(within(dialog).getByLabelText('Plugin version'), { target: { value: '2.0.1' } });
    fireEvent.change(within(dialog).getByLabelText('Changelog (Chinese)'), { target: { value: '支持 30 种货币' } });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(bodiesOf(calls, 'admin/plugin/plugin/add')).toHaveLength(1));
    expect(bodiesOf(calls, 'admin/plugin/plugin/add')[0]).toEqual({
      code: 'currency_display',
      name: { 'zh-CN': '货币显示', 'en-US': 'Currency display' },
      icon: ICON,
      type_id: 3,
      package_ids: [1, 2],
      price: 4990,
      currency: 'CNY',
      trial_days: 14,
      status: 'listed',
      description: { 'zh-CN': '<p>按访客所在地<strong>显示货币</strong></p>', 'en-US': '' },
      screenshots: [SHOT('c'), SHOT('b')],
      video_url: '',
      version: '2.0.1',
      changelog: { 'zh-CN': '支持 30 种货币', 'en-US': '' },
      lang_code: 'en-US',
    });
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Plugin “货币显示” created'));
  });

  it('edits a plugin from its fresh detail, the code fixed', async () => {
    const { calls } = mockFetch(answer({ 'admin/plugin/plugin/edit': () => ({ code: 200, data: detailOf(PAID) }) }));
    recordFeedback();
    renderPage(<AdminPluginPage />, { path: '/admin/plugin' });
    const row = (await screen.findByRole('button', { name: 'Image search' })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Plugin code') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Price') as HTMLInputElement).value).toBe('199.00');
    expect(within(dialog).getAllByRole('img', { name: /^Screenshot/ })).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove screenshot 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf(calls, 'admin/plugin/plugin/edit')).toHaveLength(1));
    const body = bodiesOf(calls, 'admin/plugin/plugin/edit')[0] as Record<string, unknown>;
    expect(body).not.toHaveProperty('code');
    expect(body).toMatchObject({
      id: 2,
      price: 19900,
      trial_days: 7,
      status: 'unlisted',
      package_ids: [2],
      screenshots: [SHOT('b')],
      video_url: 'https://video.example.com/demo.mp4',
    });
  });

  it('shows the detail: screenshots, video link, description, changelog and the stores that installed it', async () => {
    const { calls } = mockFetch(answer());
    renderPage(<AdminPluginPage />, { path: '/admin/plugin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Image search' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('photo')).toBeTruthy();
    // The stores come a page at a time from their own call.
    expect(await within(drawer).findByText('Tokyo select')).toBeTruthy();
    expect(bodiesOf(calls, 'admin/plugin/plugin/shop_page')[0]).toMatchObject({ id: 2, page: 1, limit: 10 });
    expect(within(drawer).getAllByRole('img', { name: /^Screenshot/ }).length).toBeGreaterThanOrEqual(2);
    expect(
      within(drawer)
        .getByRole('link', { name: /video\.example\.com/ })
        .getAttribute('target'),
    ).toBe('_blank');
    expect(within(drawer).getByText('First release')).toBeTruthy();
    expect(within(drawer).getByText('Tokyo select')).toBeTruthy();
    expect(within(drawer).getByText('Trial until 2026-12-01')).toBeTruthy();
    expect(within(drawer).getByText('Installed on 3 stores')).toBeTruthy();
  });

  it('shows plugins as cards on a phone', async () => {
    setWidth(375);
    mockFetch(answer());
    renderPage(<AdminPluginPage />, { path: '/admin/plugin' });
    const cards = await screen.findByRole('list', { name: 'List' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getByText('CN¥199.00')).toBeTruthy();
  });

  it('manages the plugin types: adds one, and keeps one in use from deletion', async () => {
    const { calls } = mockFetch(
      answer({
        'admin/plugin/type/add': (body) => ({
          code: 200,
          data: makeType({ id: 5, name: (body.name as Record<string, string>)['zh-CN'] }),
        }),
      }),
    );
    const feedback = recordFeedback();
    renderPage(<AdminPluginPage />, { path: '/admin/plugin', url: '/admin/plugin?tab=types' });
    const used = (await screen.findByText('Customer service')).closest('tr') as HTMLElement;
    expect((within(used).getByRole('button', { name: /Delete/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Add type/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Type name (Chinese)'), { target: { value: '翻译' } });
    fireEvent.change(within(dialog).getByLabelText('Type name (English)'), { target: { value: 'Translation' } });
    fireEvent.change(within(dialog).getByLabelText('Order'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/plugin/type/add')).toEqual([
        { name: { 'zh-CN': '翻译', 'en-US': 'Translation' }, sort: 3, lang_code: 'en-US' },
      ]),
    );
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Type “翻译” created'));
  });
});
