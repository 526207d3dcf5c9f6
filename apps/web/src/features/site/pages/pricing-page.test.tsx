import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { makeVersion } from '@/test/admin-fixtures';
import { mockFetch } from '@/test/helpers';
import { renderPage } from '@/test/render';
import HomePage from './home-page';
import PricingPage from './pricing-page';

describe('public pricing', { timeout: 20_000 }, () => {
  it('shows each version with features, trial, price per term and a sign-up link, monthly or yearly', async () => {
    const { calls } = mockFetch((path) =>
      path === 'merchant/parlour/package/public_lists'
        ? {
            code: 200,
            data: {
              list: [
                makeVersion({ id: 1, name: 'Starter', trial_days: 14 }),
                makeVersion({ id: 3, name: 'Enterprise', trial_days: 0 }),
              ],
              total: 2,
            },
          }
        : { code: 10004 },
    );
    renderPage(<PricingPage />, { path: '/pricing' });

    expect(await screen.findByRole('heading', { name: 'Starter' })).toBeTruthy();
    expect(screen.getAllByText('CN¥100.00')).toHaveLength(2);
    expect(screen.getByText('14-day free trial')).toBeTruthy();
    expect(screen.getByText('No trial')).toBeTruthy();
    expect(screen.getAllByText('Custom domain')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Start free trial' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/register');
    // No token is sent: the call is public.
    expect(calls[0].headers.get('Authorization')).toBeNull();

    fireEvent.click(screen.getByText('Yearly'));
    await waitFor(() => expect(screen.getAllByText('CN¥1,000.00')).toHaveLength(2));
    expect(screen.getAllByText('Save 17% vs monthly')).toHaveLength(2);
  });

  // The public pages promise only what a store does today, and name what is being built as coming.
  it.each([
    [
      'en-US',
      'Coming next',
      /paste a marketplace link or search by keyword/,
      /checkout|coupon|order and shipping|members/i,
    ],
    ['zh-CN', '即将推出', /粘贴电商平台链接或按关键词搜索/, /优惠券|多币种结算|订单与物流|会员/],
  ])(
    'in %s, the pricing and home pages name the storefront, orders and store admin as coming, and promise no checkout or coupons',
    async (lang, title, storefront, promised) => {
      await i18n.changeLanguage(lang);
      mockFetch((path) =>
        path === 'merchant/parlour/package/public_lists'
          ? { code: 200, data: { list: [makeVersion({ id: 1, name: 'Starter' })], total: 1 } }
          : { code: 10004 },
      );
      for (const [page, path] of [
        [<PricingPage key="pricing" />, '/pricing'],
        [<HomePage key="home" />, '/index'],
      ] as const) {
        const view = renderPage(page, { path });
        const coming = (await screen.findByRole('heading', { name: title })).closest('section') as HTMLElement;
        expect(coming.textContent).toMatch(storefront);
        expect(coming.querySelectorAll('li')).toHaveLength(3);
        expect(document.body.textContent).not.toMatch(promised);
        view.unmount();
      }
    },
  );
});
