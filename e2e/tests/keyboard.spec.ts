import type { Locator, Page } from '@playwright/test';
import { expect, registerMerchantByApi, test, useLanguage } from '../support/fixtures';
import { uniqueShopId } from '../support/store-api';

/**
 * Presses Tab (Shift+Tab when `backwards`) until `target` has focus, failing when it is not reached
 * within `max` presses: what a keyboard user can reach, the test can.
 */
async function tabTo(page: Page, target: Locator, { max = 40, backwards = false } = {}) {
  for (let press = 0; press < max; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** Whether focus is inside the open dialog (or on the page behind it). */
async function isFocusInDialog(page: Page) {
  return page.evaluate(() => Boolean(document.activeElement?.closest('.ant-modal-wrap, .ant-modal-root')));
}

test('[KEYBOARD]: signs in and creates a store up to the cashier without a mouse', async ({ page, request }) => {
  test.slow();
  const merchant = await registerMerchantByApi(request);
  await useLanguage(page, 'en-US');
  await page.goto('/login');

  // The skip link is the page's first stop: the first Tab reaches it, shown while focused, and
  // Enter moves focus to the main content.
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(page.getByLabel('Email or phone', { exact: true })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  await tabTo(page, page.getByLabel('Email or phone', { exact: true }));
  await page.keyboard.type(merchant.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(merchant.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/platform$/);

  await page.goto('/merchant/store');
  const create = page.getByRole('button', { name: 'Create and pay' });
  await tabTo(page, create, { max: 60 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create and pay for a store' });
  await expect(dialog).toBeVisible();

  const shopId = uniqueShopId('keys');
  await tabTo(page, dialog.getByLabel('Store name', { exact: true }));
  await page.keyboard.type(`Keyboard ${shopId.slice(-4)}`);
  await tabTo(page, dialog.getByLabel('Store ID', { exact: true }));
  await page.keyboard.type(shopId);
  await tabTo(page, dialog.getByLabel('Contact email', { exact: true }));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`shop.${shopId}@example.com`);

  // The version: the list opens with the arrow key, moves with it, and Enter picks.
  const version = dialog.getByLabel('Version', { exact: true });
  await tabTo(page, version);
  await page.keyboard.press('ArrowDown');
  const active = page.locator('.ant-select-item-option-active');
  await expect(active).toBeVisible();
  for (let press = 0; press < 10 && !(await active.textContent())?.includes('Professional'); press += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(active).toContainText('Professional');
  await page.keyboard.press('Enter');
  await expect(dialog.locator('.ant-select')).toContainText('Professional');

  // The payment method: Tab reaches the group, Space picks the focused one, the arrow moves the pick.
  await tabTo(page, dialog.getByRole('radio', { name: 'WeChat Pay' }));
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Alipay' })).toBeChecked();

  // Focus stays inside the dialog: Tab past its last control comes back into it.
  for (let press = 0; press < 40; press += 1) {
    await page.keyboard.press('Tab');
    expect(await isFocusInDialog(page)).toBe(true);
  }

  await tabTo(page, dialog.getByRole('button', { name: 'Go to payment' }), { max: 60 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cashier\//);
  await expect(page.getByText(`Keyboard ${shopId.slice(-4)}`)).toBeVisible();
});

test('[KEYBOARD]: Escape closes a dialog and gives focus back to what opened it', async ({ page, request }) => {
  const merchant = await registerMerchantByApi(request);
  await useLanguage(page, 'en-US');
  await page.goto('/login');
  await page.getByLabel('Email or phone', { exact: true }).fill(merchant.email);
  await page.getByLabel('Password', { exact: true }).fill(merchant.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/platform$/);
  await page.goto('/merchant/store');
  const create = page.getByRole('button', { name: 'Create and pay' });
  await tabTo(page, create, { max: 60 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create and pay for a store' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();
});
