import { SERIAL } from '../playwright.config';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { horizontalOverflow, logoPng, operatorPage, tableOverflow } from '../support/operator-api';
import { shot } from '../support/screenshots';

/** antd puts a space between the two characters of a Chinese button label. */
const zhButton = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);

/** How many lines each table row's action buttons take (1: they fit their column). */
const actionLinesPerRow = (page: Page) =>
  page.evaluate(() =>
    Array.from(
      document.querySelectorAll('.data-table tbody tr.ant-table-row'),
      (row) =>
        new Set(
          Array.from(row.querySelectorAll('td:last-child button'), (button) =>
            Math.round(button.getBoundingClientRect().top),
          ),
        ).size,
    ),
  );

/** How many lines the first card's action buttons take at phone width. */
const cardActionLines = (page: Page) =>
  page.evaluate(() => {
    const buttons = Array.from(document.querySelectorAll('.data-card')[0]?.querySelectorAll('button') ?? []).filter(
      (button) => /编\s*辑|详\s*情|[上下]\s*架/.test(button.textContent ?? ''),
    );
    return new Set(buttons.map((button) => Math.round(button.getBoundingClientRect().top))).size;
  });

/**
 * Plugins (docs/plugins.md), the operator's side in the browser: a new plugin type; a paid plugin
 * with an icon, screenshots (uploaded, reordered), a trial, two store versions and both languages;
 * its detail; an edit (price, a screenshot removed, the code fixed); unlisting and listing again,
 * each after a confirmation. The operator console is Chinese whatever the browser says, so the
 * screens are looked at in Chinese, at 1440 and 375 px.
 */
test(
  '[PLUGINS]: operator creates a paid plugin with screenshots, edits it, unlists and lists it',
  { tag: SERIAL },
  async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const suffix = Date.now().toString(36).slice(-5);
    const plugin = { code: `e2e_chat_${suffix}`, zh: `在线客服${suffix}`, en: `Live chat ${suffix}` };
    const type = { zh: `客服工具${suffix}`.slice(0, 20), en: `Service ${suffix}` };

    const operator = await operatorPage(browser, baseURL, 'en-US');
    const admin = operator.page;
    try {
      await admin.setViewportSize({ width: 1440, height: 1000 });

      // A type of its own, from the types tab.
      await admin.goto('/admin/plugin?tab=types');
      await expect(admin).toHaveTitle(/^插件管理 - /);
      await admin.getByRole('button', { name: '新增类型' }).click();
      const typeDialog = admin.getByRole('dialog', { name: '新增插件类型' });
      await typeDialog.getByLabel('类型名称 (中文)').fill(type.zh);
      await typeDialog.getByLabel('类型名称 (英文)').fill(type.en);
      await typeDialog.getByLabel('排序').fill('90');
      await typeDialog.getByRole('button', { name: zhButton('创建') }).click();
      await expect(typeDialog).toBeHidden();
      await expect(admin.getByRole('row').filter({ hasText: type.zh })).toBeVisible();
      await shot(admin, 'plugins-admin-types-1440', { fullPage: false });

      // The plugin: every field, the validation of a bad code first.
      await admin.getByRole('tab', { name: '插件列表' }).click();
      await admin.getByRole('button', { name: '新增插件' }).click();
      const dialog = admin.getByRole('dialog', { name: '新增插件' });
      await dialog.getByLabel('插件编码').fill('9bad code');
      await dialog.getByRole('button', { name: zhButton('创建') }).click();
      await expect(dialog.getByText('插件编码须为 2-40 位小写字母、数字或下划线，以字母开头')).toBeVisible();
      await expect(dialog.getByText('请输入插件名称')).toBeVisible();

      await dialog.getByLabel('插件编码').fill(plugin.code);
      await dialog.getByLabel('插件名称 (中文)').fill(plugin.zh);
      await dialog.getByLabel('插件名称 (英文)').fill(plugin.en);
      await dialog.getByLabel('类型', { exact: true }).click();
      await admin.locator('.ant-select-item-option').filter({ hasText: type.zh }).click();
      await dialog.getByLabel('适用版本').click();
      await admin
        .locator('.ant-select-item-option')
        .filter({ hasText: /^Professional$/ })
        .click();
      await admin
        .locator('.ant-select-item-option')
        .filter({ hasText: /^Enterprise$/ })
        .click();
      await admin.keyboard.press('Escape');
      await dialog.getByLabel('价格').fill('99');
      await dialog.getByLabel('试用天数').fill('7');
      const chineseEditor = dialog.getByRole('textbox', { name: '插件介绍 (中文)' });
      await chineseEditor.click();
      await chineseEditor.pressSequentially('访客可在店铺内与客服实时聊天');
      await dialog.getByText('英文 · 选填').click();
      const englishEditor = dialog.getByRole('textbox', { name: '插件介绍 (英文)' });
      await englishEditor.click();
      await englishEditor.pressSequentially('Visitors chat with your staff in real time');

      await dialog
        .locator('input[type=file][aria-label="图标"]')
        .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: logoPng(96) });
      await expect(dialog.locator('.image-upload__preview img')).toHaveAttribute(
        'src',
        /^\/uploads\/[a-f0-9]{32}\.png$/,
      );
      await dialog.locator('input[type=file][aria-label="选择截图文件"]').setInputFiles([
        { name: 'chat-1.png', mimeType: 'image/png', buffer: logoPng(320) },
        { name: 'chat-2.png', mimeType: 'image/png', buffer: logoPng(240) },
        { name: 'chat-3.png', mimeType: 'image/png', buffer: logoPng(160) },
      ]);
      const shots = dialog.getByRole('img', { name: /^截图 \d$/ });
      await expect(shots).toHaveCount(3);
      const third = await shots.nth(2).getAttribute('src');
      await dialog.getByRole('button', { name: '截图 3 前移' }).click();
      await expect(shots.nth(1)).toHaveAttribute('src', third as string);

      await dialog.getByLabel('视频链接').fill('http://video.example.com/chat.mp4');
      await dialog.getByLabel('插件版本号').fill('1.2.0');
      await dialog.getByLabel('更新日志 (中文)').fill('新增快捷回复');
      await dialog.getByLabel('更新日志 (英文)').fill('Adds quick replies');
      await dialog.getByRole('button', { name: zhButton('创建') }).click();
      await expect(dialog.getByText('视频地址须为 https:// 地址')).toBeVisible();
      await dialog.getByLabel('视频链接').fill('https://video.example.com/chat.mp4');
      await shot(admin, 'plugins-admin-form-1440', { fullPage: false });
      await admin.setViewportSize({ width: 375, height: 800 });
      await shot(admin, 'plugins-admin-form-375', { fullPage: false });
      await admin.setViewportSize({ width: 1440, height: 1000 });
      await dialog.getByRole('button', { name: zhButton('创建') }).click();
      await expect(dialog).toBeHidden();
      await expect(admin.getByText(`插件「${plugin.zh}」已创建`)).toBeVisible();

      // In the list: found by its code, paid with a trial, listed, no installs yet.
      await admin.getByLabel('插件名称或编码').fill(plugin.code);
      await admin.getByRole('button', { name: /搜\s*索$/ }).click();
      await expect(admin).toHaveURL(new RegExp(`keyword=${plugin.code}`));
      const row = admin.getByRole('row').filter({ hasText: plugin.code });
      await expect(row).toContainText(plugin.zh);
      await expect(row).toContainText('¥99.00');
      await expect(row).toContainText('7 天');
      await expect(row).toContainText('已上架');
      await expect(row).toContainText('Professional');
      await expect(row).toContainText('Enterprise');
      await expect.poll(() => horizontalOverflow(admin)).toBeLessThanOrEqual(0);
      await shot(admin, 'plugins-admin-list-1440', { fullPage: false });

      // The detail: both languages, screenshots, video, changelog, no store yet.
      await row.getByRole('button', { name: plugin.zh }).click();
      const drawer = admin.getByRole('dialog', { name: '插件详情' });
      await expect(drawer.getByText(plugin.en)).toBeVisible();
      await expect(drawer.getByRole('img', { name: /^截图 \d$/ })).toHaveCount(3);
      await expect(drawer.getByRole('link', { name: /video\.example\.com/ })).toHaveAttribute(
        'href',
        'https://video.example.com/chat.mp4',
      );
      await expect(drawer.getByText('访客可在店铺内与客服实时聊天')).toBeVisible();
      await expect(drawer.getByText('新增快捷回复')).toBeVisible();
      await expect(drawer.getByText('还没有店铺安装该插件')).toBeVisible();
      await shot(admin, 'plugins-admin-detail-1440', { fullPage: false });

      // Edit from the detail: the code is fixed; a new price, one screenshot fewer.
      await drawer.getByRole('button', { name: '编辑' }).click();
      const editDialog = admin.getByRole('dialog', { name: `编辑插件「${plugin.zh}」` });
      await expect(editDialog.getByLabel('插件编码')).toBeDisabled();
      await expect(editDialog.getByLabel('插件编码')).toHaveValue(plugin.code);
      await editDialog.getByLabel('价格').fill('129.5');
      await editDialog.getByRole('button', { name: '移除截图 1' }).click();
      await expect(editDialog.getByRole('img', { name: /^截图 \d$/ })).toHaveCount(2);
      await editDialog.getByRole('button', { name: zhButton('保存') }).click();
      await expect(editDialog).toBeHidden();
      await expect(admin.getByText(`插件「${plugin.zh}」已保存`)).toBeVisible();
      await expect(drawer.getByRole('img', { name: /^截图 \d$/ })).toHaveCount(2);
      await drawer
        .getByRole('button', { name: 'Close' })
        .or(drawer.getByRole('button', { name: '关闭' }))
        .first()
        .click();
      await expect(row).toContainText('¥129.50');

      // Unlist, then list again: each asks first.
      await row.getByRole('button', { name: zhButton('下架') }).click();
      await expect(admin.getByText(`确定下架「${plugin.zh}」？`)).toBeVisible();
      await expect(admin.getByText('下架后插件从市场移除；已安装的 0 个店铺继续使用。')).toBeVisible();
      await admin
        .locator('.ant-popconfirm')
        .getByRole('button', { name: zhButton('下架') })
        .click();
      await expect(admin.getByText(`「${plugin.zh}」已下架`)).toBeVisible();
      await expect(row).toContainText('已下架');
      await row.getByRole('button', { name: zhButton('上架') }).click();
      await expect(admin.getByText(`确定上架「${plugin.zh}」？`)).toBeVisible();
      await admin
        .locator('.ant-popconfirm')
        .getByRole('button', { name: zhButton('上架') })
        .click();
      await expect(admin.getByText(`「${plugin.zh}」已上架`)).toBeVisible();
      await expect(row).toContainText('已上架');

      // The whole list (seeded plugins too) and the phone cards.
      await admin.goto('/admin/plugin');
      await expect(admin.getByRole('row').nth(2)).toBeVisible();
      // Every column fits 1440 px: the table does not scroll sideways, the status is not under the pinned actions.
      await expect
        .poll(() => tableOverflow(admin), 'the plugin list scrolls sideways at 1440 px')
        .toBeLessThanOrEqual(0);
      await expect.poll(() => horizontalOverflow(admin)).toBeLessThanOrEqual(0);
      // Each row's actions (详情, 编辑, 下架 or 上架) sit on one line.
      expect(await actionLinesPerRow(admin)).toEqual(
        Array.from({ length: await admin.locator('.data-table tbody tr.ant-table-row').count() }, () => 1),
      );
      const statusUnderActions = await admin.evaluate(() => {
        const actions = document.querySelector(
          '.data-table thead th.ant-table-cell-fix-end, .data-table thead th.ant-table-cell-fix-right',
        );
        const headers = Array.from(document.querySelectorAll('.data-table thead th'));
        if (!actions) return null;
        const edge = actions.getBoundingClientRect().left;
        return headers
          .filter((cell) => cell !== actions && cell.getBoundingClientRect().right > edge + 1)
          .map((cell) => cell.textContent);
      });
      expect(statusUnderActions).toEqual([]);
      await shot(admin, 'plugins-admin-list-all-1440');
      await admin.setViewportSize({ width: 375, height: 800 });
      await admin.goto('/admin/plugin');
      await expect(admin.locator('.data-card').nth(1)).toBeVisible();
      await expect.poll(() => horizontalOverflow(admin)).toBeLessThanOrEqual(0);
      // A card's actions are in view and on one line too.
      const firstCardActions = admin
        .locator('.data-card')
        .first()
        .getByRole('button', { name: /编\s*辑/ });
      await firstCardActions.scrollIntoViewIfNeeded();
      await expect(firstCardActions).toBeInViewport();
      expect(await cardActionLines(admin)).toBe(1);
      await shot(admin, 'plugins-admin-list-all-375');
      await admin.goto(`/admin/plugin?keyword=${plugin.code}`);
      const card = admin.locator('.data-card').filter({ hasText: plugin.code });
      await expect(card).toContainText('¥129.50');
      await expect.poll(() => horizontalOverflow(admin)).toBeLessThanOrEqual(0);
      await shot(admin, 'plugins-admin-list-375');
      await card.getByRole('button', { name: plugin.zh }).click();
      await expect(admin.getByRole('dialog', { name: '插件详情' }).getByText(plugin.en)).toBeVisible();
      await shot(admin, 'plugins-admin-detail-375', { fullPage: false });
    } finally {
      await operator.close();
    }
  },
);
