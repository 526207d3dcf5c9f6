import { expect, type Page } from '@playwright/test';

/** The page shows `path`, its lazy code and its calls have finished, and it rendered something. */
export async function settled(page: Page, path: string) {
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\$&')}$`));
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toBeEmpty();
}

/**
 * Opens a page of the already loaded console as its own links do (the router follows the history),
 * so its lazy code runs and its calls go out without booting the console again; then waits until it
 * has settled.
 */
export async function visit(page: Page, path: string) {
  // Already there (the page a sign-in lands on, for instance): its title may or may not be set yet.
  const isThere = new URL(page.url()).pathname === path;
  const previousTitle = await page.title();
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settled(page, path);
  // The router rendered the page asked for: each page names itself in the document title.
  if (!isThere) await expect(page).not.toHaveTitle(previousTitle);
}
