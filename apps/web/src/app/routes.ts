import type { Role } from '@parlour/contract/constants';
import type { ComponentType } from 'react';
import type { MenuIconName } from '../components/menu-icon';
import type { RouteAccess } from '../lib/access';
import type { TitleKey } from '../lib/route-meta';
import type { MenuRoute } from '../lib/session-store';

/**
 * The route table (after Ant Design Pro's config/routes.ts): every page of the console as data.
 * The router, the guards, the menus, the page header and the document title all read it.
 */

export type LazyPage = () => Promise<{ default: ComponentType }>;

export interface RouteEntry {
  /** Absolute path. */
  path: string;
  titleKey?: TitleKey;
  /** Menu icon name (components/menu-icon). */
  icon?: MenuIconName;
  /** The user type a menu page belongs to. */
  role?: Role;
  /** Reachable but not listed in the menu. */
  isHidden?: boolean;
  access: RouteAccess;
  /** The page, loaded when first visited. */
  page?: LazyPage;
  /** Where a path without a page of its own leads. */
  redirect?: string;
  /**
   * The page uses react-query hooks. Site and console pages always get it; the login pages do
   * not, so react-query stays out of their first load.
   */
  needsQueryClient?: boolean;
  /**
   * The page shows only the public part of the catalogues (locales/catalogue-parts.ts), so the
   * console's texts are not loaded for it. Every other page waits for them.
   */
  publicTextsOnly?: boolean;
  children?: RouteEntry[];
}

// Lazily loaded areas (spec §1): each import() is its own chunk.
const homePage: LazyPage = () => import('../features/site/pages/home-page');
const pricingPage: LazyPage = () => import('../features/site/pages/pricing-page');
const loginPage: LazyPage = () => import('../features/auth/pages/login-page');
const adminLoginPage: LazyPage = () => import('../features/auth/pages/admin-login-page');
const registerPage: LazyPage = () => import('../features/auth/pages/register-page');
const forgotPage: LazyPage = () => import('../features/auth/pages/forgot-page');
const testPage: LazyPage = () => import('../features/diagnostics/pages/test-page');
const notFoundPage: LazyPage = () => import('../features/errors/pages/not-found-page');
const welcomePage: LazyPage = () => import('../features/welcome/pages/welcome-page');
const storeListPage: LazyPage = () => import('../features/store/pages/store-list-page');
const storeRenewPage: LazyPage = () => import('../features/store/pages/store-renew-page');
const billListPage: LazyPage = () => import('../features/bill/pages/bill-list-page');
const cashierPage: LazyPage = () => import('../features/cashier/pages/cashier-page');
const adminStoreListPage: LazyPage = () => import('../features/admin-store/pages/admin-store-list-page');
const adminStoreRenewPage: LazyPage = () => import('../features/admin-store/pages/admin-store-renew-page');
const adminVersionListPage: LazyPage = () => import('../features/admin-version/pages/version-list-page');
const adminBillPage: LazyPage = () => import('../features/admin-bill/pages/bill-page');
const adminDashboardPage: LazyPage = () => import('../features/admin-dashboard/pages/dashboard-page');
const adminMerchantListPage: LazyPage = () => import('../features/admin-merchant/pages/merchant-list-page');
const adminNoticePage: LazyPage = () => import('../features/admin-notice/pages/notice-page');
const adminProspectsPage: LazyPage = () => import('../features/admin-prospects/pages/prospects-page');
const adminOperationsPage: LazyPage = () => import('../features/admin-operations/pages/operations-page');
const adminSettingsPage: LazyPage = () => import('../features/admin-settings/pages/settings-page');
const accountSecurityPage: LazyPage = () => import('../features/account/pages/security-page');
const trafficPage: LazyPage = () => import('../features/traffic/pages/traffic-page');
const pluginPage: LazyPage = () => import('../features/plugin/pages/plugin-page');
const adminTrafficPage: LazyPage = () => import('../features/admin-traffic/pages/admin-traffic-page');
const merchantStoreSettingsPage: LazyPage = () => import('./pages/merchant-store-settings-page');
const adminStoreSiteConfigPage: LazyPage = () =>
  import('../features/store-site-config/pages/admin-store-site-config-page');
const adminPluginPage: LazyPage = () => import('../features/admin-plugin/pages/admin-plugin-page');
const domainListPage: LazyPage = () => import('../features/domain/pages/merchant-domain-list-page');
const domainAddPage: LazyPage = () => import('../features/domain/pages/merchant-domain-add-page');
const adminDomainListPage: LazyPage = () => import('../features/domain/pages/admin-domain-list-page');
const adminDomainAddPage: LazyPage = () => import('../features/domain/pages/admin-domain-add-page');

const site: RouteAccess = { kind: 'site' };
const open: RouteAccess = { kind: 'public' };
const merchantOnly: RouteAccess = { kind: 'console', role: 'merchant' };
const adminOnly: RouteAccess = { kind: 'console', role: 'admin' };

/** Pages of the site layout; `/` leads to `/index`. */
export const siteRoutes: RouteEntry[] = [
  { path: '/index', publicTextsOnly: true, titleKey: 'route.index', access: site, page: homePage },
  { path: '/pricing', publicTextsOnly: true, titleKey: 'route.pricing', access: site, page: pricingPage },
];

export const publicRoutes: RouteEntry[] = [
  {
    path: '/login',
    publicTextsOnly: true,
    titleKey: 'route.login',
    access: { kind: 'login', role: 'merchant' },
    page: loginPage,
  },
  { path: '/admin', access: open, redirect: '/admin/login' },
  /** A merchant who types the console's bare address lands on the welcome page (or login first). */
  { path: '/merchant', access: open, redirect: '/platform' },
  {
    path: '/admin/login',
    publicTextsOnly: true,
    titleKey: 'route.adminLogin',
    access: { kind: 'login', role: 'admin' },
    page: adminLoginPage,
  },
  {
    path: '/register',
    publicTextsOnly: true,
    titleKey: 'route.register',
    access: open,
    page: registerPage,
    needsQueryClient: true,
  },
  {
    path: '/forgot',
    publicTextsOnly: true,
    titleKey: 'route.forgot',
    access: open,
    page: forgotPage,
    needsQueryClient: true,
  },
  { path: '/test', publicTextsOnly: true, titleKey: 'route.test', access: open, page: testPage },
  {
    path: '/404',
    publicTextsOnly: true,
    titleKey: 'route.notFound',
    access: { kind: 'not-found' },
    page: notFoundPage,
  },
  /** The cashier (every provider's flow, the sandbox's buttons): its link carries a signed token, so it needs no console session. */
  { path: '/cashier/:billNo', titleKey: 'route.cashier', access: open, page: cashierPage, needsQueryClient: true },
];

/** The shell's own pages, for whichever user type is signed in. */
export const shellRoutes: RouteEntry[] = [
  { path: '/platform', titleKey: 'route.welcome', access: { kind: 'console' }, page: welcomePage },
];

export const merchantMenu: RouteEntry[] = [
  {
    path: '/merchant/store',
    titleKey: 'route.merchant.store',
    icon: 'store',
    role: 'merchant',
    access: merchantOnly,
    page: storeListPage,
    children: [
      {
        path: '/merchant/store/renew',
        titleKey: 'route.merchant.storeRenew',
        role: 'merchant',
        isHidden: true,
        access: merchantOnly,
        page: storeRenewPage,
      },
    ],
  },
  {
    path: '/merchant/plugin',
    titleKey: 'route.merchant.plugin',
    icon: 'plugin',
    role: 'merchant',
    access: merchantOnly,
    page: pluginPage,
  },
  {
    path: '/merchant/traffic',
    titleKey: 'route.merchant.traffic',
    icon: 'traffic',
    role: 'merchant',
    access: merchantOnly,
    page: trafficPage,
  },
  {
    path: '/merchant/bill',
    titleKey: 'route.merchant.bill',
    icon: 'bill',
    role: 'merchant',
    access: merchantOnly,
    page: billListPage,
  },
  {
    path: '/merchant/setting',
    titleKey: 'route.merchant.setting',
    icon: 'setting',
    role: 'merchant',
    isHidden: true,
    access: merchantOnly,
    redirect: '/merchant/setting/index',
    children: [
      {
        path: '/merchant/setting/index',
        titleKey: 'route.merchant.settingIndex',
        role: 'merchant',
        access: merchantOnly,
        page: merchantStoreSettingsPage,
      },
      {
        path: '/merchant/setting/domain',
        titleKey: 'route.merchant.settingDomain',
        role: 'merchant',
        access: merchantOnly,
        page: domainListPage,
      },
      {
        path: '/merchant/setting/domain_add',
        titleKey: 'route.merchant.settingDomainAdd',
        role: 'merchant',
        access: merchantOnly,
        page: domainAddPage,
      },
    ],
  },
  /** The account's own pages, reached from the account menu (top right). */
  {
    path: '/merchant/account',
    titleKey: 'route.merchant.account',
    icon: 'setting',
    role: 'merchant',
    isHidden: true,
    access: merchantOnly,
    redirect: '/merchant/account/security',
    children: [
      {
        path: '/merchant/account/security',
        titleKey: 'route.merchant.accountSecurity',
        role: 'merchant',
        access: merchantOnly,
        page: accountSecurityPage,
      },
    ],
  },
];

export const adminMenu: RouteEntry[] = [
  {
    path: '/admin/dashboard',
    titleKey: 'route.admin.dashboard',
    icon: 'dashboard',
    role: 'admin',
    access: adminOnly,
    page: adminDashboardPage,
  },
  {
    path: '/admin/merchant',
    titleKey: 'route.admin.merchant',
    icon: 'merchant',
    role: 'admin',
    access: adminOnly,
    page: adminMerchantListPage,
  },
  {
    path: '/admin/store',
    titleKey: 'route.admin.store',
    icon: 'store',
    role: 'admin',
    access: adminOnly,
    page: adminStoreListPage,
    children: [
      {
        path: '/admin/store/renew',
        titleKey: 'route.admin.storeRenew',
        role: 'admin',
        isHidden: true,
        access: adminOnly,
        page: adminStoreRenewPage,
      },
    ],
  },
  {
    path: '/admin/plugin',
    titleKey: 'route.admin.plugin',
    icon: 'plugin',
    role: 'admin',
    access: adminOnly,
    page: adminPluginPage,
  },
  {
    path: '/admin/traffic',
    titleKey: 'route.admin.traffic',
    icon: 'traffic',
    role: 'admin',
    access: adminOnly,
    page: adminTrafficPage,
  },
  {
    path: '/admin/version',
    titleKey: 'route.admin.version',
    icon: 'version',
    role: 'admin',
    access: adminOnly,
    page: adminVersionListPage,
  },
  {
    path: '/admin/notice',
    titleKey: 'route.admin.notice',
    icon: 'notice',
    role: 'admin',
    access: adminOnly,
    page: adminNoticePage,
  },
  {
    path: '/admin/prospects',
    titleKey: 'route.admin.prospects',
    icon: 'prospects',
    role: 'admin',
    access: adminOnly,
    page: adminProspectsPage,
  },
  {
    path: '/admin/bill',
    titleKey: 'route.admin.bill',
    icon: 'bill',
    role: 'admin',
    access: adminOnly,
    page: adminBillPage,
  },
  {
    path: '/admin/settings',
    titleKey: 'route.admin.settings',
    icon: 'settings',
    role: 'admin',
    access: adminOnly,
    page: adminSettingsPage,
  },
  {
    path: '/admin/setting',
    titleKey: 'route.admin.setting',
    icon: 'setting',
    role: 'admin',
    isHidden: true,
    access: adminOnly,
    redirect: '/admin/setting/index',
    children: [
      {
        path: '/admin/setting/index',
        titleKey: 'route.admin.settingIndex',
        role: 'admin',
        access: adminOnly,
        page: adminStoreSiteConfigPage,
      },
      {
        path: '/admin/setting/domain',
        titleKey: 'route.admin.settingDomain',
        role: 'admin',
        access: adminOnly,
        page: adminDomainListPage,
      },
      {
        path: '/admin/setting/domain_add',
        titleKey: 'route.admin.settingDomainAdd',
        role: 'admin',
        access: adminOnly,
        page: adminDomainAddPage,
      },
    ],
  },
  /** The account's own pages, reached from the account menu (top right). */
  {
    path: '/admin/account',
    titleKey: 'route.admin.account',
    icon: 'setting',
    role: 'admin',
    isHidden: true,
    access: adminOnly,
    redirect: '/admin/account/security',
    children: [
      {
        path: '/admin/account/security',
        titleKey: 'route.admin.accountSecurity',
        role: 'admin',
        access: adminOnly,
        page: accountSecurityPage,
      },
    ],
  },
  /** Titled but not in the menu (spec §2). */
  {
    path: '/admin/operations',
    titleKey: 'route.admin.operations',
    icon: 'operations',
    role: 'admin',
    isHidden: true,
    access: adminOnly,
    page: adminOperationsPage,
  },
];

export const menuRoutesByRole: Record<Role, RouteEntry[]> = { merchant: merchantMenu, admin: adminMenu };

function flatten(entries: RouteEntry[]): RouteEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}

/** Every entry of the table, children included. */
export const allRoutes: RouteEntry[] = flatten([
  ...siteRoutes,
  ...publicRoutes,
  ...shellRoutes,
  ...merchantMenu,
  ...adminMenu,
]);

const routesByPath = new Map(allRoutes.map((entry) => [entry.path, entry]));
routesByPath.set('/', { path: '/', access: site, redirect: '/index' });
/** Entries with `:param` segments (the cashier), matched segment by segment. */
const routesWithParams = allRoutes.filter((entry) => entry.path.includes('/:'));

function matchesPattern(pattern: string, path: string): boolean {
  const expected = pattern.split('/');
  const actual = path.split('/');
  return (
    expected.length === actual.length &&
    expected.every((segment, index) => (segment.startsWith(':') ? actual[index] !== '' : segment === actual[index]))
  );
}

/** The table entry of a path (trailing slash ignored), if any. */
export function findRoute(pathname: string): RouteEntry | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return routesByPath.get(path) ?? routesWithParams.find((entry) => matchesPattern(entry.path, path));
}

function toMenuRoute(entry: RouteEntry): MenuRoute {
  return {
    path: entry.path,
    titleKey: entry.titleKey ?? 'route.welcome',
    icon: entry.icon,
    isHidden: entry.isHidden,
    children: entry.children?.map(toMenuRoute),
  };
}

/** The menu routes of a user type, as stored in the session after login (spec §2). */
export function buildMenuRoutes(role: Role): MenuRoute[] {
  return menuRoutesByRole[role].map(toMenuRoute);
}
