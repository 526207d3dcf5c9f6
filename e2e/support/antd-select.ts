import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks an option in the open dropdown of a single antd Select and waits until the dropdown has
 * closed on it. antd's visible options carry no role (its role="option" list is a hidden copy for
 * screen readers), and a list that re-renders while it opens (the create-store versions gaining
 * their prices, a store list refetched) can swallow a click: the dropdown then stays open with
 * nothing chosen, or closes with nothing chosen, so the pick is tried again until it takes. Given
 * the select's `combobox`, the pick counts only once the select shows the option.
 */
export async function chooseOption(page: Page, option: string | RegExp, options: { combobox?: Locator } = {}) {
  const item = page.locator('.ant-select-item-option').filter({ hasText: option, visible: true });
  // The Select around the combobox, which shows the chosen option's label.
  const shown = options.combobox?.locator(
    'xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  await expect(item.first()).toBeVisible();
  await expect(async () => {
    if (shown && !(await item.count())) await options.combobox!.click({ timeout: 2_000 });
    if (await item.count()) await item.first().click({ timeout: 2_000 });
    await expect(item).toHaveCount(0, { timeout: 1_000 });
    if (shown) await expect(shown).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
