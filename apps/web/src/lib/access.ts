import type { Role } from '@parlour/contract/constants';
import type { Lang } from '@parlour/contract/errors';
import type { RuntimeConfig } from './runtime-config';

/**
 * Navigation rules of spec §2 as pure functions: the router's guard feeds them the target and a
 * snapshot of the session, and applies the decision.
 */

export const HOME_PATH = '/index';
export const PLATFORM_PATH = '/platform';
export const REGISTER_PATH = '/register';
export const NOT_FOUND_PATH = '/404';
export const LOGIN_PATHS: Record<Role, string> = { merchant: '/login', admin: '/admin/login' };

/** What a route is, as far as access goes (declared in the route table). */
export type RouteAccess =
  /** A page of the site layout (home, pricing): the only pages served on a main-site host. */
  | { kind: 'site' }
  /** Reachable by anyone (register, forgot, diagnostics). */
  | { kind: 'public' }
  /** A login page: skipped when already signed in as that role. */
  | { kind: 'login'; role: Role }
  | { kind: 'not-found' }
  /** Needs a session: of `role` for a menu page, of the current login type for shared pages (welcome). */
  | { kind: 'console'; role?: Role };

export interface NavigationInput {
  pathname: string;
  search: string;
  hash: string;
  hostname: string;
  config: RuntimeConfig;
  loginType: Role;
  tokens: Record<Role, string | null>;
  /** Paths of the menu routes loaded for each role (hidden ones included); null when not loaded. */
  menuPaths: Record<Role, readonly string[] | null>;
  /** The target's route-table entry; undefined for an unknown path. */
  access: RouteAccess | undefined;
}

export type NavigationDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: string; loginType?: Role }
  /** Clear the role's session, then go to `to` (its login page with the redirect query). */
  | { action: 'sign-out'; role: Role; to: string }
  /** Load the role's menu routes, then decide again. */
  | { action: 'load-menus'; role: Role }
  /** Work as `role` (it has a session, the current login type has none), then decide again. */
  | { action: 'switch-login-type'; role: Role };

export function normalizePathname(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function isHostIn(hosts: readonly string[], hostname: string): boolean {
  return hosts.includes(hostname.toLowerCase());
}

export function isSiteHost(hostname: string, config: RuntimeConfig): boolean {
  return isHostIn(config.siteHosts, hostname);
}

export function isConsoleHost(hostname: string, config: RuntimeConfig): boolean {
  return isHostIn(config.consoleHosts, hostname);
}

export function loginPath(role: Role, redirect?: string): string {
  const path = LOGIN_PATHS[role];
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}

export function isLoginPath(pathname: string): boolean {
  const path = normalizePathname(pathname);
  return path === LOGIN_PATHS.merchant || path === LOGIN_PATHS.admin;
}

export function decideNavigation(input: NavigationInput): NavigationDecision {
  const path = normalizePathname(input.pathname);
  const target = `${path}${input.search}${input.hash}`;
  const { access, loginType, tokens, menuPaths, config, hostname } = input;

  if (isSiteHost(hostname, config)) {
    return access?.kind === 'site' || path === '/' ? { action: 'allow' } : { action: 'redirect', to: HOME_PATH };
  }

  const activeToken = tokens[loginType];
  if (isConsoleHost(hostname, config) && (path === '/' || path === HOME_PATH)) {
    return { action: 'redirect', to: activeToken ? PLATFORM_PATH : REGISTER_PATH };
  }
  if (activeToken && menuPaths[loginType] === null) return { action: 'load-menus', role: loginType };
  if (!access) return { action: 'redirect', to: NOT_FOUND_PATH };

  switch (access.kind) {
    case 'site':
    case 'public':
      return { action: 'allow' };
    case 'login':
      return tokens[access.role]
        ? { action: 'redirect', to: PLATFORM_PATH, loginType: access.role }
        : { action: 'allow' };
    case 'not-found':
      return activeToken ? { action: 'allow' } : { action: 'redirect', to: LOGIN_PATHS[loginType] };
    case 'console': {
      // A merchant on an operator page (or back) is told it does not exist.
      if (access.role && activeToken && access.role !== loginType) return { action: 'redirect', to: NOT_FOUND_PATH };
      const role = access.role ?? loginType;
      if (!tokens[role]) return { action: 'sign-out', role, to: loginPath(role, target) };
      if (role !== loginType) return { action: 'switch-login-type', role };
      const loaded = menuPaths[role];
      if (loaded === null) return { action: 'load-menus', role };
      if (access.role && !loaded.includes(path)) return { action: 'redirect', to: NOT_FOUND_PATH };
      return { action: 'allow' };
    }
  }
}

const REDIRECT_BASE = 'http://parlour.invalid';

/** Where to go after login: the `redirect` query when it is a same-origin path (never a login page), else /platform. */
export function safeRedirectTarget(raw: string | null | undefined, fallback: string = PLATFORM_PATH): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  let url: URL;
  try {
    url = new URL(raw, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE || isLoginPath(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The operator console always shows Chinese (spec §6): its login page, its pages, and for an
 * operator the shared shell pages (/platform, /404). The public site keeps the chosen language.
 */
export function isOperatorConsole(pathname: string, loginType: Role): boolean {
  const path = normalizePathname(pathname);
  if (path === '/admin' || path.startsWith('/admin/')) return true;
  return (
    loginType === 'admin' && (path === PLATFORM_PATH || path.startsWith(`${PLATFORM_PATH}/`) || path === NOT_FOUND_PATH)
  );
}

export function effectiveLanguage(pathname: string, loginType: Role, chosen: Lang): Lang {
  return isOperatorConsole(pathname, loginType) ? 'zh-CN' : chosen;
}

/**
 * Link for the site's login and register buttons: on a main-site host they lead to the first
 * console host when one is configured (the console is not served on the main site), on the
 * same scheme and port.
 */
export function consoleEntryHref(
  path: string,
  { hostname, port = '' }: { hostname: string; port?: string },
  config: RuntimeConfig,
): { href: string; isExternal: boolean } {
  if (isSiteHost(hostname, config) && config.consoleHosts.length > 0) {
    return { href: `//${config.consoleHosts[0]}${port ? `:${port}` : ''}${path}`, isExternal: true };
  }
  return { href: path, isExternal: false };
}
