import { expect, registerMerchantByApi, test } from '../support/fixtures';
import { horizontalOverflow, money, operatorPage } from '../support/operator-api';
import { shot } from '../support/screenshots';
import { callApi, createOperatingStore, findShop, merchantToken, priceOf, type ApiVersion } from '../support/store-api';
import { chooseOption } from '../support/antd-select';

/** Browser languages: the operator console is Chinese whatever the browser asks for (spec), so it is checked in Chinese under both. */
const LANGS = ['zh-CN', 'en-US'] as const;
const CONSOLE_LANG = 'zh-CN';

const TEXT = {
  version: '版本',
  current: (name: string) => `${name}（当前）`,
  submit: /确\s*认\s*续\s*费/,
  upgrade: (name: string) => `续费升级到 ${name}`,
} as const;

for (const lang of LANGS) {
  test(`[OPERATOR]: an offline renewal moves a store into a higher version, priced at it (browser ${lang})`, async ({
    browser,
    baseURL,
    request,
  }) => {
    // Waits for a store to be provisioned, then drives the operator console.
    test.slow();
    const text = TEXT;
    const merchant = await registerMerchantByApi(request);
    const token = await merchantToken(request, merchant.email, merchant.password);
    const { shop } = await createOperatingStore(
      request,
      token,
      { shop_name: lang === 'zh-CN' ? '升级续费测试店' : 'Upgrade renewal store', contact_email: merchant.email },
      lang,
    );
    const versions = (
      await callApi<{ list: ApiVersion[] }>(
        request,
        'merchant/parlour/package/lists',
        {},
        { token, lang: CONSOLE_LANG },
      )
    ).list;
    const current = versions.find((version) => version.id === shop.package_id)!;
    // The list is in display order: the next version that costs more is a higher one (Starter → Professional).
    const higher = versions
      .slice(versions.indexOf(current) + 1)
      .find((version) => priceOf(version, 'month', 1) > priceOf(current, 'month', 1))!;

    const operator = await operatorPage(browser, baseURL, lang);
    try {
      const page = operator.page;
      await page.goto(`/admin/store/renew?shop_id=${shop.shop_id}`);
      const summary = page.locator('.renew-summary');
      await expect(summary).toContainText(money(priceOf(current, 'month', 1), CONSOLE_LANG));
      // The store's own version is the default.
      await expect(page.locator('.ant-select').filter({ hasText: text.current(current.name) })).toBeVisible();
      await page.getByLabel(text.version, { exact: true }).click();
      await chooseOption(page, higher.name);
      await expect(page.getByTestId('renew-version')).toHaveText(higher.name);
      await expect(page.getByText(text.upgrade(higher.name))).toBeVisible();
      await expect(summary).toContainText(money(priceOf(higher, 'month', 1), CONSOLE_LANG));
      await shot(page, `operator-store-renew-version-${lang}`);
      await page.setViewportSize({ width: 375, height: 800 });
      await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, `phone-operator-store-renew-version-${lang}`);
      await page.setViewportSize({ width: 1440, height: 900 });

      await page.getByRole('button', { name: text.submit }).click();
      await expect(page).toHaveURL(/\/admin\/store$/);
      const renewed = await findShop(request, token, shop.shop_id);
      expect(renewed.package_id).toBe(higher.id);
    } finally {
      await operator.close();
    }
  });
}
