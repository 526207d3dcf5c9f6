import type { TAdminNotice } from '@parlour/contract/calls/notice';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { bodiesOf } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import NoticePage from './notice-page';

function makeNotice(overrides: Partial<TAdminNotice> = {}): TAdminNotice {
  const notice: Omit<TAdminNotice, 'localized'> = {
    id: 1,
    title: 'Maintenance tonight',
    content: '<p>Back at <strong>02:00</strong></p>',
    status: 'published',
    is_pinned: false,
    publish_at: '2025-03-01T08:00:00.000Z',
    created_at: '2025-03-01T07:00:00.000Z',
    updated_at: '2025-03-01T07:30:00.000Z',
    read_count: 4,
    ...overrides,
  };
  return {
    ...notice,
    localized: overrides.localized ?? {
      title: { 'zh-CN': notice.title, 'en-US': '' },
      content: { 'zh-CN': notice.content, 'en-US': '' },
    },
  };
}
const PINNED = makeNotice({ id: 2, title: 'New pricing', is_pinned: true, read_count: 0 });
const DRAFT = makeNotice({ id: 3, title: 'Draft idea', status: 'draft' });
const SCHEDULED = makeNotice({ id: 4, title: 'Next week', publish_at: '2099-01-01T00:00:00.000Z' });

function answer(
  overrides: Record<string, (body: Record<string, unknown>) => { code: number; msg?: string; data?: unknown }> = {},
) {
  return (path: string, body: unknown) => {
    const input = body as Record<string, unknown>;
    if (overrides[path]) return overrides[path](input);
    switch (path) {
      case 'admin/cms/notification/lists':
        return { code: 200, data: { list: [PINNED, makeNotice(), DRAFT, SCHEDULED], total: 4 } };
      case 'admin/cms/notification/detail':
        return { code: 200, data: [PINNED, makeNotice(), DRAFT, SCHEDULED].find((notice) => notice.id === input.id) };
      case 'admin/cms/notification/delete':
        return { code: 200, data: null };
      default:
        return { code: 10004, msg: `no answer for ${path}` };
    }
  };
}

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.at(-1) as HTMLElement);
}

describe('operator notices', { timeout: 60_000 }, () => {
  it('lists notices with status, pin, read count, and filters by keyword and status', async () => {
    const { calls } = mockFetch(answer());
    recordFeedback();
    renderPage(<NoticePage />, { path: '/admin/notice' });

    expect(await screen.findByText('New pricing')).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    expect(screen.getByText('Scheduled')).toBeTruthy();
    expect(screen.getAllByText('Published').length).toBeGreaterThan(0);
    expect(screen.getAllByLabelText('Pinned')).toHaveLength(1);
    expect(bodiesOf(calls, 'admin/cms/notification/lists')[0]).toEqual({ page: 1, limit: 20, lang_code: 'en-US' });

    fireEvent.change(screen.getByLabelText('Title or content'), { target: { value: ' pricing ' } });
    await chooseOption('Status', 'Draft');
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/cms/notification/lists').at(-1)).toEqual({
        keyword: 'pricing',
        status: 'draft',
        page: 1,
        limit: 20,
        lang_code: 'en-US',
      }),
    );
  });

  it('sorts on the server by publish time, update time and read count, the sort in the URL', async () => {
    const { calls } = mockFetch(answer());
    const { router } = renderPage(<NoticePage />, { path: '/admin/notice' });
    await screen.findByText('New pricing');

    fireEvent.click(screen.getByRole('columnheader', { name: /Read by/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/cms/notification/lists').at(-1)).toEqual({
        page: 1,
        limit: 20,
        sort_field: 'read_count',
        sort_order: 'descend',
        lang_code: 'en-US',
      }),
    );
    expect(router.state.location.search).toBe('?sort=read_count&order=descend');
    fireEvent.click(screen.getByRole('columnheader', { name: /Publish time/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/cms/notification/lists').at(-1)).toMatchObject({
        sort_field: 'publish_at',
        sort_order: 'descend',
      }),
    );
    fireEvent.click(screen.getByRole('columnheader', { name: /Publish time/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/cms/notification/lists').at(-1)).toMatchObject({
        sort_field: 'publish_at',
        sort_order: 'ascend',
      }),
    );
    // The third click goes back to the default order: pinned first, newest first.
    fireEvent.click(screen.getByRole('columnheader', { name: /Publish time/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/cms/notification/lists').at(-1)).toEqual({
        page: 1,
        limit: 20,
        lang_code: 'en-US',
      }),
    );
    expect(router.state.location.search).toBe('');
  });

  it('refuses an empty notice with translated messages and sends nothing', async () => {
    const { calls } = mockFetch(answer());
    const feedback = recordFeedback();
    renderPage(<NoticePage />, { path: '/admin/notice' });
    await screen.findByText('New pricing');

    fireEvent.click(screen.getByRole('button', { name: /Add notice/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Notice title is required')).toBeTruthy();
    expect(await within(dialog).findByText('Notice content is required')).toBeTruthy();
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('Please check the fields marked in red'));
    expect(bodiesOf(calls, 'admin/cms/notification/add')).toEqual([]);
  });

  it('adds a pinned notice with formatted content and a preview', async () => {
    const { calls } = mockFetch(
      answer({
        'admin/cms/notification/add': (body) => ({
          code: 200,
          data: makeNotice({ id: 9, title: (body.title as Record<string, string>)['zh-CN'] }),
        }),
      }),
    );
    const feedback = recordFeedback();
    renderPage(<NoticePage />, { path: '/admin/notice' });
    await screen.findByText('New pricing');

    fireEvent.click(screen.getByRole('button', { name: /Add notice/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Title (Chinese)'), { target: { value: 'Holiday hours' } });
    const editor = within(dialog).getByRole('textbox', { name: 'Content (Chinese)' });
    editor.innerHTML = '<p>Closed on <strong>May 1</strong></p>';
    fireEvent.input(editor);
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByText('Preview'));
    const preview = dialog.querySelector('iframe') as HTMLIFrameElement;
    expect(preview.getAttribute('title')).toBe('Preview');
    expect(preview.getAttribute('sandbox')).toBe('');
    await waitFor(() => expect(preview.getAttribute('srcdoc')).toContain('<strong>May 1</strong>'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/cms/notification/add')).toEqual([
        {
          title: { 'zh-CN': 'Holiday hours', 'en-US': '' },
          content: { 'zh-CN': '<p>Closed on <strong>May 1</strong></p>', 'en-US': '' },
          status: 'published',
          is_pinned: true,
          lang_code: 'en-US',
        },
      ]),
    );
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Notice "Holiday hours" created'));
  });

  it('edits a notice, keeping its publish time unless changed', async () => {
    const { calls } = mockFetch(
      answer({
        'admin/cms/notification/edit': (body) => ({
          code: 200,
          data: makeNotice({ title: (body.title as Record<string, string>)['zh-CN'] }),
        }),
      }),
    );
    recordFeedback();
    renderPage(<NoticePage />, { path: '/admin/notice' });
    await screen.findByText('Maintenance tonight');

    const row = screen.getByText('Maintenance tonight').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Title (Chinese)') as HTMLInputElement).value).toBe('Maintenance tonight');
    fireEvent.change(within(dialog).getByLabelText('Title (Chinese)'), { target: { value: 'Maintenance moved' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf(calls, 'admin/cms/notification/edit')).toHaveLength(1));
    expect(bodiesOf(calls, 'admin/cms/notification/edit')[0]).toMatchObject({
      id: 1,
      title: { 'zh-CN': 'Maintenance moved', 'en-US': '' },
      content: { 'zh-CN': '<p>Back at <strong>02:00</strong></p>', 'en-US': '' },
      publish_at: '2025-03-01T08:00:00.000Z',
    });
  });

  it('shows a notice in the detail drawer and deletes one after confirmation', async () => {
    const { calls } = mockFetch(answer());
    const feedback = recordFeedback();
    renderPage(<NoticePage />, { path: '/admin/notice' });
    await screen.findByText('Maintenance tonight');

    fireEvent.click(screen.getByRole('button', { name: 'Maintenance tonight' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('02:00')).toBeTruthy();
    expect(within(drawer).getByText('4')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));

    const row = screen.getByText('Draft idea').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Delete this notice?')).toBeTruthy();
    expect(bodiesOf(calls, 'admin/cms/notification/delete')).toEqual([]);
    const confirm = screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement;
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/cms/notification/delete')).toEqual([{ id: 3, lang_code: 'en-US' }]),
    );
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Deleted "Draft idea"'));
  });
});
