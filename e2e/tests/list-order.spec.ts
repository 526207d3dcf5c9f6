import type { Locator, Page } from '@playwright/test';
import { expect, merchantPage, test } from '../support/fixtures';
import { horizontalOverflow, operatorPage } from '../support/operator-api';
import { shot } from '../support/screenshots';

/**
 * Lists (docs/lists.md) in the browser: the column settings reorder by drag (remembered across a
 * reload), the operator's prospect and notice lists sort on the server through the URL, a tab
 * change is one step of the back button, and the prospect search takes a phone number as people
 * write it.
 */

const TEXT = {
  'zh-CN': { columnSettings: '列设置', reset: '重置' },
  'en-US': { columnSettings: 'Column settings', reset: 'Reset' },
} as const;

/** The column settings popover's movable rows, as their labels, in order. */
async function movableTitles(popover: Locator) {
  return popover.locator('[data-column][draggable="true"]').allTextContents();
}

/**
 * Waits until the popover's rows stop moving (its opening animation has ended): a drag measured
 * while the popover still zooms in starts and ends on the wrong rows.
 */
async function settledRows(rows: Locator) {
  let previous = '';
  await expect
    .poll(
      async () => {
        const boxes = JSON.stringify(
          await rows.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON())),
        );
        const isStill = boxes === previous;
        previous = boxes;
        return isStill;
      },
      { intervals: [100] },
    )
    .toBe(true);
}

/** Before a screenshot: the list has loaded (no spinner) and no header tooltip is open. */
async function settled(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('.data-table .ant-spin-spinning')).toHaveCount(0);
  await expect(page.locator('.ant-tooltip:not(.ant-tooltip-hidden)')).toHaveCount(0);
}

/** The table's header cells, in order, without empty ones. */
async function headerTexts(page: Page) {
  return (await page.locator('.data-table thead th').allTextContents()).map((text) => text.trim()).filter(Boolean);
}

test.describe('[LIST-ORDER]', () => {
  for (const lang of ['zh-CN', 'en-US'] as const) {
    test(`[LIST-ORDER]: a column dragged in the settings moves in the table and stays after a reload (${lang})`, async ({
      browser,
      baseURL,
    }) => {
      const text = TEXT[lang];
      const { page, close } = await merchantPage(browser, baseURL, lang);
      await page.goto('/merchant/store');
      await expect(page.locator('.data-table tbody tr.ant-table-row').first()).toBeVisible();
      await page.getByRole('button', { name: text.columnSettings }).click();
      const popover = page.getByRole('group', { name: text.columnSettings });
      await expect(popover).toBeVisible();
      const before = await movableTitles(popover);
      expect(before.length).toBeGreaterThanOrEqual(3);

      // The first movable column dropped on the lower half of the third: it lands after it.
      const rows = popover.locator('[data-column][draggable="true"]');
      const target = rows.nth(2);
      await target.scrollIntoViewIfNeeded();
      await rows.nth(0).scrollIntoViewIfNeeded();
      await settledRows(rows);
      const box = (await target.boundingBox())!;
      await rows.nth(0).dragTo(target, { targetPosition: { x: 40, y: box.height - 4 } });
      const expected = [before[1], before[2], before[0], ...before.slice(3)];
      await expect.poll(() => movableTitles(popover)).toEqual(expected);
      await shot(page, `list-order-column-settings-${lang}-1440`, { fullPage: false });
      const headers = await headerTexts(page);
      expect(headers.findIndex((header) => header.startsWith(before[0]))).toBeGreaterThan(
        headers.findIndex((header) => header.startsWith(before[2])),
      );

      await page.reload();
      await expect(page.locator('.data-table tbody tr.ant-table-row').first()).toBeVisible();
      await page.getByRole('button', { name: text.columnSettings }).click();
      await expect.poll(() => movableTitles(page.getByRole('group', { name: text.columnSettings }))).toEqual(expected);

      // The handle answers the arrow keys too.
      const handle = page
        .getByRole('group', { name: text.columnSettings })
        .locator('button.column-settings__handle')
        .first();
      await handle.focus();
      await page.keyboard.press('ArrowDown');
      await expect
        .poll(() => movableTitles(page.getByRole('group', { name: text.columnSettings })))
        .toEqual([expected[1], expected[0], ...expected.slice(2)]);

      // At phone width the settings open above the cards and still drag.
      await page.getByRole('button', { name: text.columnSettings }).click();
      await expect(page.getByRole('group', { name: text.columnSettings })).toBeHidden();
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(page.getByRole('list', { name: lang === 'zh-CN' ? '列表' : 'List' })).toBeVisible();
      await page.getByRole('button', { name: text.columnSettings }).click();
      const phonePopover = page.getByRole('group', { name: text.columnSettings });
      await expect(phonePopover).toBeVisible();
      const phoneRows = phonePopover.locator('[data-column][draggable="true"]');
      const phoneBefore = await movableTitles(phonePopover);
      // The whole drag inside the window: a scroll during the drag would end it.
      await phoneRows.nth(2).scrollIntoViewIfNeeded();
      await phoneRows.nth(0).scrollIntoViewIfNeeded();
      await settledRows(phoneRows);
      const phoneTarget = (await phoneRows.nth(1).boundingBox())!;
      // Grabbed by its grip, as a thumb would: the middle of a phone-width row is its checkbox's label.
      const phoneSource = (await phoneRows.nth(0).boundingBox())!;
      await phoneRows.nth(0).dragTo(phoneRows.nth(1), {
        sourcePosition: { x: 12, y: phoneSource.height / 2 },
        targetPosition: { x: 40, y: phoneTarget.height - 4 },
      });
      await expect
        .poll(() => movableTitles(phonePopover))
        .toEqual([phoneBefore[1], phoneBefore[0], ...phoneBefore.slice(2)]);
      await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, `list-order-column-settings-${lang}-375`, { fullPage: false });
      await phonePopover.getByRole('button', { name: text.reset }).click();
      await expect.poll(() => movableTitles(phonePopover)).toEqual(before);
      await close();
    });
  }

  for (const lang of ['zh-CN', 'en-US'] as const) {
    test(`[LIST-ORDER]: the operator's prospect and notice lists sort on the server through the URL, and back undoes a sort (${lang})`, async ({
      browser,
      baseURL,
    }) => {
      const { page, close } = await operatorPage(browser, baseURL, lang);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/admin/prospects');
      const rows = page.locator('.data-table tbody tr.ant-table-row');
      await expect(rows.first()).toBeVisible();
      const created = page.getByRole('columnheader', { name: /留言时间/ });
      await created.click();
      await expect(page).toHaveURL(/sort=created_at&order=descend/);
      // The next click is read against the order the table shows: wait for it, as the eye does
      // (on a slow machine the URL changes before the table has re-rendered with it).
      await expect(created).toHaveAttribute('aria-sort', 'descending');
      await created.click();
      await expect(page).toHaveURL(/sort=created_at&order=ascend/);
      await expect(created).toHaveAttribute('aria-sort', 'ascending');
      const followUp = page.getByRole('columnheader', { name: /跟进记录/ });
      await followUp.click();
      await expect(page).toHaveURL(/sort=followed_up_at&order=descend/);
      await settled(page);
      await shot(page, `list-order-prospects-${lang}-1440`);
      await page.goBack();
      await expect(page).toHaveURL(/sort=created_at&order=ascend/);
      await expect(created).toHaveAttribute('aria-sort', 'ascending');
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(page.getByRole('list', { name: '列表' })).toBeVisible();
      await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await settled(page);
      await shot(page, `list-order-prospects-${lang}-375`);

      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/admin/notice');
      await expect(page.locator('.data-table tbody tr.ant-table-row').first()).toBeVisible();
      const reads = page.getByRole('columnheader', { name: /已读商户/ });
      await reads.click();
      await expect(page).toHaveURL(/sort=read_count&order=descend/);
      await expect(reads).toHaveAttribute('aria-sort', 'descending');
      await page.getByRole('columnheader', { name: /发布时间/ }).click();
      await expect(page).toHaveURL(/sort=publish_at&order=descend/);
      await page.reload();
      await expect(page.getByRole('columnheader', { name: /发布时间/ })).toHaveAttribute('aria-sort', 'descending');
      await settled(page);
      await shot(page, `list-order-notices-${lang}-1440`);
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(page.getByRole('list', { name: '列表' })).toBeVisible();
      await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await settled(page);
      await shot(page, `list-order-notices-${lang}-375`);
      await close();
    });
  }

  test('[LIST-ORDER]: a tab change is one step of the back button (operator bills and income)', async ({
    browser,
    baseURL,
  }) => {
    const { page, close } = await operatorPage(browser, baseURL, 'zh-CN');
    await page.goto('/admin/bill');
    await expect(page.locator('.data-table tbody tr.ant-table-row').first()).toBeVisible();
    await page.getByRole('tab', { name: '收入' }).click();
    await expect(page).toHaveURL(/tab=income/);
    await expect(page.getByRole('tab', { name: '收入' })).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(page).not.toHaveURL(/tab=income/);
    await expect(page.getByRole('tab', { name: '账单' })).toHaveAttribute('aria-selected', 'true');
    await page.goForward();
    await expect(page.getByRole('tab', { name: '收入' })).toHaveAttribute('aria-selected', 'true');
    await close();
  });

  test('[LIST-ORDER]: the prospect search finds a lead by its number typed with spaces or without the country', async ({
    browser,
    baseURL,
  }) => {
    const { page, close } = await operatorPage(browser, baseURL, 'zh-CN');
    await page.goto('/admin/prospects');
    const rows = page.locator('.data-table tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    // A demo lead's number as the list shows it (+86 138 …), searched as people type it.
    const contact = (await rows.first().locator('td').nth(1).innerText()).trim();
    expect(contact).toMatch(/^\+\d/);
    const national = contact.replace(/^\+\d+\s/, '');
    for (const typed of [contact, national, national.replace(/\s/g, '-')]) {
      await page.getByLabel('姓名、电话或留言内容').fill(typed);
      await page.getByRole('button', { name: /搜\s*索/ }).click();
      await expect(page).toHaveURL(/keyword=/);
      await expect(rows.first()).toContainText(contact);
    }
    await close();
  });
});
