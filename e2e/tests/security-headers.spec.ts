import type { APIRequestContext, Page } from '@playwright/test';
import {
  OPERATOR,
  expect,
  loginThroughForm,
  registerMerchantByApi,
  test,
  useLanguage,
  type Lang,
} from '../support/fixtures';
import { settled, visit } from '../support/console-walk';
import { buyStore, merchantToken, uniqueShopId, versionNamed } from '../support/store-api';

/**
 * The console (site, merchant and operator pages) and the sandbox cashier work under the
 * Content-Security-Policy in both languages (docs/SECURITY.md, "Headers and caching"). The shared
 * fixture (support/fixtures.ts) fails any test whose pages report a CSP violation; these tests check
 * every page's document headers, then boot the console by a full load and walk every page in it (each
 * page's lazy code, styles and calls) and open dialogs (antd's run-time styles, the scroll locker), so
 * that the policy is exercised on all of them. A store's own pages carry their own policy
 * (STOREFRONT_CSP): storefront.spec.ts checks it and runs the store's script and pictures under it.
 */

const PUBLIC_PAGES = ['/index', '/pricing', '/register', '/forgot', '/login'];
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
function expectDocumentHeaders(
  headers: Record<string, string>,
  where: string,
  referrerPolicy = 'strict-origin-when-cross-origin',
) {
  expect(headers['content-type'], where).toContain('text/html');
  expect(headers['content-security-policy'], where).toContain("script-src 'self'");
  expect(headers['content-security-policy'], where).toContain("frame-ancestors 'none'");
  expect(headers['referrer-policy'], where).toBe(referrerPolicy);
  expect(headers['permissions-policy'], where).toContain('camera=()');
  expect(headers['x-content-type-options'], where).toBe('nosniff');
}

/** The document of every listed route carries the headers, asked for as a browser asks for a page. */
async function expectDocumentsHeaders(request: APIRequestContext, paths: readonly string[]) {
  for (const path of paths) {
    const response = await request.get(path, { headers: { accept: 'text/html' } });
    expect(response.status(), path).toBe(200);
    expectDocumentHeaders(response.headers(), path);
  }
}

/** Loads a page by a full load (its document's headers checked) and waits until it has settled. */
async function load(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response, 'the document response').not.toBeNull();
  expectDocumentHeaders(response?.headers() ?? {}, path);
  await settled(page, path);
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
      await expectDocumentsHeaders(request, [...PUBLIC_PAGES, ...MERCHANT_PAGES]);
      await useLanguage(page, lang);
      const [firstPage, ...otherPublicPages] = PUBLIC_PAGES;
      await load(page, firstPage);
      for (const path of otherPublicPages) await visit(page, path);
      // Signing in loads /login afresh (loginThroughForm): the console boots a second time there.
      const merchant = await registerMerchantByApi(request);
      await loginThroughForm(page, merchant.email, merchant.password, { lang });
      await expect(page).toHaveURL(/\/platform$/);
      for (const path of MERCHANT_PAGES) await visit(page, path);
      // A full load of a signed-in page too: the console boots there with a session.
      await load(page, '/merchant/store');
      await openAndCloseDialog(page, text.buyStore);
    });

    test(`[HEADERS]: every operator page loads under the CSP, with a dialog open (browser in ${lang})`, async ({
      page,
      request,
    }) => {
      await expectDocumentsHeaders(request, ['/admin/login', ...OPERATOR_PAGES]);
      await useLanguage(page, lang);
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
      expectDocumentHeaders(response?.headers() ?? {}, 'the cashier', 'no-referrer');
      await expect(page.getByRole('heading', { name: text.cashierTitle })).toBeVisible();
      await page.getByRole('button', { name: text.cashierPay }).click();
      await expect(page.getByText(text.paid)).toBeVisible();
      // The page's scripts, styles and calls went out without a Referer; only a module a script imports
      // names that script (an /assets/ URL, its own policy), never the URL that holds the token.
      expect(referers.filter((line) => !/ <- http:\/\/[^/]+\/assets\/[^?]+$/.test(line))).toEqual([]);
    });
  });
}
