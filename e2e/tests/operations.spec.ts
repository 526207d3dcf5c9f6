import { SERIAL } from '../playwright.config';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { operatorPage } from '../support/operator-api';
import { shot } from '../support/screenshots';

/**
 * The audit log (docs/SECURITY.md, Audit log) in the browser: a change made in one tab shows in the
 * audit log of the operations page open in another tab of the same browser, with its before and
 * after. The operator console is Chinese whatever the browser says (spec); both browser languages
 * are run.
 */

const LANGS = ['zh-CN', 'en-US'] as const;
/** antd puts a space between the two characters of a two-character Chinese button label. */
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);

async function atWidth(page: Page, width: number, name: string) {
  await page.setViewportSize({ width, height: width < 768 ? 800 : 900 });
  await shot(page, name);
}

test.describe('[OPERATIONS]', () => {
  for (const lang of LANGS) {
    test(
      `[OPERATIONS]: the audit log shows a notice created in another tab, with its fields (browser ${lang})`,
      { tag: SERIAL },
      async ({ browser, baseURL }) => {
        test.setTimeout(120_000);
        const operator = await operatorPage(browser, baseURL, lang);
        const operations = operator.page;
        try {
          // The page is not in the menu: the dashboard links to it.
          await operations.setViewportSize({ width: 1440, height: 900 });
          await operations.goto('/admin/dashboard');
          await operations.getByRole('link', { name: /运营管理/ }).click();
          await expect(operations).toHaveURL(/\/admin\/operations$/);
          await expect(operations.getByRole('heading', { name: '审计日志' })).toBeVisible();
          await expect(operations.getByRole('heading', { name: '后台任务' })).toBeVisible();
          await expect(operations.getByRole('heading', { name: '服务商最近错误' })).toBeVisible();

          // Another tab of the same browser creates a notice.
          const other = await operations.context().newPage();
          const title = `审计测试 ${lang} ${Date.now().toString(36)}`;
          await other.goto('/admin/notice');
          await other.getByRole('button', { name: '新增公告' }).click();
          const dialog = other.getByRole('dialog', { name: '新增公告' });
          await dialog.getByLabel('标题 (中文)', { exact: true }).fill(title);
          const editor = dialog.getByRole('textbox', { name: '内容 (中文)' });
          await editor.click();
          await editor.pressSequentially('审计日志里看得到');
          await dialog.getByRole('button', { name: spaced('创建') }).click();
          await expect(other.getByText(`公告「${title}」已创建`)).toBeVisible();
          await other.close();

          // Back on the operations tab: coming back to it fetches the log again; the new row is first.
          await operations.bringToFront();
          await operations.getByRole('button', { name: spaced('刷新') }).click();
          const firstRow = operations.locator('.ant-table-tbody tr.ant-table-row').first();
          await expect(firstRow).toContainText('新增公告');
          await expect(firstRow).toContainText('admin');
          await atWidth(operations, 1440, `operations-audit-1440-${lang}`);

          // Filtered on the action, then the detail shows the notice's title as it was created.
          await firstRow.getByRole('button', { name: spaced('详情') }).click();
          const detail = operations.getByRole('dialog', { name: '操作详情' });
          await expect(detail).toContainText('admin/cms/notification/add');
          await expect(detail).toContainText(title);
          await expect(detail).toContainText('变更后');
          await shot(operations, `operations-audit-detail-1440-${lang}`, { fullPage: false });
          await detail.getByRole('button', { name: /Close|关闭/ }).click();

          await atWidth(operations, 375, `operations-audit-375-${lang}`);
          await expect(operations.getByText('新增公告').first()).toBeVisible();
        } finally {
          await operator.close();
        }
      },
    );
  }
});
