import type { Page } from '@playwright/test';
import { APP_PORT } from '../playwright.config';
import { expect, merchantPage, test } from '../support/fixtures';
import { setWidth, shot } from '../support/screenshots';
import { buyGeneralPackage, merchantWithOperatingStore } from '../support/store-api';

/**
 * The merchant's picks and sorted search (issue 24 §1): the merchant pastes an item link on the store
 * settings' Picks tab and the store's home page shows the item; a buyer sorts search results by price.
 * Both languages, 1440 and 375 px.
 */

const TEXT = {
  'zh-CN': {
    tab: '精选商品',
    empty: '还没有精选商品',
    link: '商品链接或分享文字',
    pin: '添加到首页',
    picks: '店主精选',
    priceUp: '价格从低到高',
    keyword: '保温杯',
  },
  'en-US': {
    tab: 'Picks',
    empty: 'No picks yet',
    link: 'Item link or share text',
    pin: 'Pin to home page',
    picks: 'Our picks',
    priceUp: 'Price: low to high',
    keyword: 'flask',
  },
} as const;

/** The amounts of the result cards' prices, in page order (every store here shows CNY only). */
async function cardPrices(page: Page) {
  const texts = await page.locator('.store-grid .store-card__price').allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')));
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`[PICKS]: the merchant pins a pasted link, the home page shows it; search sorted by price (${lang})`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.slow();
    const text = TEXT[lang];
    const { merchant, token, shop } = await merchantWithOperatingStore(request, `Picks ${lang}`);
    await buyGeneralPackage(request, token);

    // The console: the Picks tab, empty, then a pasted share text pinned.
    const console = await merchantPage(browser, baseURL, lang, merchant.email, merchant.password);
    try {
      const { page } = console;
      await page.goto(`/merchant/setting/index?shop_id=${shop.shop_id}&tab=picks`);
      await expect(page.getByRole('tab', { name: text.tab, selected: true })).toBeVisible();
      await expect(page.getByText(text.empty)).toBeVisible();
      await shot(page, `picks-console-empty-${lang}-1440`);
      await page
        .getByLabel(text.link)
        .fill('【淘宝】https://item.taobao.com/item.htm?id=520813250866 「保温杯」点击链接直接打开');
      const added = page.waitForResponse((response) => response.url().endsWith('/merchant/parlour/picks/add'));
      await page.getByRole('button', { name: text.pin }).click();
      expect((await (await added).json()).code).toBe(200);
      const list = page.getByRole('region', { name: lang === 'zh-CN' ? '已添加的商品' : 'Pinned items' });
      await expect(list.getByRole('heading', { level: 5 })).toContainText('1 / 24');
      await expect(list).toContainText('520813250866');
      await shot(page, `picks-console-${lang}-1440`);
      await setWidth(page, 375);
      await shot(page, `picks-console-${lang}-375`);
    } finally {
      await console.close();
    }

    // The buyer: the home page shows the pick; search sorted by price, low to high.
    const origin = `http://${shop.shop_id}.localhost:${APP_PORT}`;
    const context = await browser.newContext({ locale: lang, extraHTTPHeaders: { 'accept-language': lang } });
    const page = await context.newPage();
    try {
      for (const width of [1440, 375]) {
        await setWidth(page, width);
        await page.goto(`${origin}/`);
        const picks = page.getByRole('region', { name: text.picks });
        await expect(picks.getByRole('link')).toHaveCount(1);
        await expect(picks.getByRole('link')).toHaveAttribute('href', '/item/taobao/520813250866');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shot(page, `picks-home-${lang}-${width}`);
      }

      await setWidth(page, 1440);
      await page.goto(`${origin}/search?q=${encodeURIComponent(text.keyword)}`);
      await page.getByRole('navigation').getByRole('link', { name: text.priceUp }).click();
      await expect(page).toHaveURL(/sort=price_asc/);
      await expect(page.getByRole('link', { name: text.priceUp })).toHaveAttribute('aria-current', 'page');
      const prices = await cardPrices(page);
      expect(prices.length).toBe(20);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      await shot(page, `search-sorted-${lang}-1440`);
      await setWidth(page, 375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(page, `search-sorted-${lang}-375`);
    } finally {
      await context.close();
    }
  });
}
