import type { Page } from '@playwright/test';
import { APP_PORT } from '../playwright.config';
import { expect, merchantPage, registerMerchantByApi, test } from '../support/fixtures';
import { shot } from '../support/screenshots';
import { buyGeneralPackage, createOperatingStore, merchantToken } from '../support/store-api';

/**
 * The store's own site (issue 24): a buyer at `<shop_id>.localhost` pastes a Taobao link and a JD share
 * text, lands on the item page, chooses its SKUs (links: no script on the page), searches by keyword and
 * pages through the results, switches language; the merchant sees those lookups in the traffic log as the
 * storefront's calls. Both languages, 1440 and 375 px.
 */

const TEXT = {
  'zh-CN': {
    search: '搜索',
    searchBox: '搜索商品或粘贴商品链接',
    platforms: '可代购的平台',
    choose: '请选择：',
    chosen: '已选',
    results: /“保温杯”的搜索结果/,
    next: '下一页',
    page2: '第 2 / ',
    viewOn: '在淘宝 / 天猫查看原商品',
    switchTo: 'English',
    caller: '店铺网站',
  },
  'en-US': {
    search: 'Search',
    searchBox: 'Search for items or paste an item link',
    platforms: 'Marketplaces we buy from',
    choose: 'Choose:',
    chosen: 'Chosen',
    results: /Results for “flask”/,
    next: 'Next',
    page2: 'Page 2 of ',
    viewOn: 'View the item on Taobao / Tmall',
    switchTo: '中文',
    caller: 'Storefront',
  },
} as const;

/** Chooses the first value that can be chosen on every SKU axis (each a link), as a buyer clicks them. */
async function chooseEverySku(page: Page) {
  const axes = page.locator('fieldset.store-axis');
  const count = await axes.count();
  for (let index = 0; index < count; index += 1) {
    await axes.nth(index).locator('a').first().click();
    await page.waitForLoadState();
  }
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`[STOREFRONT]: a buyer pastes a link and share text, chooses SKUs, searches and pages, in ${lang}`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.slow();
    const text = TEXT[lang];
    const merchant = await registerMerchantByApi(request);
    const token = await merchantToken(request, merchant.email, merchant.password);
    const { shop } = await createOperatingStore(request, token, {
      shop_name: `Storefront ${lang}`,
      contact_email: merchant.email,
    });
    // Units for the store's lookups: a general package bought and paid at the sandbox cashier.
    await buyGeneralPackage(request, token);

    const origin = `http://${shop.shop_id}.localhost:${APP_PORT}`;
    const context = await browser.newContext({ locale: lang, extraHTTPHeaders: { 'accept-language': lang } });
    const page = await context.newPage();
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${origin}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Storefront ${lang}`);
      await expect(page.getByRole('heading', { name: text.platforms })).toBeVisible();
      await shot(page, `storefront-home-${lang}-1440`);

      // A Taobao link pasted into the search box opens its item page.
      await page
        .getByRole('searchbox', { name: text.searchBox })
        .fill('https://item.taobao.com/item.htm?spm=a1z10.1-c.w4004-1.1&id=520813250866');
      await page.getByRole('button', { name: text.search }).click();
      await expect(page).toHaveURL(`${origin}/item/taobao/520813250866`);
      await expect(page.locator('[data-sku-status]')).toContainText(text.choose);
      await expect(page.getByRole('link', { name: text.viewOn })).toHaveAttribute(
        'href',
        'https://item.taobao.com/item.htm?id=520813250866',
      );
      const range = await page.locator('[data-price]').textContent();
      await chooseEverySku(page);
      await expect(page.locator('[data-sku-status]')).toContainText(text.chosen);
      // The chosen SKU's one price replaces the range; back steps back through the choices.
      await expect(page.locator('[data-price]')).not.toHaveText(range ?? '');
      await expect(page.locator('[data-price]')).not.toContainText('–');
      await shot(page, `storefront-item-${lang}-1440`);
      await page.goBack();
      await expect(page).toHaveURL(/\/item\/taobao\/520813250866\?s0=/);

      // A JD share text from the phone app, emoji and all, in the header's search box.
      await page
        .getByRole('searchbox', { name: text.searchBox })
        .fill('【京东】https://item.m.jd.com/product/100012043978.html?utm_source=iosapp 好物分享给你 😍');
      await page.getByRole('searchbox', { name: text.searchBox }).press('Enter');
      await expect(page).toHaveURL(`${origin}/item/jd/100012043978`);

      // A keyword: results, a tab per marketplace, the next page.
      await page.getByRole('searchbox', { name: text.searchBox }).fill(lang === 'zh-CN' ? '保温杯' : 'flask');
      await page.getByRole('searchbox', { name: text.searchBox }).press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.results);
      await expect(page.locator('.store-grid > li')).toHaveCount(20);
      await page
        .getByRole('navigation')
        .getByRole('link', { name: lang === 'zh-CN' ? '京东' : 'JD' })
        .click();
      await expect(page).toHaveURL(/platform=jd/);
      await page.getByRole('link', { name: text.next }).click();
      await expect(page.getByText(text.page2)).toBeVisible();
      await shot(page, `storefront-search-${lang}-1440`);

      // 375 px: nothing wider than the screen on the three pages.
      await page.setViewportSize({ width: 375, height: 812 });
      for (const path of ['/', '/item/taobao/520813250866', `/search?q=${encodeURIComponent('backpack')}`]) {
        await page.goto(`${origin}${path}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
        await shot(page, `storefront-${path === '/' ? 'home' : path.split('/')[1].split('?')[0]}-${lang}-375`);
      }

      // The language switch: a link, kept for the next pages.
      await page.getByRole('link', { name: text.switchTo }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh-CN' ? 'en-US' : 'zh-CN');
      await page.goto(`${origin}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh-CN' ? 'en-US' : 'zh-CN');
    } finally {
      await context.close();
    }

    // The merchant's traffic log shows the lookups as the storefront's calls.
    const console = await merchantPage(browser, baseURL, lang, merchant.email, merchant.password);
    try {
      await console.page.goto('/merchant/traffic?tab=logs&time_range=today');
      const rows = console.page.locator('.ant-table-tbody tr.ant-table-row');
      await expect(rows.first()).toContainText(text.caller);
      expect(await rows.count()).toBeGreaterThanOrEqual(6);
      await shot(console.page, `storefront-traffic-log-${lang}`);
    } finally {
      await console.close();
    }
  });
}
