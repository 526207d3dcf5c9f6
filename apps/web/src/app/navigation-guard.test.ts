import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { useSessionStore } from '../lib/session-store';
import { adminUserinfo, merchantUserinfo } from '../test/helpers';
import { guardNavigation } from './navigation-guard';

function navigateTo(path: string): Response | null {
  try {
    return guardNavigation({ request: new Request(`http://localhost${path}`) });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function redirectOf(path: string): string | null {
  const result = navigateTo(path);
  return result instanceof Response ? result.headers.get('Location') : null;
}

describe('guardNavigation', () => {
  it('lets a signed-out visitor see public pages', () => {
    expect(navigateTo('/index')).toBeNull();
    expect(navigateTo('/register')).toBeNull();
    expect(navigateTo('/login')).toBeNull();
  });

  it('sends a signed-out visitor of a console page to login with the redirect, clearing the session', () => {
    useSessionStore.getState().setMenus('merchant', []);
    expect(redirectOf('/merchant/bill?page=3')).toBe(`/login?redirect=${encodeURIComponent('/merchant/bill?page=3')}`);
    expect(useSessionStore.getState().merchant.menus).toBeNull();
  });

  it('keeps the hash of the page being opened in the redirect, though the router drops it from the request', () => {
    window.history.replaceState(null, '', '/merchant/traffic?tab=logs#log-42');
    try {
      expect(redirectOf('/merchant/traffic?tab=logs')).toBe(
        `/login?redirect=${encodeURIComponent('/merchant/traffic?tab=logs#log-42')}`,
      );
      // Another page than the one in the address bar: no hash is borrowed from it.
      expect(redirectOf('/merchant/bill')).toBe(`/login?redirect=${encodeURIComponent('/merchant/bill')}`);
      // A request that carries its hash keeps it.
      expect(redirectOf('/admin/bill#unpaid')).toBe(
        `/admin/login?redirect=${encodeURIComponent('/admin/bill#unpaid')}`,
      );
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('loads the menu routes after login and retries the navigation', () => {
    useSessionStore.getState().signIn('merchant', merchantUserinfo);
    expect(useSessionStore.getState().merchant.menus).toBeNull();
    expect(navigateTo('/merchant/setting/domain')).toBeNull();
    const paths = useSessionStore.getState().merchant.menus?.map((menu) => menu.path);
    expect(paths).toEqual([
      '/merchant/store',
      '/merchant/plugin',
      '/merchant/traffic',
      '/merchant/bill',
      '/merchant/setting',
      '/merchant/account',
    ]);
  });

  it('sends a merchant to /404 on an operator page', () => {
    useSessionStore.getState().signIn('merchant', merchantUserinfo);
    expect(redirectOf('/admin/dashboard')).toBe('/404');
  });

  it('sends a signed-in user from the login page to /platform', () => {
    useSessionStore.getState().signIn('merchant', merchantUserinfo);
    expect(redirectOf('/login')).toBe('/platform');
  });

  it('switches to the operator console when an operator session opens the operator login', () => {
    useSessionStore.getState().signIn('admin', adminUserinfo);
    useSessionStore.getState().setLoginType('merchant');
    expect(redirectOf('/admin/login')).toBe('/platform');
    expect(useSessionStore.getState().loginType).toBe('admin');
  });

  it('redirects unknown paths to /404 and /404 without a session to login', () => {
    expect(redirectOf('/nowhere')).toBe('/404');
    expect(redirectOf('/404')).toBe('/login');
  });

  it('shows the operator console in Chinese whatever the chosen language', () => {
    useSessionStore.getState().setLang('en-US');
    useSessionStore.getState().signIn('admin', adminUserinfo);
    navigateTo('/admin/dashboard');
    expect(i18n.language).toBe('zh-CN');
    useSessionStore.getState().setLoginType('merchant');
    navigateTo('/register');
    expect(i18n.language).toBe('en-US');
  });
});
