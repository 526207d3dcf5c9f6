import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { DEMO_MERCHANT, OPERATOR, expect, signInByApi, test, useLanguage, type Lang } from '../support/fixtures';
import { setWidth } from '../support/screenshots';

/**
 * Every screen of the console, in both languages (the operator's in Chinese, its only language,
 * spec §6) at 1440 and 375 px, checked by axe for serious and critical WCAG 2.1 AA violations.
 * Dialogs and drawers are checked where the other browser tests open them (support/screenshots.ts
 * checks each screen a test takes a picture of). The demo merchant's data is only read here.
 */
const PUBLIC_SCREENS = ['/index', '/pricing', '/login', '/register', '/forgot', '/test', '/404', '/admin/login'];
const MERCHANT_SCREENS = [
  '/platform',
  '/merchant/store',
  '/merchant/plugin',
  '/merchant/traffic',
  '/merchant/bill',
  '/merchant/setting/index',
  '/merchant/setting/domain',
  '/merchant/setting/domain_add',
  '/merchant/account',
  '/merchant/account/security',
];
const OPERATOR_SCREENS = [
  '/admin/dashboard',
  '/admin/merchant',
  '/admin/store',
  '/admin/plugin',
  '/admin/traffic',
  '/admin/version',
  '/admin/notice',
  '/admin/prospects',
  '/admin/bill',
  '/admin/settings',
  '/admin/setting/index',
  '/admin/setting/domain',
  '/admin/operations',
  '/admin/account/security',
];

/**
 * Loaded for the first screen, walked to in the console for the others (as its links do, without
 * booting it again); each checked once it shows the page and nothing is loading.
 */
async function open(page: Page, path: string, isFirst: boolean) {
  if (isFirst) await page.goto(path);
  else
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}

/** The screen at 1440 px, then at 375 px, each checked once the layout has settled. */
async function checkBothWidths(page: Page, name: string) {
  for (const width of [1440, 375]) {
    await setWidth(page, width);
    await expectAccessible(page, `${name} at ${width}`);
  }
}

for (const lang of ['zh-CN', 'en-US'] as const satisfies Lang[]) {
  test(`[A11Y]: the public pages in ${lang} at 1440 and 375 px`, async ({ page }) => {
    await useLanguage(page, lang);
    for (const path of PUBLIC_SCREENS) {
      await open(page, path, true);
      await checkBothWidths(page, `${path} (${lang})`);
    }
  });

  test(`[A11Y]: the merchant console in ${lang} at 1440 and 375 px`, async ({ page }) => {
    test.slow();
    await signInByApi(page, 'merchant', DEMO_MERCHANT.account, DEMO_MERCHANT.password, { lang, path: null });
    for (const [index, path] of MERCHANT_SCREENS.entries()) {
      await open(page, path, index === 0);
      await checkBothWidths(page, `${path} (${lang})`);
    }
  });
}

test('[A11Y]: the operator console at 1440 and 375 px', async ({ page }) => {
  test.slow();
  await signInByApi(page, 'admin', OPERATOR.account, OPERATOR.password, { path: null });
  for (const [index, path] of OPERATOR_SCREENS.entries()) {
    await open(page, path, index === 0);
    await checkBothWidths(page, path);
  }
});
