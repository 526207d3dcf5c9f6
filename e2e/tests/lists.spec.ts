import type { Page } from '@playwright/test';
import { expect, merchantPage, test } from '../support/fixtures';
import { horizontalOverflow, operatorPage, tableOverflow } from '../support/operator-api';
import { shot } from '../support/screenshots';

/** The interface texts the tests look for, in each language (from apps/web/src/locales). */
const TEXT = {
  'zh-CN': {
    figures: ['订单数', '发货数', '总收入', '会员数', '创建时间'],
    cards: '列表',
    enterAdmin: '进入后台',
    operatingTab: /^运营中/,
    keyword: '搜索店铺',
    search: /^搜\s*索$/,
    bills: '账单',
    columnSettings: '列设置',
  },
  'en-US': {
    figures: ['Orders', 'Shipments', 'Revenue', 'Members', 'Created'],
    cards: 'List',
    enterAdmin: 'Store admin',
    operatingTab: /^Operating/,
    keyword: 'Search stores',
    search: /^Search$/,
    bills: 'Bills',
    columnSettings: 'Column settings',
  },
} as const;

/** The header cells of the list's table that are inside the window (not scrolled away or under a pinned column). */
async function headersInView(page: Page) {
  return page.evaluate(() => {
    const table = document.querySelector('.data-table .ant-table-container');
    if (!table) return [];
    const box = table.getBoundingClientRect();
    return Array.from(table.querySelectorAll('thead th'))
      .filter((cell) => {
        const rect = cell.getBoundingClientRect();
        return rect.width > 0 && rect.left >= box.left - 1 && rect.right <= box.right + 1;
      })
      .map((cell) => cell.textContent?.trim() ?? '');
  });
}

test.describe('[LISTS]', () => {
  for (const lang of ['zh-CN', 'en-US'] as const) {
    test(`[LISTS]: the store list shows every column at 1440 px and a card per store with its actions at 375 px (${lang})`, async ({
      browser,
      baseURL,
    }) => {
      const text = TEXT[lang];
      const { page, close } = await merchantPage(browser, baseURL, lang);
      await page.goto('/merchant/store');
      const rows = page.locator('.data-table tbody tr.ant-table-row');
      await expect(rows.first()).toBeVisible();
      const count = await rows.count();
      // Every figure column is in view: nothing is hidden off-screen, the table needs no sideways scroll.
      const headers = await headersInView(page);
      for (const figure of text.figures) expect(headers.some((header) => header.startsWith(figure))).toBe(true);
      await expect.poll(() => tableOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, `lists-stores-${lang}-1440`);

      await page.setViewportSize({ width: 375, height: 812 });
      const cards = page.getByRole('list', { name: text.cards });
      await expect(cards).toBeVisible();
      await expect(page.locator('.data-table table')).toHaveCount(0);
      await expect(cards.getByRole('listitem')).toHaveCount(count);
      const first = cards.getByRole('listitem').first();
      for (const figure of text.figures) await expect(first.getByText(figure, { exact: true })).toBeVisible();
      const enter = first.getByRole('button', { name: text.enterAdmin });
      await enter.scrollIntoViewIfNeeded();
      await expect(enter).toBeInViewport();
      await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, `lists-stores-${lang}-375`);
      await close();
    });
  }

  test('[LISTS]: the operator bill list shows every column and the whole countdown at 1440 px, cards at 375 px', async ({
    browser,
    baseURL,
  }) => {
    const { page, close } = await operatorPage(browser, baseURL, 'en-US');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/admin/bill');
    await expect(page.locator('.data-table tbody tr.ant-table-row').first()).toBeVisible();
    await expect.poll(() => tableOverflow(page)).toBeLessThanOrEqual(0);
    const headers = await headersInView(page);
    for (const column of ['账单号', '商户', '店铺', '商品', '金额', '状态', '渠道 / 支付方式', '创建时间', '操作'])
      expect(headers.some((header) => header.startsWith(column))).toBe(true);
    // The unpaid bill's countdown ends before the pinned actions column starts.
    const clipped = await page.evaluate(() => {
      const actions = document.querySelector(
        '.data-table tbody td.ant-table-cell-fix-end, .data-table tbody td.ant-table-cell-fix-right',
      );
      const countdowns = Array.from(
        document.querySelectorAll('.data-table tbody tr.ant-table-row td span[style*="nowrap"]'),
      );
      if (!actions) return null;
      const edge = actions.getBoundingClientRect().left;
      return countdowns.filter((element) => element.getBoundingClientRect().right > edge + 1).length;
    });
    expect(clipped).toBe(0);
    await shot(page, 'lists-admin-bills-1440');

    await page.setViewportSize({ width: 375, height: 812 });
    const cards = page.getByRole('list', { name: '列表' });
    await expect(cards).toBeVisible();
    await expect(
      cards
        .getByRole('listitem')
        .first()
        .getByRole('button', { name: /查看账单|详情/ })
        .first(),
    ).toBeVisible();
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'lists-admin-bills-375');
    await close();
  });

  for (const lang of ['zh-CN', 'en-US'] as const) {
    test(`[LISTS]: the back button and a reload restore the store list's tab, search, sort and page (${lang})`, async ({
      browser,
      baseURL,
    }) => {
      const text = TEXT[lang];
      const { page, close } = await merchantPage(browser, baseURL, lang);
      // One store a page, so the demo merchant's stores make several pages.
      await page.goto('/merchant/store?size=1');
      await page.getByRole('tab', { name: text.operatingTab }).click();
      await expect(page).toHaveURL(/tab=operating/);
      await page.getByLabel(text.keyword).fill('demo');
      await page.getByRole('button', { name: text.search }).click();
      await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
      await expect(page).toHaveURL(/tab=operating/);
      await expect(page).toHaveURL(/keyword=demo/);
      await expect(page).toHaveURL(/page=2/);
      await page.getByRole('columnheader', { name: new RegExp(text.figures[4]) }).click();
      await expect(page).toHaveURL(/sort=created_at&order=descend/);
      // A new sort starts at page 1: clicked while page 2 is still shown as current, "2" would do nothing.
      await expect(page.locator('.ant-pagination-item-active')).toHaveText('1');
      await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
      const url = page.url();

      const expectRestored = async () => {
        await expect(page.getByRole('tab', { name: text.operatingTab })).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByLabel(text.keyword)).toHaveValue('demo');
        await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');
        await expect(page.getByRole('columnheader', { name: new RegExp(text.figures[4]) })).toHaveAttribute(
          'aria-sort',
          'descending',
        );
      };
      await expectRestored();

      // Away to the bills and back.
      await page.getByRole('menuitem', { name: text.bills }).first().click();
      await expect(page).toHaveURL(/\/merchant\/bill/);
      await page.goBack();
      await expect(page).toHaveURL(url);
      await expectRestored();

      await page.reload();
      await expectRestored();
      await close();
    });
  }
});
