import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { UrlTabs } from './url-tabs';
import { useListUrlState } from './use-list-url-state';

/** A tab's list: its page in the URL, as useListUrlState keeps it. */
function TabList({ name }: { name: string }) {
  const list = useListUrlState<{ keyword?: string }>({ filterKeys: ['keyword'] });
  return (
    <>
      <p>{`${name} page ${list.page}${list.filter.keyword ? ` for ${list.filter.keyword}` : ''}`}</p>
      <button type="button" onClick={() => list.onPageChange(list.page + 1, list.pageSize)}>
        next page
      </button>
      <button type="button" onClick={() => list.setFilter({ keyword: 'tea' })}>
        search tea
      </button>
    </>
  );
}

function Page() {
  return (
    <UrlTabs
      items={[
        { key: 'bills', label: 'Bills', children: <TabList name="bills" /> },
        { key: 'income', label: 'Income', children: <TabList name="income" /> },
      ]}
    />
  );
}

describe('UrlTabs', () => {
  it('pushes a history entry per tab change, so back returns to the previous tab with its page and filter', async () => {
    const { router } = renderPage(<Page />, { path: '/bills' });
    expect(await screen.findByText('bills page 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'search tea' }));
    fireEvent.click(screen.getByRole('button', { name: 'next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=tea&page=2'));

    fireEvent.click(screen.getByRole('tab', { name: 'Income' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=income'));
    expect(await screen.findByText('income page 1')).toBeTruthy();
    // Clicking the open tab adds nothing to the history.
    fireEvent.click(screen.getByRole('tab', { name: 'Income' }));
    fireEvent.click(screen.getByRole('button', { name: 'next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=income&page=2'));

    await act(() => router.navigate(-1));
    expect(await screen.findByText('income page 1')).toBeTruthy();
    await act(() => router.navigate(-1));
    expect(await screen.findByText('bills page 2 for tea')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Bills' }).getAttribute('aria-selected')).toBe('true');
    await act(() => router.navigate(-1));
    expect(await screen.findByText('bills page 1 for tea')).toBeTruthy();
    await act(() => router.navigate(1));
    await act(() => router.navigate(1));
    expect(await screen.findByText('income page 1')).toBeTruthy();
  });

  it("keeps the page's own parameters (keepParams) across a tab change, and drops the tab's filters", async () => {
    const { router } = renderPage(
      <UrlTabs
        keepParams={['shop_id']}
        items={[
          { key: 'mine', label: 'Mine', children: <TabList name="mine" /> },
          { key: 'market', label: 'Market', children: <TabList name="market" /> },
        ]}
      />,
      { path: '/plugins', url: '/plugins?shop_id=lucy' },
    );
    expect(await screen.findByText('mine page 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'search tea' }));
    await waitFor(() => expect(router.state.location.search).toBe('?shop_id=lucy&keyword=tea'));
    fireEvent.click(screen.getByRole('tab', { name: 'Market' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=market&shop_id=lucy'));
    fireEvent.click(screen.getByRole('tab', { name: 'Mine' }));
    await waitFor(() => expect(router.state.location.search).toBe('?shop_id=lucy'));
  });
});
