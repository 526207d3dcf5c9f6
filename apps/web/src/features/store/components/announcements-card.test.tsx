import type { TMerchantNotice } from '@parlour/contract/calls/notice';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { bodiesOf } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import { AnnouncementsCard } from './announcements-card';

function makeNotice(overrides: Partial<TMerchantNotice> = {}): TMerchantNotice {
  return {
    id: 1,
    title: 'Maintenance tonight',
    content: '<p>Back at <strong>02:00</strong></p>',
    is_pinned: false,
    publish_at: '2025-03-01T08:00:00.000Z',
    is_read: false,
    read_at: null,
    ...overrides,
  };
}

const PINNED = makeNotice({
  id: 3,
  title: 'New pricing from April',
  is_pinned: true,
  content:
    '<h2>Prices</h2><p>See <a href="https://example.com/p" target="_blank" rel="noopener noreferrer">the list</a></p>',
});
const PLAIN = makeNotice({ id: 2 });
const READ = makeNotice({ id: 1, title: 'Welcome to Parlour', is_read: true, read_at: '2025-02-02T00:00:00.000Z' });
const ALL = Array.from({ length: 12 }, (_, index) =>
  makeNotice({ id: 100 + index, title: `Older notice ${index + 1}`, is_read: index > 1 }),
);

describe('AnnouncementsCard', { timeout: 20_000 }, () => {
  it('shows an empty state when nothing is unread', async () => {
    mockFetch(() => ({ code: 200, data: { list: [], total: 0, unread_count: 0 } }));
    renderPage(<AnnouncementsCard />, { path: '/' });
    expect(await screen.findByText('No unread announcements')).toBeTruthy();
  });

  it('lists unread notices pinned first, opens one with its formatted content and marks it read', async () => {
    let unread = [PINNED, PLAIN];
    const { calls } = mockFetch((path, body) => {
      if (path === 'merchant/cms/notification/mark_read') {
        const ids = (body as { ids: number[] }).ids;
        unread = unread.filter((notice) => !ids.includes(notice.id));
        return { code: 200, data: { unread_count: unread.length } };
      }
      return { code: 200, data: { list: unread, total: unread.length, unread_count: unread.length } };
    });
    recordFeedback();
    renderPage(<AnnouncementsCard />, { path: '/' });

    const card = (await screen.findByText('New pricing from April')).closest('.announcements-card') as HTMLElement;
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(expect.arrayContaining(['New pricing from April', 'Maintenance tonight']));
    expect(within(card).getByLabelText('Pinned')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/cms/notification/unread_lists')[0]).toEqual({ limit: 5, lang_code: 'en-US' });

    fireEvent.click(screen.getByText('New pricing from April'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Prices' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'the list' }).getAttribute('href')).toBe('https://example.com/p');
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/cms/notification/mark_read')).toEqual([{ ids: [3], lang_code: 'en-US' }]),
    );
    await waitFor(() => expect(screen.queryAllByText('New pricing from April')).toHaveLength(1));
  });

  it('opens every notice under "more" with read marks, pages, and marks all read', async () => {
    let unreadCount = 2;
    const { calls } = mockFetch((path, body) => {
      if (path === 'merchant/cms/notification/mark_read') {
        unreadCount = 0;
        return { code: 200, data: { unread_count: 0 } };
      }
      const input = body as { include_read?: boolean; page?: number };
      if (!input.include_read)
        return { code: 200, data: { list: unreadCount ? [PLAIN] : [], total: unreadCount, unread_count: unreadCount } };
      const rows = [PLAIN, READ, ...ALL].map((notice) => (unreadCount ? notice : { ...notice, is_read: true }));
      const page = input.page ?? 1;
      return {
        code: 200,
        data: { list: rows.slice((page - 1) * 10, page * 10), total: rows.length, unread_count: unreadCount },
      };
    });
    const feedback = recordFeedback();
    renderPage(<AnnouncementsCard />, { path: '/' });
    await screen.findByText('Maintenance tonight');

    fireEvent.click(screen.getByRole('button', { name: /More/ }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Welcome to Parlour')).toBeTruthy();
    expect(within(drawer).getAllByText('Unread').length).toBeGreaterThan(0);
    expect(within(drawer).getAllByText('Read').length).toBeGreaterThan(0);
    fireEvent.click(within(drawer).getByTitle('2'));
    expect(await within(drawer).findByText('Older notice 9')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/cms/notification/unread_lists').at(-1)).toEqual({
      include_read: true,
      page: 2,
      limit: 10,
      lang_code: 'en-US',
    });

    fireEvent.click(within(drawer).getByRole('button', { name: /Mark all read/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/cms/notification/mark_read')).toEqual([{ all: true, lang_code: 'en-US' }]),
    );
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('All announcements marked read'));
    await waitFor(() =>
      expect(within(drawer).getByRole('button', { name: /Mark all read/ })).toHaveProperty('disabled', true),
    );
  });

  it('follows a console link in a notice inside the app, in the same tab, and keeps external links in a new tab', async () => {
    const reminder = makeNotice({
      id: 7,
      title: 'Plugin trial ending soon: Chat',
      content:
        '<p>To keep it, <a href="/merchant/plugin?tab=market&amp;shop_id=lucy&amp;keyword=chat">buy it under ' +
        'Plugins → Market</a> or read <a href="https://example.com/help" target="_blank" rel="noopener ' +
        'noreferrer">the help</a>.</p>',
    });
    mockFetch((path) =>
      path === 'merchant/cms/notification/mark_read'
        ? { code: 200, data: { unread_count: 0 } }
        : { code: 200, data: { list: [reminder], total: 1, unread_count: 1 } },
    );
    renderPage(<AnnouncementsCard />, { path: '/merchant/store' });

    fireEvent.click(await screen.findByText('Plugin trial ending soon: Chat'));
    const dialog = await screen.findByRole('dialog');
    const external = within(dialog).getByRole('link', { name: 'the help' });
    expect([external.getAttribute('target'), external.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    const market = within(dialog).getByRole('link', { name: 'buy it under Plugins → Market' });
    expect(market.getAttribute('target')).toBeNull();
    // fireEvent answers false when the click's default (a page load) was prevented: the router moved instead.
    expect(fireEvent.click(market)).toBe(false);
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/merchant/plugin?tab=market&shop_id=lucy&keyword=chat',
    );
  });
});
