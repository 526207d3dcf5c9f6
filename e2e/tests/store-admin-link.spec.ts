import type { Page } from '@playwright/test';
import { APP_PORT } from '../playwright.config';
import { expect, merchantPage, registerMerchantByApi, test } from '../support/fixtures';
import { operatorPage } from '../support/operator-api';
import { shot } from '../support/screenshots';
import { createOperatingStore, merchantToken, uniqueShopId } from '../support/store-api';

const ENTER_ADMIN = { 'zh-CN': '进入后台', 'en-US': 'Store admin' } as const;

/**
 * Clicks "Enter store admin" in the one row of the list and answers the tab it opens once that tab is at
 * the store's host: http on the port the console is served on (it was https without a port; README.md,
 * STORE_URL_SCHEME).
 */
async function enterStoreAdmin(page: Page, shopId: string, label: string) {
  // The list holds this store only (a merchant of its own; the operator's list searched by its ID).
  const rows = page.locator('.data-table tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1, { timeout: 30_000 });
  const row = rows.first();
  const opened = page.waitForEvent('popup');
  await row.getByRole('button', { name: label }).click();
  const tab = await opened;
  await tab.waitForURL(new RegExp(`^http://${shopId}\\.localhost:${APP_PORT}/admin/sso\\?ticket=`));
  return tab;
}

test.describe('[STORES] store admin link', () => {
  for (const lang of ['zh-CN', 'en-US'] as const) {
    test(`[STORES]: "Enter store admin" opens the store's host on the console's port, from the merchant console and the operator console (${lang})`, async ({
      browser,
      baseURL,
      request,
    }) => {
      const merchant = await registerMerchantByApi(request);
      const token = await merchantToken(request, merchant.email, merchant.password);
      const shopId = uniqueShopId('adm');
      const shopName = `Link ${shopId}`;
      await createOperatingStore(
        request,
        token,
        { shop_id: shopId, shop_name: shopName, contact_email: merchant.email },
        lang,
      );

      const merchantSide = await merchantPage(browser, baseURL, lang, merchant.email, merchant.password);
      await merchantSide.page.goto('/merchant/store');
      const fromMerchant = await enterStoreAdmin(merchantSide.page, shopId, ENTER_ADMIN[lang]);
      // The landing is the store's front page until the store admin exists (a later issue).
      await expect(fromMerchant.getByRole('heading', { name: shopName, exact: true })).toBeVisible();
      await shot(fromMerchant, `store-admin-link-merchant-${lang}`);
      await merchantSide.close();

      // The operator console is Chinese whatever the browser's language (spec §6).
      const operatorSide = await operatorPage(browser, baseURL, lang);
      await operatorSide.page.goto(`/admin/store?keyword=${shopId}`);
      const fromOperator = await enterStoreAdmin(operatorSide.page, shopId, ENTER_ADMIN['zh-CN']);
      await expect(fromOperator.getByRole('heading', { name: shopName, exact: true })).toBeVisible();
      await operatorSide.close();
    });
  }
});
