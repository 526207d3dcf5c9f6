import type { Page } from '@playwright/test';
import { expect, registerMerchantByApi, test, useLanguage, type Lang, signInByApi } from '../support/fixtures';
import { shot } from '../support/screenshots';
import { buyStore, findBill, merchantToken, uniqueShopId, versionNamed } from '../support/store-api';

/** The interface texts the test looks for, in each language (from apps/web/src/locales). */
const TEXT = {
  'zh-CN': {
    cancel: /^取\s*消$/,
    confirmOk: '取消账单',
    willNotOpen: (name: string, shopId: string) => `店铺「${name}」将不会开通，店铺 ID ${shopId} 将可以重新使用。`,
    cancelledToast: '账单已取消',
    cancelledStatus: '已取消',
    released: '未完成支付 · 店铺 ID 已释放',
    why: '该店铺的账单已取消或超时未支付，店铺未开通',
    viewBill: '查看账单',
    storeAdmin: '进入后台',
  },
  'en-US': {
    cancel: /^Cancel$/,
    confirmOk: 'Cancel bill',
    willNotOpen: (name: string, shopId: string) =>
      `The store “${name}” will not be opened, and its store ID ${shopId} becomes free to use again.`,
    cancelledToast: 'Bill cancelled',
    cancelledStatus: 'Cancelled',
    released: 'Payment not completed · store ID released',
    why: 'The bill of this store was cancelled or not paid in time, so the store was never opened.',
    viewBill: 'View bill',
    storeAdmin: 'Store admin',
  },
} as const;

async function signedInMerchant(page: Page, request: Parameters<typeof registerMerchantByApi>[0], lang: Lang) {
  const merchant = await registerMerchantByApi(request);
  const token = await merchantToken(request, merchant.email, merchant.password);
  await useLanguage(page, lang);
  await signInByApi(page, 'merchant', merchant.email, merchant.password, { lang, path: null });
  return { ...merchant, token };
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`[STORES]: cancelling the bill of a create-and-pay store gives the store up, and the merchant sees why (${lang})`, async ({
    page,
    request,
  }) => {
    test.slow();
    const text = TEXT[lang];
    const merchant = await signedInMerchant(page, request, lang);
    const version = await versionNamed(request, merchant.token, 'Professional');
    const shopId = uniqueShopId('gone');
    const shopName = lang === 'zh-CN' ? '未付款的店' : 'Never paid shop';
    const { bill } = await buyStore(
      request,
      merchant.token,
      { shop_id: shopId, shop_name: shopName, contact_email: merchant.email, package_id: version.id },
      lang,
    );

    // The bill list warns what cancelling a first bill does to its store.
    await page.goto('/merchant/bill');
    const billRow = page.getByRole('row').filter({ hasText: bill.bill_no });
    await billRow.getByRole('button', { name: text.cancel }).click();
    const confirmation = page.getByRole('tooltip').filter({ hasText: text.willNotOpen(shopName, shopId) });
    await expect(confirmation).toBeVisible();
    await shot(page, `e2e-abandoned-store-cancel-confirm-${lang}`, { fullPage: false });
    await confirmation.getByRole('button', { name: text.confirmOk }).click();
    await expect(page.getByText(text.cancelledToast)).toBeVisible();
    expect((await findBill(request, merchant.token, bill.bill_no)).status).toBe('cancelled');

    // The store list shows the store as cancelled, its ID released, why on hover, and its bill.
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/merchant/store');
      // A table row on a desktop, a card (list item) on a phone.
      const row = (width >= 768 ? page.getByRole('row') : page.getByRole('listitem')).filter({ hasText: shopId });
      await expect(row).toContainText(text.cancelledStatus);
      await expect(row).toContainText(text.released);
      await expect(row.getByRole('button', { name: text.storeAdmin })).toHaveCount(0);
      await expect(row.getByRole('link', { name: text.viewBill })).toHaveAttribute(
        'href',
        `/merchant/bill?shop_id=${shopId}`,
      );
      await row.getByText(text.released).hover();
      await expect(page.getByRole('tooltip').filter({ hasText: text.why })).toBeVisible();
      await shot(page, `e2e-abandoned-store-list-${lang}-${width}`);
    }

    // The store ID is free again: another merchant takes it.
    const other = await registerMerchantByApi(request);
    const otherToken = await merchantToken(request, other.email, other.password);
    const retaken = await buyStore(
      request,
      otherToken,
      { shop_id: shopId, shop_name: 'Taken again', contact_email: other.email, package_id: version.id },
      lang,
    );
    expect(retaken.shop.shop_id).toBe(shopId);
  });
}
