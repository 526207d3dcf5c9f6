import { SERIAL } from '../playwright.config';
import type { Page } from '@playwright/test';
import { expect, registerMerchantByApi, test, useLanguage, signInByApi } from '../support/fixtures';
import { operatorPage } from '../support/operator-api';
import { shot } from '../support/screenshots';
import { chooseOption } from '../support/antd-select';

/** Today in `zone`, as the console's date pickers write it. */
const todayIn = (zone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
};

/** The operator's settings → platform rules: picks a zone by searching its name, and saves. */
async function chooseZone(page: Page, search: string, option: RegExp) {
  await page.goto('/admin/settings?tab=platform');
  const zone = page.getByLabel('业务时区');
  await zone.click();
  await zone.fill(search);
  await chooseOption(page, option);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('设置已保存')).toBeVisible();
}

test(
  '[TRAFFIC REPORTS]: the operator sets the business time zone, and a merchant browsing from Los Angeles counts its days',
  { tag: SERIAL },
  async ({ browser, baseURL, request }) => {
    test.slow();
    const operator = await operatorPage(browser, baseURL);
    try {
      await operator.page.goto('/admin/settings?tab=platform');
      await expect(operator.page.getByText('Asia/Shanghai (UTC+08:00)')).toBeVisible();
      await chooseZone(operator.page, 'Tokyo', /^Asia\/Tokyo \(UTC\+09:00\)$/);
      await shot(operator.page, 'admin-settings-business-time-zone');

      const merchant = await registerMerchantByApi(request);
      const context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'America/Los_Angeles' });
      const page = await context.newPage();
      try {
        await useLanguage(page, 'en-US');
        await signInByApi(page, 'merchant', merchant.email, merchant.password, {
          lang: 'en-US',
          path: '/merchant/traffic',
        });
        await expect(page.getByText('Times and days in Asia/Tokyo (UTC+09:00)')).toBeVisible();
        await page.getByText('Custom', { exact: true }).click();
        // The range ends on Tokyo's today, whatever day it is in Los Angeles.
        await expect(page.locator('.ant-picker-range input').last()).toHaveValue(todayIn('Asia/Tokyo'));
        await shot(page, 'merchant-traffic-business-time-zone');
      } finally {
        await context.close();
      }
    } finally {
      await chooseZone(operator.page, 'Shanghai', /^Asia\/Shanghai \(UTC\+08:00\)$/);
      await operator.close();
    }
  },
);
