import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import type { RouteHandle } from '../lib/route-meta';
import { includeConsoleTexts, languageShown } from '../lib/i18n';
import { setNavigator } from '../lib/navigator';
import { guardNavigation } from './navigation-guard';
import { RouteErrorPage } from './pages/route-error-page';
import { RootLayout } from './root-layout';
import { adminMenu, merchantMenu, publicRoutes, shellRoutes, siteRoutes, type RouteEntry } from './routes';

/** Routes that only redirect (in their loader) render nothing. */
const RedirectOnly = () => null;

/** Router routes from the route table: children are flattened (their paths are absolute). */
function toRouteObjects(entry: RouteEntry): RouteObject[] {
  const handle: RouteHandle = { titleKey: entry.titleKey };
  const { page, redirect: target } = entry;
  const own: RouteObject = target
    ? { path: entry.path, handle, loader: () => redirect(target), Component: RedirectOnly }
    : {
        path: entry.path,
        handle,
        lazy: async () => {
          if (!page) throw new Error(`route ${entry.path} has neither a page nor a redirect`);
          const [module] = await Promise.all([page(), entry.publicTextsOnly ? undefined : includeConsoleTexts()]);
          return { Component: module.default };
        },
      };
  return [own, ...(entry.children ?? []).flatMap(toRouteObjects)];
}

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    // The navigation guard runs before every navigation, not only when the root's params change.
    // A language shown for the first time loads its catalogue meanwhile: the page waits for it.
    loader: async (args) => {
      const result = guardNavigation(args);
      await languageShown();
      return result;
    },
    shouldRevalidate: () => true,
    // Until the first page is ready the initial loader of index.html stays on screen.
    HydrateFallback: () => null,
    children: [
      ...publicRoutes.filter((entry) => !entry.needsQueryClient).flatMap(toRouteObjects),
      {
        lazy: async () => ({ Component: (await import('./layouts/query-layout')).QueryLayout }),
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/site-layout')).SiteLayout }),
            children: [
              { path: '/', loader: () => redirect('/index'), Component: RedirectOnly },
              ...siteRoutes.flatMap(toRouteObjects),
            ],
          },
          ...publicRoutes.filter((entry) => entry.needsQueryClient).flatMap(toRouteObjects),
          {
            lazy: async () => {
              const [layout] = await Promise.all([import('./layouts/shell-layout'), includeConsoleTexts()]);
              return { Component: layout.ShellLayout };
            },
            children: [...shellRoutes, ...merchantMenu, ...adminMenu].flatMap(toRouteObjects),
          },
        ],
      },
      { path: '*', loader: () => redirect('/404'), Component: RedirectOnly },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(appRoutes);
  setNavigator((to, options) => router.navigate(to, options));
  return router;
}
