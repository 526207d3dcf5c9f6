import { act, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { useSessionStore } from '@/lib/session-store';
import { adminUserinfo, merchantUserinfo } from '@/test/helpers';
import { renderPage } from '@/test/render';
import { columnSettingsKey } from './column-settings';
import { DataTable, type DataColumn } from './data-table';
import { useListUrlState } from './use-list-url-state';

interface Store {
  id: number;
  name: string;
  orders: number;
  created: string;
}
const STORES: Store[] = [
  { id: 1, name: 'Alpha', orders: 5, created: '2026-01-02' },
  { id: 2, name: 'Beta', orders: 9, created: '2026-01-01' },
  { id: 3, name: 'Gamma', orders: 1, created: '2026-01-03' },
];

const columns: Array<DataColumn<Store>> = [
  { key: 'name', title: 'Name', dataIndex: 'name', fixed: 'left', isRequired: true, cardRole: 'title' },
  { key: 'orders', title: 'Orders', dataIndex: 'orders', sortField: 'orders', compare: (a, b) => a.orders - b.orders },
  { key: 'created', title: 'Created', dataIndex: 'created', sortField: 'created' },
  { key: 'note', title: 'Note', render: () => 'note', isHiddenByDefault: true },
  {
    key: 'actions',
    title: 'Actions',
    fixed: 'right',
    isRequired: true,
    cardRole: 'actions',
    render: (_, store) => <Button>{`Open ${store.name}`}</Button>,
  },
];

/** A list as a page builds one: its state in the URL, the state shown so a test can read it. */
function StoreList() {
  const list = useListUrlState<{ status?: string }, 'orders' | 'created'>({
    filterKeys: ['status'],
    defaultPageSize: 10,
    sortFields: ['orders', 'created'],
  });
  return (
    <>
      <p data-testid="state">{JSON.stringify({ filter: list.filter, query: list.query })}</p>
      <button type="button" onClick={() => list.setFilter({ status: 'open' })}>
        filter open
      </button>
      <DataTable<Store>
        listId="test.stores"
        rowKey="id"
        columns={columns}
        rows={STORES}
        sort={list.sort}
        onSortChange={list.setSort}
        pagination={{ page: list.page, pageSize: list.pageSize, total: 30, onChange: list.onPageChange }}
      />
    </>
  );
}

const headers = () =>
  screen
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent?.trim())
    .filter(Boolean);
const state = () =>
  JSON.parse(screen.getByTestId('state').textContent ?? '{}') as {
    filter: Record<string, string>;
    query: Record<string, unknown>;
  };

function setWidth(width: number) {
  act(() => {
    (
      window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }
    ).happyDOM.setViewport({ width, height: 800 });
  });
}

async function openSettings() {
  fireEvent.click(screen.getByRole('button', { name: 'Column settings' }));
  return screen.findByRole('group', { name: 'Column settings' });
}

describe('DataTable', { timeout: 20_000 }, () => {
  afterEach(() => setWidth(1024));

  it('remembers the columns a user chose and their order, per user, and resets them', async () => {
    useSessionStore.getState().signIn('merchant', merchantUserinfo);
    const first = renderPage(<StoreList />, { path: '/stores' });
    await screen.findByText('Alpha');
    expect(headers()).toEqual(['Name', 'Orders', 'Created', 'Actions']);

    const settings = await openSettings();
    fireEvent.click(within(settings).getByRole('checkbox', { name: 'Note' }));
    fireEvent.click(within(settings).getByRole('checkbox', { name: 'Orders' }));
    fireEvent.click(within(settings).getByRole('button', { name: 'Move “Created” up' }));
    // The row's name and actions cannot be hidden.
    expect(within(settings).getByRole('checkbox', { name: 'Name' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(headers()).toEqual(['Name', 'Created', 'Note', 'Actions']));
    const key = columnSettingsKey('merchant', merchantUserinfo.id, 'test.stores');
    expect(JSON.parse(localStorage.getItem(key)!)).toEqual({
      order: ['created', 'orders', 'note'],
      hidden: ['orders'],
    });

    // A new visit shows the same columns.
    first.unmount();
    renderPage(<StoreList />, { path: '/stores' });
    await screen.findByText('Alpha');
    expect(headers()).toEqual(['Name', 'Created', 'Note', 'Actions']);

    // Another user on the same browser has their own (default) columns.
    act(() => useSessionStore.getState().signIn('admin', adminUserinfo));
    await waitFor(() => expect(headers()).toEqual(['Name', 'Orders', 'Created', 'Actions']));
    act(() => useSessionStore.getState().setLoginType('merchant'));
    await waitFor(() => expect(headers()).toEqual(['Name', 'Created', 'Note', 'Actions']));

    fireEvent.click(within(await openSettings()).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(headers()).toEqual(['Name', 'Orders', 'Created', 'Actions']));
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('reorders columns by dragging a row of the settings, and from the keyboard by the handle', async () => {
    useSessionStore.getState().signIn('merchant', merchantUserinfo);
    renderPage(<StoreList />, { path: '/stores' });
    await screen.findByText('Alpha');
    const settings = await openSettings();
    fireEvent.click(within(settings).getByRole('checkbox', { name: 'Note' }));
    await waitFor(() => expect(headers()).toEqual(['Name', 'Orders', 'Created', 'Note', 'Actions']));

    const row = (key: string) => settings.querySelector<HTMLElement>(`[data-column="${key}"]`)!;
    // Pinned columns keep their side: they are not draggable.
    expect(row('name').getAttribute('draggable')).toBe('false');
    expect(row('orders').getAttribute('draggable')).toBe('true');
    const dataTransfer = { effectAllowed: '', dropEffect: '', setData: () => undefined };
    /** Drags `from` over the lower half of `to` (lands after it) or its upper half (before it), and drops. */
    const drag = (from: string, to: string, half: 'upper' | 'lower') => {
      const target = row(to);
      target.getBoundingClientRect = () => ({
        top: 100,
        height: 20,
        bottom: 120,
        left: 0,
        right: 200,
        width: 200,
        x: 0,
        y: 100,
        toJSON: () => ({}),
      });
      fireEvent.dragStart(row(from), { dataTransfer });
      // happy-dom's DragEvent drops the pointer position of its init: set it on the event.
      const over = createEvent.dragOver(target, { dataTransfer });
      Object.defineProperty(over, 'clientY', { value: half === 'lower' ? 115 : 105 });
      fireEvent(target, over);
      fireEvent.drop(target, { dataTransfer });
      fireEvent.dragEnd(row(from), { dataTransfer });
    };
    drag('orders', 'note', 'lower');
    await waitFor(() => expect(headers()).toEqual(['Name', 'Created', 'Note', 'Orders', 'Actions']));
    drag('note', 'created', 'upper');
    await waitFor(() => expect(headers()).toEqual(['Name', 'Note', 'Created', 'Orders', 'Actions']));
    const key = columnSettingsKey('merchant', merchantUserinfo.id, 'test.stores');
    expect(JSON.parse(localStorage.getItem(key)!)).toEqual({ order: ['note', 'created', 'orders'], hidden: [] });

    // The drag handle is a button: arrow keys move its column.
    const handle = within(settings).getByRole('button', { name: 'Drag “Orders” to reorder' });
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    await waitFor(() => expect(headers()).toEqual(['Name', 'Note', 'Orders', 'Created', 'Actions']));
    fireEvent.keyDown(within(settings).getByRole('button', { name: 'Drag “Note” to reorder' }), { key: 'ArrowDown' });
    await waitFor(() => expect(headers()).toEqual(['Name', 'Orders', 'Note', 'Created', 'Actions']));
    fireEvent.click(within(settings).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(headers()).toEqual(['Name', 'Orders', 'Created', 'Actions']));
  });

  it('keeps filter, sort and page in the URL: a reload and the back button restore them', async () => {
    const { router } = renderPage(<StoreList />, {
      path: '/stores',
      url: '/stores?status=open&sort=created&order=ascend&page=3',
    });
    await screen.findByText('Alpha');
    expect(state()).toEqual({
      filter: { status: 'open' },
      query: { page: 3, limit: 10, sort_field: 'created', sort_order: 'ascend' },
    });
    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe('ascending');

    // Sorting on another column goes back to page 1 and pushes the new state.
    fireEvent.click(screen.getByRole('columnheader', { name: /Orders/ }));
    await waitFor(() =>
      expect(state().query).toEqual({ page: 1, limit: 10, sort_field: 'orders', sort_order: 'descend' }),
    );
    expect(router.state.location.search).toBe('?status=open&sort=orders&order=descend');
    // A list the server answered whole is sorted here.
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('Beta'), expect.stringContaining('Alpha'), expect.stringContaining('Gamma')]);

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(state().query.page).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: 'filter open' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=open&sort=orders&order=descend'));

    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(state().query).toEqual({ page: 2, limit: 10, sort_field: 'orders', sort_order: 'descend' }),
    );
    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(state().query).toEqual({ page: 3, limit: 10, sort_field: 'created', sort_order: 'ascend' }),
    );

    // A sort the list does not offer, and a page that is not a page, fall back to the defaults.
    await act(() => router.navigate('/stores?sort=password&page=-1'));
    await waitFor(() => expect(state().query).toEqual({ page: 1, limit: 10 }));
  });

  it('shows a card per row at phone width, with the chosen fields and the actions, in both languages', async () => {
    setWidth(375);
    renderPage(<StoreList />, { path: '/stores' });
    const cards = await screen.findByRole('list', { name: 'List' });
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const alpha = items[0];
    expect(within(alpha).getByText('Alpha')).toBeTruthy();
    expect(within(alpha).getByText('Orders').nextElementSibling?.textContent).toBe('5');
    expect(within(alpha).getByText('Created').nextElementSibling?.textContent).toBe('2026-01-02');
    expect(within(alpha).queryByText('Note')).toBeNull();
    expect(within(alpha).getByRole('button', { name: 'Open Alpha' })).toBeTruthy();

    // The sort is chosen above the cards.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(await screen.findByTitle('Orders'));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'List' })).getAllByRole('listitem')[0].textContent).toContain(
        'Beta',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Descending' }));
    await waitFor(() => expect(state().query.sort_order).toBe('ascend'));

    await act(() => i18n.changeLanguage('zh-CN'));
    expect(await screen.findByRole('list', { name: '列表' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '列设置' })).toBeTruthy();
  });
});
