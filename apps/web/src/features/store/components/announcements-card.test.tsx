import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { AnnouncementsCard } from './announcements-card';

const NOTICES = Array.from({ length: 7 }, (_, index) => ({
  id: index + 1,
  title: `Notice ${index + 1}`,
  content: `Body of notice ${index + 1}`,
  created_at: '2025-03-01T08:00:00.000Z',
}));

describe('AnnouncementsCard', () => {
  it('shows an empty state with "more" disabled when there are none', async () => {
    renderPage(<AnnouncementsCard announcements={[]} />, { path: '/' });
    expect(await screen.findByText('No announcements')).toBeTruthy();
    expect(screen.getByRole('button', { name: /More/ })).toHaveProperty('disabled', true);
  });

  it('lists the latest five, all of them under "more", and opens one', async () => {
    renderPage(<AnnouncementsCard announcements={NOTICES} />, { path: '/' });
    expect(await screen.findByText('Notice 5')).toBeTruthy();
    expect(screen.queryByText('Notice 6')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /More/ }));
    expect(await screen.findByText('Notice 7')).toBeTruthy();
    fireEvent.click(screen.getByText('Notice 7'));
    expect(await screen.findByText('Body of notice 7')).toBeTruthy();
  });
});
