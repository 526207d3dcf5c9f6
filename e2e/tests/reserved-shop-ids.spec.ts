import { chooseOption } from '../support/antd-select';
import { expect, merchantPage, registerMerchantByApi, test } from '../support/fixtures';
import { shot } from '../support/screenshots';

const TEXT = {
  'zh-CN': {
    buyButton: '创建并支付',
    buyTitle: '创建并支付店铺',
    shopName: '店铺名称',
    shopId: '店铺 ID',
    contactEmail: '联系邮箱',
    version: '店铺版本',
    monthly: '按月',
    oneMonth: '1 个月',
    alipay: '支付宝',
    goToPayment: '去支付',
    reserved: '店铺 ID「www」为平台保留，请换一个',
  },
  'en-US': {
    buyButton: 'Create and pay',
    buyTitle: 'Create and pay for a store',
    shopName: 'Store name',
    shopId: 'Store ID',
    contactEmail: 'Contact email',
    version: 'Version',
    monthly: 'Monthly',
    oneMonth: '1 month',
    alipay: 'Alipay',
    goToPayment: 'Go to payment',
    reserved: 'Store ID "www" is reserved by the platform, please choose another',
  },
} as const;

test.describe('[STORES] reserved store IDs', () => {
  for (const lang of ['zh-CN', 'en-US'] as const) {
    test(`[STORES]: a store ID that names a platform host is refused on the store ID field (${lang})`, async ({
      browser,
      baseURL,
      request,
    }) => {
      const text = TEXT[lang];
      const merchant = await registerMerchantByApi(request);
      const { page, close } = await merchantPage(browser, baseURL, lang, merchant.email, merchant.password);
      await page.goto('/merchant/store');
      await page.getByRole('button', { name: text.buyButton }).click();
      const dialog = page.getByRole('dialog', { name: text.buyTitle });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel(text.shopName, { exact: true }).fill('Platform host');
      await dialog.getByLabel(text.shopId, { exact: true }).fill('www');
      await dialog.getByLabel(text.contactEmail, { exact: true }).fill(merchant.email);
      await dialog.getByLabel(text.version, { exact: true }).click();
      await chooseOption(page, 'Starter');
      await dialog.getByText(text.monthly, { exact: true }).click();
      await dialog.getByText(text.oneMonth, { exact: true }).click();
      await dialog.getByText(text.alipay, { exact: true }).click();
      const refused = page.waitForResponse((response) => response.url().endsWith('/merchant/parlour/shop/buy'));
      await dialog.getByRole('button', { name: text.goToPayment }).click();
      expect((await (await refused).json()).code).toBe(12025);
      // Said on the field, the dialog stays open with what was typed.
      await expect(
        dialog.locator('#shop_id_help, .ant-form-item-explain-error').filter({ hasText: text.reserved }),
      ).toBeVisible();
      await expect(dialog.getByLabel(text.shopId, { exact: true })).toHaveValue('www');
      await shot(page, `reserved-shop-id-${lang}`, { fullPage: false });
      await close();
    });
  }
});
