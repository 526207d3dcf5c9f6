import type { TProspect } from '@parlour/contract/calls/prospect';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { bodiesOf } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import ProspectsPage from './prospects-page';

function makeProspect(overrides: Partial<TProspect> = {}): TProspect {
  return {
    id: 1,
    name: 'Zhang Wei',
    contact: '13800138000',
    content: 'Interested in the enterprise version',
    ip: '203.0.113.7',
    status: 'new',
    remark: '',
    followed_up_at: null,
    created_at: '2025-03-01T08:00:00.000Z',
    updated_at: '2025-03-01T08:00:00.000Z',
    ...overrides,
  };
}
const FOLLOWED = makeProspect({
  id: 2,
  name: 'Li Na',
  contact: '13900139000',
  status: 'followed_up',
  remark: 'Sent a quote',
  followed_up_at: '2025-03-02T09:00:00.000Z',
});

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.at(-1) as HTMLElement);
}

describe('operator prospects', { timeout: 20_000 }, () => {
  it('lists messages with contact, content, time, IP and status, and filters them', async () => {
    const { calls } = mockFetch((path) =>
      path === 'admin/cms/message_board/lists'
        ? { code: 200, data: { list: [makeProspect(), FOLLOWED], total: 2, new_count: 1 } }
        : { code: 10004 },
    );
    recordFeedback();
    renderPage(<ProspectsPage />, { path: '/admin/prospects' });

    expect(await screen.findByText('Zhang Wei')).toBeTruthy();
    expect(screen.getByText('13800138000')).toBeTruthy();
    expect(screen.getAllByText('203.0.113.7')).toHaveLength(2);
    expect(screen.getByText('Sent a quote')).toBeTruthy();
    expect(screen.getByText('1 new')).toBeTruthy();
    expect(screen.getAllByText('Followed up').length).toBeGreaterThan(0);

    fireEvent.change(screen.getByLabelText('Name, phone or message'), { target: { value: '1380' } });
    await chooseOption('Status', 'New');
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/cms/message_board/lists').at(-1)).toEqual({
        keyword: '1380',
        status: 'new',
        page: 1,
        limit: 20,
        lang_code: 'en-US',
      }),
    );
  });

  it('sorts on the server by creation and follow-up time, from the URL and the column headers', async () => {
    const { calls } = mockFetch((path) =>
      path === 'admin/cms/message_board/lists'
        ? { code: 200, data: { list: [makeProspect(), FOLLOWED], total: 2, new_count: 1 } }
        : { code: 10004 },
    );
    const { router } = renderPage(<ProspectsPage />, {
      path: '/admin/prospects',
      url: '/admin/prospects?sort=followed_up_at&order=ascend&status=followed_up',
    });
    await screen.findByText('Li Na');
    expect(bodiesOf(calls, 'admin/cms/message_board/lists')[0]).toEqual({
      status: 'followed_up',
      page: 1,
      limit: 20,
      sort_field: 'followed_up_at',
      sort_order: 'ascend',
      lang_code: 'en-US',
    });
    expect(screen.getByRole('columnheader', { name: /Follow-up/ }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(screen.getByRole('columnheader', { name: /Left at/ }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/cms/message_board/lists').at(-1)).toMatchObject({
        status: 'followed_up',
        sort_field: 'created_at',
        sort_order: 'descend',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      status: 'followed_up',
      sort: 'created_at',
      order: 'descend',
    });
  });

  it('marks a message followed up with a remark', async () => {
    const { calls } = mockFetch((path, body) => {
      if (path === 'admin/cms/message_board/edit')
        return {
          code: 200,
          data: makeProspect({ status: 'followed_up', remark: (body as { remark: string }).remark }),
        };
      return { code: 200, data: { list: [makeProspect()], total: 1, new_count: 1 } };
    });
    const feedback = recordFeedback();
    renderPage(<ProspectsPage />, { path: '/admin/prospects' });
    await screen.findByText('Zhang Wei');

    fireEvent.click(screen.getByRole('button', { name: 'Follow up' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Interested in the enterprise version')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'Called, demo on Friday' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'admin/cms/message_board/edit')).toEqual([
        { id: 1, status: 'followed_up', remark: 'Called, demo on Friday', lang_code: 'en-US' },
      ]),
    );
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Follow-up of Zhang Wei saved'));
  });

  it('refuses a remark over 500 characters', async () => {
    const { calls } = mockFetch(() => ({ code: 200, data: { list: [makeProspect()], total: 1, new_count: 1 } }));
    recordFeedback();
    renderPage(<ProspectsPage />, { path: '/admin/prospects' });
    await screen.findByText('Zhang Wei');
    fireEvent.click(screen.getByRole('button', { name: 'Follow up' }));
    const dialog = await screen.findByRole('dialog');
    const remark = within(dialog).getByLabelText('Remark') as HTMLTextAreaElement;
    remark.removeAttribute('maxlength');
    fireEvent.change(remark, { target: { value: 'x'.repeat(501) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Remark must be at most 500 characters')).toBeTruthy();
    expect(bodiesOf(calls, 'admin/cms/message_board/edit')).toEqual([]);
  });
});
