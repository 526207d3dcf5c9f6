import { describe, expect, it } from 'vitest';
import enUS from '../locales/en-US.json';
import zhCN from '../locales/zh-CN.json';
import { adminMenu, allRoutes, buildMenuRoutes, findRoute, merchantMenu, type RouteEntry } from './routes';

function paths(entries: RouteEntry[]): string[] {
  return entries.flatMap((entry) => [entry.path, ...paths(entry.children ?? [])]);
}

function lookup(catalogue: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

describe('route table', () => {
  it('has the merchant menu of the spec, hidden entries included', () => {
    expect(paths(merchantMenu)).toEqual([
      '/merchant/store',
      '/merchant/store/renew',
      '/merchant/plugin',
      '/merchant/traffic',
      '/merchant/bill',
      '/merchant/setting',
      '/merchant/setting/index',
      '/merchant/setting/domain',
      '/merchant/setting/domain_add',
      '/merchant/account',
      '/merchant/account/security',
    ]);
    const hidden = allRoutes.filter((entry) => entry.role === 'merchant' && entry.isHidden).map((entry) => entry.path);
    expect(hidden).toEqual(['/merchant/store/renew', '/merchant/setting', '/merchant/account']);
  });

  it('has the operator menu of the spec, hidden entries included', () => {
    expect(paths(adminMenu)).toEqual([
      '/admin/dashboard',
      '/admin/merchant',
      '/admin/store',
      '/admin/store/renew',
      '/admin/plugin',
      '/admin/traffic',
      '/admin/version',
      '/admin/notice',
      '/admin/prospects',
      '/admin/bill',
      '/admin/settings',
      '/admin/setting',
      '/admin/setting/index',
      '/admin/setting/domain',
      '/admin/setting/domain_add',
      '/admin/account',
      '/admin/account/security',
      '/admin/operations',
    ]);
    const visible = adminMenu.filter((entry) => !entry.isHidden).map((entry) => entry.path);
    expect(visible).not.toContain('/admin/setting');
    expect(visible).not.toContain('/admin/operations');
  });

  it('gives every page a title in both catalogues, and a page or a redirect', () => {
    for (const entry of allRoutes) {
      expect(entry.page ?? entry.redirect, entry.path).toBeDefined();
      if (entry.redirect && !entry.page) continue;
      expect(entry.titleKey, entry.path).toBeDefined();
      for (const [lang, catalogue] of [
        ['zh-CN', zhCN],
        ['en-US', enUS],
      ] as const) {
        expect(typeof lookup(catalogue, entry.titleKey ?? ''), `${lang} ${entry.titleKey}`).toBe('string');
      }
    }
  });

  it('finds entries by path, ignoring a trailing slash', () => {
    expect(findRoute('/merchant/store/')?.titleKey).toBe('route.merchant.store');
    expect(findRoute('/')?.redirect).toBe('/index');
    expect(findRoute('/admin')?.redirect).toBe('/admin/login');
    expect(findRoute('/merchant')?.redirect).toBe('/platform');
    expect(findRoute('/unknown')).toBeUndefined();
  });

  it('finds the sandbox cashier by its bill number, a public page', () => {
    expect(findRoute('/cashier/B20250301080000123456')?.access).toEqual({ kind: 'public' });
    expect(findRoute('/cashier/B1/')?.titleKey).toBe('route.cashier');
    expect(findRoute('/cashier')).toBeUndefined();
    expect(findRoute('/cashier/B1/extra')).toBeUndefined();
  });

  it('builds the stored menu routes of each role from the table', () => {
    const merchant = buildMenuRoutes('merchant');
    expect(merchant.map((menu) => [menu.path, menu.icon, Boolean(menu.isHidden)])).toEqual([
      ['/merchant/store', 'store', false],
      ['/merchant/plugin', 'plugin', false],
      ['/merchant/traffic', 'traffic', false],
      ['/merchant/bill', 'bill', false],
      ['/merchant/setting', 'setting', true],
      ['/merchant/account', 'setting', true],
    ]);
    expect(merchant[0]?.children?.[0]).toMatchObject({ path: '/merchant/store/renew', isHidden: true });
    expect(buildMenuRoutes('admin')[0]).toMatchObject({ path: '/admin/dashboard', titleKey: 'route.admin.dashboard' });
  });
});
