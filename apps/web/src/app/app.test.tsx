import { render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '../lib/i18n';
import { useSessionStore } from '../lib/session-store';
import { adminUserinfo, merchantUserinfo, mockFetch, recordFeedback } from '../test/helpers';
import { AppProviders } from './providers';
import { appRoutes } from './router';

/** The whole app (route table, guard, layouts, lazy pages) at `url`. */
function renderApp(url: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
  render(
    <AppProviders>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </AppProviders>,
  );
  return router;
}

/** Lazy pages can take a moment to transform on first import under vitest. */
const slow = { timeout: 5_000 };

const where = (router: ReturnType<typeof renderApp>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('the app', () => {
  beforeEach(() => {
    useSessionStore.getState().setLang('en-US');
  });

  it('takes a signed-out visitor of the console to login with the redirect, titled "Log in - Parlour"', async () => {
    const router = renderApp('/platform');
    expect(await screen.findByRole('heading', { name: 'Log in to Parlour' }, slow)).toBeTruthy();
    expect(where(router)).toBe('/login?redirect=%2Fplatform');
    await waitFor(() => expect(document.title).toBe('Log in - Parlour'));
  });

  it('titles pages in Chinese by default', async () => {
    useSessionStore.getState().setLang('zh-CN');
    renderApp('/register');
    expect(await screen.findByRole('heading', { name: '注册商户账号' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('注册 - Parlour'));
  });

  it('serves the home page inside the site layout at /', async () => {
    const router = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /1688, Taobao, JD and Weidian/ }, slow)).toBeTruthy();
    expect(where(router)).toBe('/index');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('shows the operator login at /admin, in Chinese without a language switcher', async () => {
    useSessionStore.getState().setLang('en-US');
    const router = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: '运营控制台' })).toBeTruthy();
    expect(where(router)).toBe('/admin/login');
    expect(i18n.language).toBe('zh-CN');
    expect(screen.queryByRole('button', { name: /中文|English/ })).toBeNull();
  });

  it('sends the bare /merchant to the welcome page, through login without a session', async () => {
    const router = renderApp('/merchant');
    expect(await screen.findByRole('heading', { name: 'Log in to Parlour' }, slow)).toBeTruthy();
    expect(where(router)).toBe('/login?redirect=%2Fplatform');
  });

  it('sends unknown paths to /404, and /404 without a session to login', async () => {
    const router = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Log in to Parlour' }, slow)).toBeTruthy();
    expect(where(router)).toBe('/login');
  });

  it('shows /404 to a signed-in user', async () => {
    useSessionStore.getState().signIn('merchant', merchantUserinfo);
    renderApp('/no/such/page');
    expect(await screen.findByText('Sorry, the page you visited does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back home' }).getAttribute('href')).toBe('/platform');
  });

  it('gives a merchant the merchant menu, the welcome page and its menu pages', async () => {
    useSessionStore.getState().signIn('merchant', merchantUserinfo);
    const router = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Lucy' })).toBeTruthy();
    expect(where(router)).toBe('/platform');
    const menu = screen.getByRole('navigation', { name: 'Console menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Stores', 'Plugins', 'Traffic', 'Bills']);
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /中文/ })).toBeTruthy();

    await router.navigate('/merchant/plugin');
    expect(await screen.findByRole('heading', { name: 'Plugins' })).toBeTruthy();
    expect(screen.queryByText('Not available yet')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Plugins - Parlour'));

    await router.navigate('/admin/dashboard');
    await waitFor(() => expect(where(router)).toBe('/404'));
    // The plugin page's chunk is the largest a test loads here.
  }, 20_000);

  it('gives an operator the operator menu in Chinese, without a language switcher', async () => {
    useSessionStore.getState().setLang('en-US');
    useSessionStore.getState().signIn('admin', adminUserinfo);
    renderApp('/platform');
    const menu = await screen.findByRole('navigation', { name: '控制台菜单' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      '数据看板',
      '商户管理',
      '店铺管理',
      '插件管理',
      '流量管理',
      '版本管理',
      '公告管理',
      '意向客户',
      '账单管理',
      '系统设置',
    ]);
    expect(screen.queryByRole('button', { name: /中文|English/ })).toBeNull();
  });

  it('shows the diagnostics page with the client id', async () => {
    mockFetch(() => ({ code: 200 }));
    recordFeedback();
    renderApp('/test');
    expect(await screen.findByRole('heading', { name: 'Diagnostics' })).toBeTruthy();
    expect(screen.getByTestId('client-id').textContent).toMatch(/^[A-Za-z0-9]{21}/);
  });
});
