import type { TProspect } from '@parlour/contract/calls/prospect';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import ProspectsPage from './prospects-page';

const base = {
  content: 'Hello',
  ip: '203.0.113.7',
  status: 'new' as const,
  remark: '',
  followed_up_at: null,
  created_at: '2025-03-01T08:00:00.000Z',
  updated_at: '2025-03-01T08:00:00.000Z',
};
const NORMALISED: TProspect = { ...base, id: 1, name: 'Amelia', contact: '+447911123456' };
const CHINESE: TProspect = { ...base, id: 2, name: 'Zhang Wei', contact: '+8613800138000' };
const OLD: TProspect = { ...base, id: 3, name: 'Old lead', contact: '139 0013 9000' };

describe('operator prospects: contact numbers', { timeout: 20_000 }, () => {
  it('shows stored E.164 numbers readable and older rows as they were typed', async () => {
    mockFetch((path) =>
      path === 'admin/cms/message_board/lists'
        ? { code: 200, data: { list: [NORMALISED, CHINESE, OLD], total: 3, new_count: 3 } }
        : { code: 10004 },
    );
    recordFeedback();
    renderPage(<ProspectsPage />, { path: '/admin/prospects' });
    expect(await screen.findByText('+44 7911 123456')).toBeTruthy();
    expect(screen.getByText('+86 138 0013 8000')).toBeTruthy();
    expect(screen.getByText('139 0013 9000')).toBeTruthy();
    expect(screen.queryByText('+447911123456')).toBeNull();
  });
});
