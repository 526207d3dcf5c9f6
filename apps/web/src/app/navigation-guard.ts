import { redirect, type LoaderFunctionArgs } from 'react-router';
import { decideNavigation, effectiveLanguage, type NavigationInput } from '../lib/access';
import { changeLanguage } from '../lib/i18n';
import { getRuntimeConfig } from '../lib/runtime-config';
import { useSessionStore, type MenuRoute } from '../lib/session-store';
import { buildMenuRoutes, findRoute } from './routes';

/**
 * The router's guard: runs before every navigation (root loader, always revalidated), asks
 * lib/access for the decision and applies it to the session.
 */

function menuPaths(menus: MenuRoute[] | null): string[] | null {
  if (menus === null) return null;
  return menus.flatMap((menu) => [menu.path, ...(menuPaths(menu.children ?? []) ?? [])]);
}

/**
 * The router builds its loader requests without the URL's fragment, so the hash of the page being
 * opened (a reload, a pasted or bookmarked link) is read from the browser's location: the redirect
 * to login keeps the full target (spec §2).
 */
function hashOf(url: URL): string {
  if (url.hash || typeof window === 'undefined') return url.hash;
  const here = window.location;
  return here.pathname === url.pathname && here.search === url.search ? here.hash : '';
}

function snapshot(url: URL): NavigationInput {
  const session = useSessionStore.getState();
  return {
    pathname: url.pathname,
    search: url.search,
    hash: hashOf(url),
    hostname: url.hostname,
    config: getRuntimeConfig(),
    loginType: session.loginType,
    tokens: { merchant: session.merchant.token, admin: session.admin.token },
    menuPaths: { merchant: menuPaths(session.merchant.menus), admin: menuPaths(session.admin.menus) },
    access: findRoute(url.pathname)?.access,
  };
}

/** Loads menus or switches the login type and decides again; at most a few rounds. */
const MAX_ROUNDS = 4;

export function guardNavigation({ request }: Pick<LoaderFunctionArgs, 'request'>): null {
  const url = new URL(request.url);
  const session = useSessionStore.getState();
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const decision = decideNavigation(snapshot(url));
    switch (decision.action) {
      case 'load-menus':
        session.setMenus(decision.role, buildMenuRoutes(decision.role));
        continue;
      case 'switch-login-type':
        session.setLoginType(decision.role);
        continue;
      case 'sign-out':
        session.clearSession(decision.role);
        throw redirect(decision.to);
      case 'redirect':
        if (decision.loginType) session.setLoginType(decision.loginType);
        throw redirect(decision.to);
      case 'allow': {
        const { loginType, lang } = useSessionStore.getState();
        changeLanguage(effectiveLanguage(url.pathname, loginType, lang));
        return null;
      }
    }
  }
  return null;
}
