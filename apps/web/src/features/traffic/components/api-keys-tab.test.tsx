import type { TShopKey } from '@parlour/contract/calls/open-core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import { ApiKeysTab } from './api-keys-tab';

function makeKey(overrides: Partial<TShopKey> = {}): TShopKey {
  return {
    shop_id: 'globalpicks',
    shop_name: 'Global Picks',
    status: 'operating',
    is_callable: true,
    key_masked: 'pk_live_••••••••AbCd',
    key_last4: 'AbCd',
    rotated_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
const NEW_KEY = 'pk_live_NewKeyNewKeyNewKeyNewKeyNewKeyNewKeyNew1';

function answer(overrides: Record<string, unknown> = {}) {
  return (path: string) => {
    if (path in overrides) return { code: 200, data: overrides[path] };
    if (path === 'merchant/open/shop_key/lists')
      return {
        code: 200,
        data: {
          list: [
            makeKey(),
            makeKey({
              shop_id: 'unpaidone',
              shop_name: 'Unpaid one',
              status: 'unpaid',
              is_callable: false,
              key_masked: 'pk_live_••••••••WxYz',
            }),
          ],
          total: 2,
        },
      };
    return { code: 10004, msg: `no answer for ${path}` };
  };
}
const bodiesOf = (calls: { url: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.url === `/api/v1/${path}`).map((call) => call.body);

describe('merchant API keys tab', { timeout: 20_000 }, () => {
  it('lists the stores with masked keys, whether they can call, and how to call', async () => {
    mockFetch(answer());
    renderPage(<ApiKeysTab />, { path: '/merchant/traffic', url: '/merchant/traffic?tab=keys' });
    expect(await screen.findByText('Global Picks')).toBeTruthy();
    expect(screen.getByText('pk_live_••••••••AbCd')).toBeTruthy();
    expect(screen.getByText('Can call')).toBeTruthy();
    expect(screen.getByText('Cannot call')).toBeTruthy();
    expect(screen.getByText(/x-api-key: <your API key>/)).toBeTruthy();
    expect(screen.getByText('13006 · quota exhausted, not charged')).toBeTruthy();
  });

  it('rotates a key only after confirming, then shows the new key once', async () => {
    const { calls } = mockFetch(
      answer({
        'merchant/open/shop_key/rotate': {
          ...makeKey({ key_last4: 'New1', key_masked: 'pk_live_••••••••New1' }),
          key: NEW_KEY,
        },
      }),
    );
    const feedback = recordFeedback();
    renderPage(<ApiKeysTab />, { path: '/merchant/traffic', url: '/merchant/traffic?tab=keys' });
    await screen.findByText('Global Picks');
    fireEvent.click(screen.getByRole('button', { name: 'Rotate the API key of Global Picks' }));
    expect(await screen.findByText('Rotate the API key of Global Picks?')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/open/shop_key/rotate')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Rotate' }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/open/shop_key/rotate')[0]).toMatchObject({ shop_id: 'globalpicks' }),
    );
    expect(await screen.findByText('New API key of Global Picks', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText(NEW_KEY)).toBeTruthy();
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('API key of Global Picks rotated'));
  });

  it('shows the key to copy by hand when the clipboard refuses it', async () => {
    const { calls } = mockFetch(answer({ 'merchant/open/shop_key/reveal': { shop_id: 'globalpicks', key: NEW_KEY } }));
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
    renderPage(<ApiKeysTab />, { path: '/merchant/traffic', url: '/merchant/traffic?tab=keys' });
    await screen.findByText('Global Picks');
    fireEvent.click(screen.getByRole('button', { name: 'Copy the API key of Global Picks' }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/open/shop_key/reveal')[0]).toMatchObject({ shop_id: 'globalpicks' }),
    );
    expect(await screen.findByText(NEW_KEY, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('API key of Global Picks')).toBeTruthy();
  });
});
