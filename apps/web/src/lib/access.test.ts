import { describe, expect, it } from 'vitest';
import {
  consoleEntryHref,
  decideNavigation,
  effectiveLanguage,
  isOperatorConsole,
  loginPath,
  safeRedirectTarget,
  type NavigationInput,
  type RouteAccess,
} from './access';

const site: RouteAccess = { kind: 'site' };
const welcome: RouteAccess = { kind: 'console' };
const merchantPage: RouteAccess = { kind: 'console', role: 'merchant' };
const adminPage: RouteAccess = { kind: 'console', role: 'admin' };

const merchantMenus = ['/merchant/store', '/merchant/store/renew', '/merchant/bill'];
const adminMenus = ['/admin/dashboard', '/admin/store'];

function input(overrides: Partial<NavigationInput> = {}): NavigationInput {
  return {
    pathname: '/',
    search: '',
    hash: '',
    hostname: 'localhost',
    config: { siteHosts: [], consoleHosts: [] },
    loginType: 'merchant',
    tokens: { merchant: null, admin: null },
    menuPaths: { merchant: null, admin: null },
    access: undefined,
    ...overrides,
  };
}

const signedInMerchant = {
  loginType: 'merchant' as const,
  tokens: { merchant: 'm', admin: null },
  menuPaths: { merchant: merchantMenus, admin: null },
};
const signedInAdmin = {
  loginType: 'admin' as const,
  tokens: { merchant: null, admin: 'a' },
  menuPaths: { merchant: null, admin: adminMenus },
};

describe('decideNavigation', () => {
  describe('on a main-site host', () => {
    const onSite = {
      hostname: 'www.parlour.test',
      config: { siteHosts: ['www.parlour.test'], consoleHosts: ['app.parlour.test'] },
    };

    it('serves the site-layout pages', () => {
      expect(decideNavigation(input({ ...onSite, pathname: '/index', access: site }))).toEqual({ action: 'allow' });
      expect(decideNavigation(input({ ...onSite, pathname: '/pricing', access: site }))).toEqual({ action: 'allow' });
      expect(decideNavigation(input({ ...onSite, pathname: '/' }))).toEqual({ action: 'allow' });
    });

    it('sends everything else to /index, signed in or not', () => {
      for (const pathname of ['/login', '/register', '/platform', '/merchant/store', '/test', '/nowhere']) {
        expect(decideNavigation(input({ ...onSite, pathname, access: { kind: 'public' } }))).toEqual({
          action: 'redirect',
          to: '/index',
        });
        expect(decideNavigation(input({ ...onSite, ...signedInMerchant, pathname, access: merchantPage }))).toEqual({
          action: 'redirect',
          to: '/index',
        });
      }
    });

    it('matches the hostname without regard to case', () => {
      expect(
        decideNavigation(
          input({
            ...onSite,
            hostname: 'WWW.Parlour.test',
            pathname: '/login',
            access: { kind: 'login', role: 'merchant' },
          }),
        ),
      ).toEqual({
        action: 'redirect',
        to: '/index',
      });
    });
  });

  describe('on a console host', () => {
    const onConsole = {
      hostname: 'app.parlour.test',
      config: { siteHosts: ['www.parlour.test'], consoleHosts: ['app.parlour.test'] },
    };

    it('sends /index (and /) to /register when signed out', () => {
      expect(decideNavigation(input({ ...onConsole, pathname: '/index', access: site }))).toEqual({
        action: 'redirect',
        to: '/register',
      });
      expect(decideNavigation(input({ ...onConsole, pathname: '/' }))).toEqual({ action: 'redirect', to: '/register' });
    });

    it('sends /index to /platform when signed in', () => {
      expect(decideNavigation(input({ ...onConsole, ...signedInMerchant, pathname: '/index', access: site }))).toEqual({
        action: 'redirect',
        to: '/platform',
      });
    });

    it('serves the other pages as usual', () => {
      expect(decideNavigation(input({ ...onConsole, pathname: '/pricing', access: site }))).toEqual({
        action: 'allow',
      });
      expect(
        decideNavigation(input({ ...onConsole, pathname: '/login', access: { kind: 'login', role: 'merchant' } })),
      ).toEqual({
        action: 'allow',
      });
    });
  });

  it('allows every page on a host in neither list', () => {
    const config = { siteHosts: ['www.parlour.test'], consoleHosts: ['app.parlour.test'] };
    expect(decideNavigation(input({ config, pathname: '/index', access: site }))).toEqual({ action: 'allow' });
    expect(decideNavigation(input({ config, pathname: '/register', access: { kind: 'public' } }))).toEqual({
      action: 'allow',
    });
    expect(decideNavigation(input({ config, pathname: '/test', access: { kind: 'public' } }))).toEqual({
      action: 'allow',
    });
  });

  it('loads the menu routes of a signed-in user first, then decides', () => {
    const loaded = { ...signedInMerchant, menuPaths: { merchant: null, admin: null } };
    expect(decideNavigation(input({ ...loaded, pathname: '/merchant/bill', access: merchantPage }))).toEqual({
      action: 'load-menus',
      role: 'merchant',
    });
    expect(decideNavigation(input({ ...loaded, pathname: '/index', access: site }))).toEqual({
      action: 'load-menus',
      role: 'merchant',
    });
    expect(decideNavigation(input({ ...signedInMerchant, pathname: '/merchant/bill', access: merchantPage }))).toEqual({
      action: 'allow',
    });
  });

  describe('authenticated routes without a token', () => {
    it('sign out and go to the login page with the full target as redirect', () => {
      expect(
        decideNavigation(
          input({ pathname: '/merchant/bill', search: '?page=2&status=unpaid', hash: '#top', access: merchantPage }),
        ),
      ).toEqual({
        action: 'sign-out',
        role: 'merchant',
        to: `/login?redirect=${encodeURIComponent('/merchant/bill?page=2&status=unpaid#top')}`,
      });
    });

    it('use the login type for shared pages (/platform)', () => {
      expect(decideNavigation(input({ pathname: '/platform', access: welcome }))).toEqual({
        action: 'sign-out',
        role: 'merchant',
        to: '/login?redirect=%2Fplatform',
      });
      expect(decideNavigation(input({ loginType: 'admin', pathname: '/platform', access: welcome }))).toEqual({
        action: 'sign-out',
        role: 'admin',
        to: '/admin/login?redirect=%2Fplatform',
      });
    });

    it("use the route's role for a menu page", () => {
      expect(decideNavigation(input({ pathname: '/admin/dashboard', access: adminPage }))).toEqual({
        action: 'sign-out',
        role: 'admin',
        to: '/admin/login?redirect=%2Fadmin%2Fdashboard',
      });
    });
  });

  it('works as the role that has a session when the login type has none', () => {
    expect(
      decideNavigation(
        input({
          loginType: 'merchant',
          tokens: { merchant: null, admin: 'a' },
          pathname: '/admin/dashboard',
          access: adminPage,
        }),
      ),
    ).toEqual({
      action: 'switch-login-type',
      role: 'admin',
    });
  });

  it('sends a signed-in user from a login page to /platform', () => {
    expect(
      decideNavigation(input({ ...signedInMerchant, pathname: '/login', access: { kind: 'login', role: 'merchant' } })),
    ).toEqual({
      action: 'redirect',
      to: '/platform',
      loginType: 'merchant',
    });
    expect(
      decideNavigation(input({ ...signedInAdmin, pathname: '/admin/login', access: { kind: 'login', role: 'admin' } })),
    ).toEqual({
      action: 'redirect',
      to: '/platform',
      loginType: 'admin',
    });
  });

  it('lets a signed-in merchant open the operator login page', () => {
    expect(
      decideNavigation(
        input({ ...signedInMerchant, pathname: '/admin/login', access: { kind: 'login', role: 'admin' } }),
      ),
    ).toEqual({ action: 'allow' });
  });

  it('sends /404 without a session to the login page of the login type', () => {
    expect(decideNavigation(input({ pathname: '/404', access: { kind: 'not-found' } }))).toEqual({
      action: 'redirect',
      to: '/login',
    });
    expect(decideNavigation(input({ loginType: 'admin', pathname: '/404', access: { kind: 'not-found' } }))).toEqual({
      action: 'redirect',
      to: '/admin/login',
    });
    expect(decideNavigation(input({ ...signedInMerchant, pathname: '/404', access: { kind: 'not-found' } }))).toEqual({
      action: 'allow',
    });
  });

  it('sends an unknown path to /404', () => {
    expect(decideNavigation(input({ pathname: '/no/such/page' }))).toEqual({ action: 'redirect', to: '/404' });
  });

  it("gives a merchant /404 on an operator's menu page, and an operator on a merchant's", () => {
    expect(decideNavigation(input({ ...signedInMerchant, pathname: '/admin/dashboard', access: adminPage }))).toEqual({
      action: 'redirect',
      to: '/404',
    });
    expect(decideNavigation(input({ ...signedInAdmin, pathname: '/merchant/store', access: merchantPage }))).toEqual({
      action: 'redirect',
      to: '/404',
    });
  });

  it('gives /404 for a menu page missing from the loaded menu routes', () => {
    expect(
      decideNavigation(input({ ...signedInMerchant, pathname: '/merchant/plugin', access: merchantPage })),
    ).toEqual({ action: 'redirect', to: '/404' });
  });

  it('allows a menu page of the signed-in role, hidden ones included', () => {
    expect(
      decideNavigation(input({ ...signedInMerchant, pathname: '/merchant/store/renew', access: merchantPage })),
    ).toEqual({ action: 'allow' });
    expect(decideNavigation(input({ ...signedInAdmin, pathname: '/admin/store/', access: adminPage }))).toEqual({
      action: 'allow',
    });
    expect(decideNavigation(input({ ...signedInAdmin, pathname: '/platform', access: welcome }))).toEqual({
      action: 'allow',
    });
  });

  it('allows public pages signed in or not', () => {
    for (const state of [{}, signedInMerchant]) {
      expect(decideNavigation(input({ ...state, pathname: '/register', access: { kind: 'public' } }))).toEqual({
        action: 'allow',
      });
      expect(decideNavigation(input({ ...state, pathname: '/index', access: site }))).toEqual({ action: 'allow' });
    }
  });
});

describe('safeRedirectTarget', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeRedirectTarget('/merchant/bill?page=2#x')).toBe('/merchant/bill?page=2#x');
  });

  it('falls back to /platform for anything else', () => {
    for (const raw of [
      null,
      undefined,
      '',
      'merchant/bill',
      'https://evil.test/x',
      '//evil.test/x',
      '/\\evil.test',
      '/\t/evil.test',
      'javascript:alert(1)',
      '/login',
      '/admin/login?x=1',
    ]) {
      expect(safeRedirectTarget(raw)).toBe('/platform');
    }
  });
});

describe('helpers', () => {
  it('builds login paths with an encoded redirect', () => {
    expect(loginPath('merchant')).toBe('/login');
    expect(loginPath('admin', '/admin/store?x=1')).toBe('/admin/login?redirect=%2Fadmin%2Fstore%3Fx%3D1');
  });

  it('forces Chinese in the operator console only', () => {
    expect(isOperatorConsole('/admin/login', 'merchant')).toBe(true);
    expect(isOperatorConsole('/admin/dashboard', 'admin')).toBe(true);
    expect(isOperatorConsole('/platform', 'admin')).toBe(true);
    expect(isOperatorConsole('/404', 'admin')).toBe(true);
    expect(isOperatorConsole('/404', 'merchant')).toBe(false);
    expect(isOperatorConsole('/platform', 'merchant')).toBe(false);
    expect(isOperatorConsole('/administrator', 'merchant')).toBe(false);
    expect(effectiveLanguage('/admin/login', 'merchant', 'en-US')).toBe('zh-CN');
    expect(effectiveLanguage('/platform', 'admin', 'en-US')).toBe('zh-CN');
    expect(effectiveLanguage('/platform', 'merchant', 'en-US')).toBe('en-US');
    expect(effectiveLanguage('/index', 'admin', 'en-US')).toBe('en-US');
  });

  it('links the site buttons to the first console host from a main-site host', () => {
    const config = { siteHosts: ['www.parlour.test'], consoleHosts: ['app.parlour.test', 'shop.parlour.test'] };
    expect(consoleEntryHref('/login', { hostname: 'www.parlour.test' }, config)).toEqual({
      href: '//app.parlour.test/login',
      isExternal: true,
    });
    expect(consoleEntryHref('/register', { hostname: 'www.parlour.test', port: '3100' }, config)).toEqual({
      href: '//app.parlour.test:3100/register',
      isExternal: true,
    });
    expect(consoleEntryHref('/login', { hostname: 'app.parlour.test' }, config)).toEqual({
      href: '/login',
      isExternal: false,
    });
    expect(
      consoleEntryHref(
        '/login',
        { hostname: 'www.parlour.test' },
        { siteHosts: ['www.parlour.test'], consoleHosts: [] },
      ),
    ).toEqual({
      href: '/login',
      isExternal: false,
    });
  });
});
