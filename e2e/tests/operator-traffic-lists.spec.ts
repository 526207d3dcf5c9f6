import { expect, test } from '../support/fixtures';
import { horizontalOverflow, operatorPage, tableOverflow } from '../support/operator-api';
import { shot } from '../support/screenshots';
import { chooseOption } from '../support/antd-select';

/**
 * The operator's traffic, version and store lists on the demo data (docs/lists.md): every column in
 * view at 1440 px (nothing behind the pinned actions), a card per row at 375 px with its actions
 * reachable, and the sort kept in the URL.
 */
const LISTS = [
  { name: 'plans', path: '/admin/traffic?tab=plans', cardAction: /编\s*辑/ },
  { name: 'packages', path: '/admin/traffic?tab=packages', cardAction: null },
  { name: 'core', path: '/admin/traffic?tab=core', cardAction: /编\s*辑/ },
  { name: 'statistics', path: '/admin/traffic?tab=statistics&time_range=last_30_days', cardAction: null },
  { name: 'versions', path: '/admin/version', cardAction: '编辑价格' },
  { name: 'stores', path: '/admin/store', cardAction: '进入后台' },
] as const;

test('[LISTS]: the operator traffic, version and store lists fit 1440 px and show cards with their actions at 375 px', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const { page, close } = await operatorPage(browser, baseURL, 'zh-CN');
  try {
    for (const list of LISTS) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(list.path);
      await expect(page.locator('.data-table tbody tr.ant-table-row').first()).toBeVisible();
      await expect.poll(() => tableOverflow(page), `${list.name} scrolls sideways at 1440 px`).toBeLessThanOrEqual(0);
      await shot(page, `operator-lists-${list.name}-1440`);

      await page.setViewportSize({ width: 375, height: 812 });
      const cards = page.getByRole('list', { name: '列表' }).first();
      await expect(cards).toBeVisible();
      await expect(page.locator('.data-table table')).toHaveCount(0);
      if (list.cardAction) {
        const action = cards.getByRole('listitem').first().getByRole('button', { name: list.cardAction }).first();
        await action.scrollIntoViewIfNeeded();
        await expect(action).toBeInViewport();
      }
      await expect.poll(() => horizontalOverflow(page), `${list.name} is wider than a phone`).toBeLessThanOrEqual(0);
      await shot(page, `operator-lists-${list.name}-375`, { fullPage: false });
    }
  } finally {
    await close();
  }
});

test('[LISTS]: the operator plan and package lists keep their sort and filter in the URL through reload and back', async ({
  browser,
  baseURL,
}) => {
  const { page, close } = await operatorPage(browser, baseURL, 'zh-CN');
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/admin/traffic?tab=plans');
    await expect(page.getByRole('row').filter({ hasText: '标准包' })).toBeVisible();
    await page.getByRole('columnheader', { name: /售价/ }).click();
    await expect(page).toHaveURL(/tab=plans&sort=price&order=descend/);
    // The dearest seeded plan comes first.
    await expect(page.locator('.data-table tbody tr.ant-table-row').first()).toContainText('专业包');
    await page.reload();
    await expect(page.getByRole('columnheader', { name: /售价/ })).toHaveAttribute('aria-sort', 'descending');
    await page.goBack();
    await expect(page).toHaveURL(/tab=plans$/);

    await page.goto('/admin/traffic?tab=packages');
    await expect(page.locator('.data-table tbody tr.ant-table-row').first()).toBeVisible();
    await page.getByRole('columnheader', { name: /用量/ }).click();
    await expect(page).toHaveURL(/sort=units_used&order=descend/);
    await page.getByLabel('状态', { exact: true }).click();
    await chooseOption(page, /^生效中$/);
    await expect(page).toHaveURL(/status=active/);
    await expect(page).toHaveURL(/sort=units_used/);
    await page.goBack();
    await expect(page).not.toHaveURL(/status=active/);
    await expect(page.getByRole('columnheader', { name: /用量/ })).toHaveAttribute('aria-sort', 'descending');
  } finally {
    await close();
  }
});
