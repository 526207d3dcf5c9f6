import { SERIAL } from '../playwright.config';
import { expect, registerMerchantByApi, test, useLanguage, signInByApi } from '../support/fixtures';
import { operatorPage } from '../support/operator-api';
import { shot } from '../support/screenshots';

/**
 * Operator-written content in both languages (docs/bilingual-content.md) in the browser: the
 * operator (whose console stays Chinese) writes a plan and a notice in Chinese and English; a
 * merchant in English mode reads the English, in Chinese mode the Chinese; the public pricing page
 * shows the seeded versions' English.
 */
test(
  '[CONTENT]: operator writes English content, a merchant in English mode sees it',
  { tag: SERIAL },
  async ({ browser, baseURL, request }) => {
    // Two consoles, two languages and a fresh merchant: past a minute on a loaded machine.
    test.slow();
    const suffix = Date.now().toString(36).slice(-4);
    const plan = {
      zh: `夜间包${suffix}`,
      en: `Night pack ${suffix}`,
      usageEn: `Night-time calls, 1 unit each (${suffix})`,
    };
    const notice = { zh: `双语公告${suffix}`, en: `Bilingual notice ${suffix}`, bodyEn: 'Maintenance window tonight' };

    const operator = await operatorPage(browser, baseURL);
    try {
      const admin = operator.page;
      await admin.setViewportSize({ width: 1440, height: 1000 });
      await admin.goto('/admin/traffic?tab=plans');
      await admin.getByRole('button', { name: '新增套餐' }).click();
      const planDialog = admin.getByRole('dialog', { name: '新增流量包套餐' });
      await planDialog.getByLabel('套餐名称 (中文)').fill(plan.zh);
      await planDialog.getByLabel('售价（元）').fill('9');
      await planDialog.getByLabel('原价（元）').fill('19');
      await planDialog.getByLabel('套餐名称 (英文)').fill(plan.en);
      await planDialog.getByLabel('API 用途说明 (中文)').fill('商品详情每次 1 单位');
      await planDialog.getByLabel('API 用途说明 (英文)').fill(plan.usageEn);
      await shot(admin, 'content-admin-plan-form-1440', { fullPage: false });
      await planDialog.getByRole('button', { name: /^创\s*建$/ }).click();
      await expect(planDialog).toBeHidden();
      // The operator console stays Chinese.
      await expect(admin.getByRole('row').filter({ hasText: plan.zh })).toBeVisible();

      await admin.goto('/admin/notice');
      await admin.getByRole('button', { name: '新增公告' }).click();
      const noticeDialog = admin.getByRole('dialog', { name: '新增公告' });
      await noticeDialog.getByLabel('标题 (中文)', { exact: true }).fill(notice.zh);
      await noticeDialog.getByLabel('标题 (英文)', { exact: true }).fill(notice.en);
      const chineseEditor = noticeDialog.getByRole('textbox', { name: '内容 (中文)' });
      await chineseEditor.click();
      await chineseEditor.pressSequentially('今晚维护');
      await noticeDialog.getByText('英文 · 选填').click();
      const englishEditor = noticeDialog.getByRole('textbox', { name: '内容 (英文)' });
      await englishEditor.click();
      await englishEditor.pressSequentially(notice.bodyEn);
      await shot(admin, 'content-admin-notice-form-1440', { fullPage: false });
      await admin.setViewportSize({ width: 375, height: 800 });
      await shot(admin, 'content-admin-notice-form-375', { fullPage: false });
      await admin.setViewportSize({ width: 1440, height: 1000 });
      await noticeDialog.getByRole('button', { name: /^创\s*建$/ }).click();
      await expect(noticeDialog).toBeHidden();
      await expect(admin.getByRole('row').filter({ hasText: notice.zh })).toBeVisible();
    } finally {
      await operator.close();
    }

    for (const lang of ['en-US', 'zh-CN'] as const) {
      // A merchant of its own per language: opening the notice marks it read, out of the unread card.
      const account = await registerMerchantByApi(request);
      const context = await browser.newContext({ baseURL, locale: lang });
      const page = await context.newPage();
      try {
        await useLanguage(page, lang);
        await signInByApi(page, 'merchant', account.email, account.password, { lang, path: null });
        const isEnglish = lang === 'en-US';
        for (const width of [1440, 375]) {
          await page.setViewportSize({ width, height: width === 375 ? 800 : 1000 });
          await page.goto('/merchant/store');
          const card = page.locator('.announcements-card');
          await expect(card.getByRole('button', { name: isEnglish ? notice.en : notice.zh })).toBeVisible();
          await expect(card.getByRole('button', { name: isEnglish ? notice.zh : notice.en })).toHaveCount(0);
          await shot(page, `content-merchant-announcements-${lang}-${width}`, { fullPage: false });

          await page.goto('/merchant/traffic?tab=packages');
          await page
            .getByRole('button', { name: isEnglish ? 'Buy package' : '购买流量包' })
            .first()
            .click();
          const dialog = page.getByRole('dialog', { name: isEnglish ? 'Buy a traffic package' : '购买流量包' });
          await expect(dialog.getByText(isEnglish ? plan.en : plan.zh, { exact: true })).toBeVisible();
          if (isEnglish) await expect(dialog.getByText(plan.usageEn)).toBeVisible();
          await shot(page, `content-merchant-buy-plan-${lang}-${width}`, { fullPage: false });
          await page.keyboard.press('Escape');
        }
        await page.setViewportSize({ width: 1440, height: 1000 });
        await page.goto('/merchant/store');
        await page
          .locator('.announcements-card')
          .getByRole('button', { name: isEnglish ? notice.en : notice.zh })
          .click();
        const detail = page.getByRole('dialog').filter({ hasText: isEnglish ? notice.en : notice.zh });
        await expect(detail).toContainText(isEnglish ? notice.bodyEn : '今晚维护');
        await shot(page, `content-merchant-notice-detail-${lang}`, { fullPage: false });
      } finally {
        await context.close();
      }
    }

    // The public pricing page: the seeded versions in the visitor's language.
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const context = await browser.newContext({ baseURL, locale: lang });
      const page = await context.newPage();
      try {
        await useLanguage(page, lang);
        for (const width of [1440, 375]) {
          await page.setViewportSize({ width, height: width === 375 ? 800 : 1000 });
          await page.goto('/pricing');
          await expect(
            page.getByText(lang === 'en-US' ? 'Everything in Starter' : '包含入门版全部功能').first(),
          ).toBeVisible();
          await shot(page, `content-pricing-${lang}-${width}`);
        }
      } finally {
        await context.close();
      }
    }
  },
);
