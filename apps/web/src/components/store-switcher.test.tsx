import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/helpers';
import { makeAdminShop } from '@/test/admin-fixtures';
import { makeShop } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import { StoreSwitcher, storePageLink } from './store-switcher';

const COUNTS = { all: 2, operating: 2, disabled: 0, pending_renewal: 0 };
const lucy = makeShop();
const tea = makeShop({ id: 2, shop_id: 'teashop', shop_name: 'Tea House' });

function listAnswer<T extends { shop_id: string; shop_name: string }>(shops: T[], keyword: unknown) {
  const matching =
    typeof keyword === 'string' && keyword !== ''
      ? shops.filter((shop) => shop.shop_id.includes(keyword) || shop.shop_name.includes(keyword))
      : shops;
  return { code: 200, data: { list: matching, total: matching.length, counts: COUNTS } };
}

function MerchantPage() {
  return <StoreSwitcher variant="merchant">{(shop) => <p>{`config of ${shop.shop_id}`}</p>}</StoreSwitcher>;
}

function AdminPage() {
  return (
    <StoreSwitcher variant="admin">
      {(shop) => <p>{`config of ${shop.shop_id} by ${shop.merchant_account}`}</p>}
    </StoreSwitcher>
  );
}

const location = () => screen.queryByTestId('location');

describe('StoreSwitcher', { timeout: 20_000 }, () => {
  it('links a page to one store', () => {
    expect(storePageLink('/merchant/setting/index', 'lucyshop')).toBe('/merchant/setting/index?shop_id=lucyshop');
  });

  it('merchant: picks the first store into the URL without a history entry, and switching pushes one', async () => {
    mockFetch((path, body) =>
      path === 'merchant/parlour/shop/lists'
        ? listAnswer([lucy, tea], (body as { keyword?: string }).keyword)
        : { code: 10004 },
    );
    const { router } = renderPage(<MerchantPage />, { path: '/merchant/setting/index' });
    expect(await screen.findByText('config of lucyshop')).toBeTruthy();
    expect(router.state.location.search).toBe('?shop_id=lucyshop');
    expect(router.state.historyAction).toBe('REPLACE');

    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('Tea House (teashop)'));
    expect(await screen.findByText('config of teashop')).toBeTruthy();
    expect(router.state.location.search).toBe('?shop_id=teashop');
    await act(() => router.navigate(-1));
    expect(await screen.findByText('config of lucyshop')).toBeTruthy();
    expect(location()).toBeNull();
  });

  it('merchant: opens the store of a row link, and says so when the store is not theirs', async () => {
    const { calls } = mockFetch((path, body) =>
      path === 'merchant/parlour/shop/lists'
        ? listAnswer([lucy, tea], (body as { keyword?: string }).keyword)
        : { code: 10004 },
    );
    const first = renderPage(<MerchantPage />, {
      path: '/merchant/setting/index',
      url: storePageLink('/merchant/setting/index', 'teashop'),
    });
    expect(await screen.findByText('config of teashop')).toBeTruthy();
    first.unmount();

    renderPage(<MerchantPage />, {
      path: '/merchant/setting/index',
      url: storePageLink('/merchant/setting/index', 'someone-elses'),
    });
    expect(await screen.findByText('This store was not found. Choose one of your stores above.')).toBeTruthy();
    expect(screen.queryByText(/config of/)).toBeNull();
    // Looked up by its ID in case it is beyond the first page.
    expect(calls.some((call) => (call.body as { keyword?: string }).keyword === 'someone-elses')).toBe(true);
  });

  it('merchant: without a store, offers to create one', async () => {
    mockFetch(() => ({ code: 200, data: { list: [], total: 0, counts: { ...COUNTS, all: 0, operating: 0 } } }));
    renderPage(<MerchantPage />, { path: '/merchant/setting/index' });
    expect(await screen.findByText('You have no store yet. Create one to set it up here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a store' }).getAttribute('href')).toBe(
      '/merchant/store?create=trial',
    );
  });

  it('admin: finds any store by searching on the server', async () => {
    const shops = [
      makeAdminShop({ shop_id: 'alpha', shop_name: 'Alpha', merchant_account: 'a@example.com' }),
      makeAdminShop({ id: 9, shop_id: 'zulu', shop_name: 'Zulu Store', merchant_account: 'z@example.com' }),
    ];
    const { calls } = mockFetch((path, body) =>
      path === 'admin/parlour/shop/lists' ? listAnswer(shops, (body as { keyword?: string }).keyword) : { code: 10004 },
    );
    const { router } = renderPage(<AdminPage />, { path: '/admin/setting/index' });
    expect(await screen.findByText('config of alpha by a@example.com')).toBeTruthy();
    expect(router.state.location.search).toBe('?shop_id=alpha');

    const combobox = screen.getByRole('combobox');
    fireEvent.mouseDown(combobox);
    fireEvent.change(combobox, { target: { value: 'Zulu' } });
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.url.endsWith('admin/parlour/shop/lists') && (call.body as { keyword?: string }).keyword === 'Zulu',
        ),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByText('Zulu Store (zulu) · z@example.com'));
    expect(await screen.findByText('config of zulu by z@example.com')).toBeTruthy();
    expect(router.state.location.search).toBe('?shop_id=zulu');
  });
});
