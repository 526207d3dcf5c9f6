import type { TStorePick, TStorePicks } from '@parlour/contract/calls/store-picks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { merchantUserinfo, mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import { StorePicksPanel } from './store-picks-panel';

const pick = (id: number, title: string, overrides: Partial<TStorePick> = {}): TStorePick => ({
  id,
  platform: 'taobao',
  item_id: String(520813250860 + id),
  title,
  image: '/sandbox-images/taobao/1/0.svg',
  price_min: 3900,
  price_max: 4100,
  china_freight: null,
  created_at: '2026-11-29T10:00:00.000Z',
  ...overrides,
});

function renderPicks(initial: TStorePick[]) {
  useSessionStore.getState().signIn('merchant', merchantUserinfo);
  const feedback = recordFeedback();
  let list = initial;
  const answer = (): { code: number; data: TStorePicks } => ({
    code: 200,
    data: { shop_id: 'lucyshop', list, max: 24 },
  });
  const { calls } = mockFetch((path, body) => {
    const input = body as Record<string, unknown>;
    if (path === 'merchant/parlour/picks/list') return answer();
    if (path === 'merchant/parlour/picks/add') {
      if (String(input.link).includes('amazon'))
        return {
          code: 10001,
          msg: 'Item link not recognised',
          data: { errors: [{ field: 'link', message: 'Item link not recognised: paste a Taobao item link' }] },
        };
      list = [...list, pick(9, 'Thick hooded sweatshirt', { platform: 'jd', price_min: 12900, price_max: 12900 })];
      return answer();
    }
    if (path === 'merchant/parlour/picks/delete') {
      list = list.filter((entry) => entry.id !== input.id);
      return answer();
    }
    if (path === 'merchant/parlour/picks/move') {
      list = [...list].reverse();
      return answer();
    }
    return { code: 10004 };
  });
  renderPage(<StorePicksPanel shopId="lucyshop" />, { path: '/merchant/setting/index' });
  return { calls, feedback };
}

describe('store picks panel', { timeout: 20_000 }, () => {
  it('says how to pin the first item while the store has none', async () => {
    renderPicks([]);
    expect(await screen.findByText('No picks yet')).toBeTruthy();
    expect(screen.getByText(/Paste an item link above and choose “Pin to home page”/)).toBeTruthy();
  });

  it('pins a pasted link, shows a refused link on its field, moves and removes after confirming', async () => {
    const { calls, feedback } = renderPicks([pick(1, 'Cotton T-shirt')]);
    const list = await screen.findByRole('region', { name: 'Pinned items' });
    expect(within(list).getByText('Cotton T-shirt')).toBeTruthy();
    expect(within(list).getByText('CN¥39.00 – CN¥41.00')).toBeTruthy();

    const field = screen.getByLabelText('Item link or share text');
    fireEvent.click(screen.getByRole('button', { name: /Pin to home page/ }));
    expect(await screen.findByText('Paste an item link or share text')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'https://www.amazon.com/dp/B0C1234567' } });
    fireEvent.click(screen.getByRole('button', { name: /Pin to home page/ }));
    expect(await screen.findByText('Item link not recognised: paste a Taobao item link')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'https://item.jd.com/100012043978.html' } });
    fireEvent.click(screen.getByRole('button', { name: /Pin to home page/ }));
    expect(await within(list).findByText('Thick hooded sweatshirt')).toBeTruthy();
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Pinned to the home page'));
    expect(calls.filter((call) => call.url.endsWith('picks/add')).at(-1)?.body).toMatchObject({
      shop_id: 'lucyshop',
      link: 'https://item.jd.com/100012043978.html',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Move “Thick hooded sweatshirt” up' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.url.endsWith('picks/move')).at(-1)?.body).toMatchObject({ direction: 'up' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove “Cotton T-shirt”' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(list).queryByText('Cotton T-shirt')).toBeNull());
    expect(calls.filter((call) => call.url.endsWith('picks/delete'))).toHaveLength(1);
  });
});
