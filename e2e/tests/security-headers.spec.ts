import type { Page, Response } from '@playwright/test';
import {
  OPERATOR,
  expect,
  loginThroughForm,
  registerMerchantByApi,
  test,
  useLanguage,
  type Lang,
} from '../support/fixtures';
import { buyStore, merchantToken, uniqueShopId, versionNamed } from '../support/store-api';

/**
 * Issue 13 §4: the console (site, merchant and operator pages) and the sandbox cashier work under
 * the Content-Security-Policy in both languages. The shared fixture (support/fixtures.ts) fails any
 * test whose pages report a CSP violation; these tests walk every page and open dialogs (antd's
 * run-time styles, the scroll locker) so that the policy is exercised on all of them.
 */

const MERCHANT_PAGES = [
  '/platform',
  '/merchant/store',
  '/merchant/traffic',
  '/merchant/bill',
  '/merchant/plugin',
  '/merchant/account/security',
];
const OPERATOR_PAGES = [
  '/admin/dashboard',
  '/admin/merchant',
  '/admin/store',
  '/admin/traffic',
  '/admin/version',
  '/admin/notice',
  '/admin/prospects',
  '/admin/bill',
  '/admin/settings',
  '/admin/account/security',
];

/** The headers every console document carries (apps/api/src/plugins/security-headers.ts). */
function expectDocumentHeaders(response: Response | null, referrerPolicy = 'strict-origin-when-cross-origin') {
  expect(response, 'the document response').not.toBeNull();
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['referrer-policy']).toBe(referrerPolicy);
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['x-content-type-options']).toBe('nosniff');
}

/** Loads a page by a full load and waits until its lazy page and its calls have settled. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expectDocumentHeaders(response);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\$&')}$`));
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toBeEmpty();
}

/** Opens the dialog behind a page's button, runs `inside` (if any), and closes it with Escape. */
async function openAndCloseDialog(page: Page, button: RegExp | string, inside?: () => Promise<void>) {
  await page.getByRole('button', { name: button }).first().click();
  await expect(page.getByRole('dialog').first()).toBeVisible();
  await inside?.();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

const TEXT = {
  'zh-CN': { buyStore: '创建并支付', cashierTitle: '收银台', cashierPay: /^确认支付/, paid: '支付成功' },
  'en-US': { buyStore: 'Create and pay', cashierTitle: 'Checkout', cashierPay: /^Pay /, paid: 'Payment successful' },
} as const;

for (const lang of ['zh-CN', 'en-US'] as const satisfies readonly Lang[]) {
  const text = TEXT[lang];
  // The operator's pages follow the browser's language; the merchant's the stored choice (useLanguage).
  test.describe(`[HEADERS] ${lang}`, () => {
    test.use({ locale: lang });

    test(`[HEADERS]: the public site and every merchant page load under the CSP, with a dialog open (${lang})`, async ({
      page,
      request,
    }) => {
      // Ten full page loads on a shared machine.
      test.slow();
      await useLanguage(page, lang);
      for (const path of ['/index', '/pricing', '/register', '/forgot', '/login']) await visit(page, path);
      const merchant = await registerMerchantByApi(request);
      await loginThroughForm(page, merchant.email, merchant.password, { lang });
      await expect(page).toHaveURL(/\/platform$/);
      for (const path of MERCHANT_PAGES) await visit(page, path);
      await visit(page, '/merchant/store');
      await openAndCloseDialog(page, text.buyStore);
    });

    test(`[HEADERS]: every operator page loads under the CSP, with a dialog open (browser in ${lang})`, async ({
      page,
    }) => {
      test.slow();
      await useLanguage(page, lang);
      await visit(page, '/admin/login');
      // The operator console is in Chinese whatever the browser's or the stored language (spec).
      await loginThroughForm(page, OPERATOR.account, OPERATOR.password, { path: '/admin/login' });
      await expect(page).toHaveURL(/\/platform$/);
      for (const path of OPERATOR_PAGES) await visit(page, path);
      // The notice dialog: a rich-text editor and the sandboxed srcdoc preview (it inherits the policy).
      await visit(page, '/admin/notice');
      await openAndCloseDialog(page, '新增公告', async () => {
        await page.getByRole('dialog').getByText('预览', { exact: true }).click();
        await expect(page.getByRole('dialog').locator('iframe.notice-preview')).toBeVisible();
      });
    });

    test(`[HEADERS]: the cashier works under the CSP and its token never leaves through Referer (${lang})`, async ({
      page,
      request,
    }) => {
      const merchant = await registerMerchantByApi(request);
      const token = await merchantToken(request, merchant.email, merchant.password);
      const version = await versionNamed(request, token, 'Professional');
      const shopId = uniqueShopId('csp');
      const purchase = await buyStore(
        request,
        token,
        {
          shop_id: shopId,
          shop_name: `CSP ${shopId.slice(-4)}`,
          contact_email: `shop.${shopId}@example.com`,
          package_id: version.id,
        },
        lang,
      );
      const referers: string[] = [];
      page.on('request', (sent) => {
        const referer = sent.headers()['referer'];
        if (referer) referers.push(`${sent.url()} <- ${referer}`);
      });
      await useLanguage(page, lang);
      const response = await page.goto(purchase.payment.pay_url);
      expectDocumentHeaders(response, 'no-referrer');
      await expect(page.getByRole('heading', { name: text.cashierTitle })).toBeVisible();
      await page.getByRole('button', { name: text.cashierPay }).click();
      await expect(page.getByText(text.paid)).toBeVisible();
      // The page's scripts, styles and calls went out without a Referer; only a module a script imports
      // names that script (an /assets/ URL, its own policy), never the URL that holds the token.
      expect(referers.filter((line) => !/ <- http:\/\/[^/]+\/assets\/[^?]+$/.test(line))).toEqual([]);
    });
  });
}
