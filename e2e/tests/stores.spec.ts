import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  OPERATOR,
  expect,
  registerMerchantByApi,
  test,
  useLanguage,
  type Lang,
  signInByApi,
} from '../support/fixtures';
import { shot } from '../support/screenshots';
import {
  addMonthsUtc,
  buyStore,
  createOperatingStore,
  createRenewalBill,
  findBill,
  findShop,
  merchantToken,
  priceOf,
  uniqueShopId,
  versionNamed,
  zipEntries,
} from '../support/store-api';
import { chooseOption } from '../support/antd-select';

/** The interface texts the tests look for, in each language (from apps/web/src/locales). */
const TEXT = {
  'zh-CN': {
    buyButton: '创建并支付',
    buyTitle: '创建并支付店铺',
    shopName: '店铺名称',
    shopId: '店铺 ID',
    contactEmail: '联系邮箱',
    version: '店铺版本',
    monthly: '按月',
    months: (count: number) => `${count} 个月`,
    goToPayment: '去支付',
    payMethod: { alipay: '支付宝', wechat: '微信支付', paypal: 'PayPal 贝宝' },
    cashierTitle: '收银台',
    cashierPay: /^确认支付/,
    paid: '支付成功',
    initTitle: '店铺初始化',
    ready: '店铺已就绪',
    // antd puts a space between the two characters of a two-character Chinese button label.
    close: /^关\s*闭$/,
    operating: '运营中',
    disabled: '已停用',
    renew: /^续\s*费$/,
    cancel: /^取\s*消$/,
    cancelConfirmTitle: '取消这笔账单？',
    cancelConfirmOk: '取消账单',
    billCancelledToast: '账单已取消',
    exportButton: /导\s*出/,
    csv: 'CSV 文件',
    xlsx: 'Excel 表格（XLSX）',
    exported: (rows: number) => `已导出 ${rows} 条记录`,
    billPaid: '已支付',
    billCancelled: '已取消',
    billUnpaid: '待支付',
    renewalType: '店铺续费',
    paidMessage: (billNo: string) => `支付成功，账单 ${billNo} 已支付`,
    storesTitle: '店铺管理 - Parlour',
    renewTitle: '店铺续费 - Parlour',
    billsTitle: '账单 - Parlour',
  },
  'en-US': {
    buyButton: 'Create and pay',
    buyTitle: 'Create and pay for a store',
    shopName: 'Store name',
    shopId: 'Store ID',
    contactEmail: 'Contact email',
    version: 'Version',
    monthly: 'Monthly',
    months: (count: number) => `${count} month${count === 1 ? '' : 's'}`,
    goToPayment: 'Go to payment',
    payMethod: { alipay: 'Alipay', wechat: 'WeChat Pay', paypal: 'PayPal' },
    cashierTitle: 'Checkout',
    cashierPay: /^Pay /,
    paid: 'Payment successful',
    initTitle: 'Store initialisation',
    ready: 'Your store is ready',
    close: /^Close$/,
    operating: 'Operating',
    disabled: 'Disabled',
    renew: /^Renew$/,
    cancel: /^Cancel$/,
    cancelConfirmTitle: 'Cancel this bill?',
    cancelConfirmOk: 'Cancel bill',
    billCancelledToast: 'Bill cancelled',
    exportButton: /Export/,
    csv: 'CSV file',
    xlsx: 'Excel sheet (XLSX)',
    exported: (rows: number) => new RegExp(`^Exported ${rows} records?$`),
    billPaid: 'Paid',
    billCancelled: 'Cancelled',
    billUnpaid: 'Unpaid',
    renewalType: 'Store renewal',
    paidMessage: (billNo: string) => `Payment received: bill ${billNo} is paid`,
    storesTitle: 'Stores - Parlour',
    renewTitle: 'Renew store - Parlour',
    billsTitle: 'Bills - Parlour',
  },
} as const;

/** Money as the UI shows it in `lang` (Intl, as apps/web/src/lib/money.ts formats it). */
const money = (amount: number, lang: Lang) =>
  new Intl.NumberFormat(lang, {
    style: 'currency',
    currency: 'CNY',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount / 100);

/**
 * Coming back from the cashier is a fresh load of the console (shell, session, lazy page), which on a
 * busy machine takes longer than a click inside it.
 */
const AFTER_CASHIER = { timeout: 20_000 };

/** The table row showing `text` (a store ID, a bill number). */
const rowWith = (page: Page, text: string): Locator => page.getByRole('row').filter({ hasText: text });

/** A merchant registered and signed in through the API in `lang` (no screen opened yet), with an API token for seeding. */
async function signedInMerchant(page: Page, request: Parameters<typeof registerMerchantByApi>[0], lang: Lang) {
  const merchant = await registerMerchantByApi(request);
  const token = await merchantToken(request, merchant.email, merchant.password);
  await useLanguage(page, lang);
  await signInByApi(page, 'merchant', merchant.email, merchant.password, { lang, path: null });
  return { ...merchant, token };
}

/** Pays on the sandbox cashier page the browser is on. */
async function payOnCashier(page: Page, lang: Lang, amount: number) {
  const text = TEXT[lang];
  await expect(page).toHaveURL(/\/cashier\/B\d+\?token=/);
  await expect(page.getByRole('heading', { name: text.cashierTitle })).toBeVisible();
  await expect(page.getByTestId('cashier-amount')).toHaveText(money(amount, lang));
  const billNo = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  return {
    billNo,
    pay: async () => {
      await page.getByRole('button', { name: text.cashierPay }).click();
      await expect(page.getByText(text.paid)).toBeVisible();
    },
  };
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  const text = TEXT[lang];

  test(`[STORES]: creates and pays for a store at the sandbox cashier until it is ready (${lang})`, async ({
    page,
    request,
  }) => {
    // Waits for the background job that provisions a paid store, on top of several pages.
    test.slow();
    const merchant = await signedInMerchant(page, request, lang);
    const version = await versionNamed(request, merchant.token, 'Professional');
    const amount = priceOf(version, 'month', 6);
    const shopId = uniqueShopId('buy');
    const shopName = lang === 'zh-CN' ? `环球好物 ${shopId.slice(-4)}` : `Global Finds ${shopId.slice(-4)}`;

    // Tall enough for the whole dialog in its screenshot (a full-page capture of a scrolled modal paints the fixed header mid-page).
    await page.setViewportSize({ width: 1280, height: 1100 });
    await page.goto('/merchant/store');
    await expect(page).toHaveTitle(text.storesTitle);
    await page.getByRole('button', { name: text.buyButton }).click();
    const dialog = page.getByRole('dialog', { name: text.buyTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(text.shopName, { exact: true }).fill(shopName);
    await dialog.getByLabel(text.shopId, { exact: true }).fill(shopId);
    await dialog.getByLabel(text.contactEmail, { exact: true }).fill(`shop.${shopId}@example.com`);
    await dialog.getByLabel(text.version, { exact: true }).click();
    await chooseOption(page, 'Professional');
    await dialog.getByText(text.monthly, { exact: true }).click();
    await dialog.getByText(text.months(6), { exact: true }).click();
    await dialog.getByText(text.payMethod.alipay, { exact: true }).click();
    await expect(dialog.getByTestId('buy-total')).toHaveText(money(amount, lang));
    await shot(page, `merchant-store-create-${lang}`, { fullPage: false });
    await dialog.getByRole('button', { name: text.goToPayment }).click();

    const cashier = await payOnCashier(page, lang, amount);
    await expect(page.getByText(shopName)).toBeVisible();
    await shot(page, `cashier-${lang}`);
    await cashier.pay();

    // Back on the store list, the initialisation dialog waits for the background job.
    await expect(page).toHaveURL(new RegExp(`/merchant/store\\?init=${shopId}$`));
    const progress = page.getByRole('dialog', { name: text.initTitle });
    await expect(progress).toBeVisible(AFTER_CASHIER);
    await expect(progress.getByText(text.ready)).toBeVisible({ timeout: 35_000 });
    await shot(page, `merchant-store-init-ready-${lang}`);
    // The footer's Close, not the title bar's close icon of the same name.
    await progress.locator('.ant-modal-footer').getByRole('button', { name: text.close }).click();
    await expect(progress).toBeHidden();
    await expect(page).toHaveURL(/\/merchant\/store$/);

    const row = rowWith(page, shopId);
    await expect(row).toContainText(shopName);
    await expect(row).toContainText(text.operating);
    await expect(row).toContainText('Professional');
    await shot(page, `merchant-store-list-${lang}`);

    const bill = await findBill(request, merchant.token, cashier.billNo);
    expect(bill).toMatchObject({ status: 'paid', type: 'new_store', amount, shop_id: shopId });
  });
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  const text = TEXT[lang];

  test(`[STORES]: renews a store for 3 months (${lang})`, async ({ page, request }) => {
    // Waits for the background job that provisions a paid store, on top of several pages.
    test.slow();
    const merchant = await signedInMerchant(page, request, lang);
    const { shop, version } = await createOperatingStore(
      request,
      merchant.token,
      { shop_name: lang === 'zh-CN' ? '续费测试店' : 'Renewal test store', contact_email: merchant.email },
      lang,
    );
    const amount = priceOf(version, 'month', 3);
    const expiresBefore = new Date(shop.expires_at as string);

    await page.goto('/merchant/store');
    const row = rowWith(page, shop.shop_id);
    await expect(row).toContainText(text.operating);
    await row.getByRole('button', { name: text.renew }).click();
    await expect(page).toHaveURL(new RegExp(`/merchant/store/renew\\?shop_id=${shop.shop_id}$`));
    await expect(page).toHaveTitle(text.renewTitle);
    await expect(page.getByText(shop.shop_name, { exact: true })).toBeVisible();

    await page.getByText(text.monthly, { exact: true }).click();
    await page.getByText(text.months(3), { exact: true }).click();
    await page.getByText(text.payMethod.wechat, { exact: true }).click();
    await expect(page.getByTestId('renew-price')).toHaveText(money(amount, lang));
    const newExpiry = (await page.getByTestId('new-expiry').textContent())?.trim() ?? '';
    expect(newExpiry).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await shot(page, `merchant-store-renew-${lang}`);
    await page.getByRole('button', { name: text.goToPayment }).click();

    const cashier = await payOnCashier(page, lang, amount);
    await cashier.pay();
    await expect(page).toHaveURL(new RegExp(`/merchant/bill\\?paid=${cashier.billNo}$`));
    await expect(page).toHaveTitle(text.billsTitle);
    await expect(page.getByText(text.paidMessage(cashier.billNo))).toBeVisible(AFTER_CASHIER);
    const billRow = rowWith(page, cashier.billNo);
    await expect(billRow).toContainText(text.billPaid);
    await expect(billRow).toContainText(text.renewalType);
    await expect(billRow).toContainText(money(amount, lang));
    await shot(page, `merchant-bill-list-${lang}`);

    // The expiry moved by exactly three calendar months, and the list shows the expiry the renewal page promised.
    const renewed = await findShop(request, merchant.token, shop.shop_id);
    expect(renewed.status).toBe('operating');
    expect(renewed.expires_at).toBe(addMonthsUtc(expiresBefore, 3).toISOString());
    await page.goto('/merchant/store');
    await expect(rowWith(page, shop.shop_id)).toContainText(newExpiry);
  });

  test(`[STORES]: exports the store list as CSV and XLSX (${lang})`, async ({ page, request }) => {
    const merchant = await signedInMerchant(page, request, lang);
    const starter = await versionNamed(request, merchant.token, 'Starter');
    const shopId = uniqueShopId('exp');
    await buyStore(
      request,
      merchant.token,
      {
        shop_id: shopId,
        shop_name: lang === 'zh-CN' ? '导出测试店' : 'Export test store',
        contact_email: merchant.email,
        package_id: starter.id,
      },
      lang,
    );

    await page.goto('/merchant/store');
    await expect(rowWith(page, shopId)).toBeVisible();
    const exportButton = page.getByRole('button', { name: text.exportButton });

    await exportButton.click();
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: text.csv }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/^stores-[\w-]+\.csv$/);
    const csvText = fs.readFileSync(await csv.path(), 'utf8');
    expect(csvText.split(/\r?\n/)[0]).toContain(text.shopId);
    expect(csvText).toContain(shopId);
    await expect(page.getByText(text.exported(1))).toBeVisible();

    await exportButton.click();
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: text.xlsx }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/^stores-[\w-]+\.xlsx$/);
    const entries = zipEntries(fs.readFileSync(await xlsx.path()));
    expect([...entries.keys()]).toContain('[Content_Types].xml');
    expect([...entries.values()].some((content) => content.includes(shopId))).toBe(true);
  });
}

test('[STORES]: cancels an unpaid renewal bill after confirming', async ({ page, request }) => {
  // Waits for the background job that provisions a paid store, on top of several pages.
  test.slow();
  const lang = 'zh-CN';
  const text = TEXT[lang];
  const merchant = await signedInMerchant(page, request, lang);
  const { shop } = await createOperatingStore(
    request,
    merchant.token,
    { shop_name: '取消账单测试店', contact_email: merchant.email },
    lang,
  );
  const { bill } = await createRenewalBill(
    request,
    merchant.token,
    shop.shop_id,
    { term_type: 'month', term: 3 },
    lang,
  );

  await page.goto('/merchant/bill');
  const row = rowWith(page, bill.bill_no);
  await expect(row).toContainText(text.billUnpaid);
  await row.getByRole('button', { name: text.cancel }).click();
  const confirmation = page.getByRole('tooltip').filter({ hasText: text.cancelConfirmTitle });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText(bill.bill_no);
  await shot(page, `merchant-bill-cancel-confirm-${lang}`, { fullPage: false });
  await confirmation.getByRole('button', { name: text.cancelConfirmOk }).click();
  await expect(page.getByText(text.billCancelledToast)).toBeVisible();
  await expect(row).toContainText(text.billCancelled);
  await expect(row.getByRole('button', { name: text.cancel })).toHaveCount(0);
  expect((await findBill(request, merchant.token, bill.bill_no)).status).toBe('cancelled');
  expect((await findShop(request, merchant.token, shop.shop_id)).unpaid_bill_no).toBeNull();
});

test('[STORES]: an operator disables a store and the merchant sees it disabled', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Waits for the background job that provisions a paid store, on top of several pages.
  test.slow();
  const lang = 'en-US';
  const text = TEXT[lang];
  const merchant = await signedInMerchant(page, request, lang);
  const { shop } = await createOperatingStore(
    request,
    merchant.token,
    { shop_name: `Disable me ${Date.now().toString(36)}`, contact_email: merchant.email },
    lang,
  );
  await page.goto('/merchant/store');
  await expect(rowWith(page, shop.shop_id)).toContainText(text.operating);

  // The operator works in a browser of their own.
  const operatorContext = await browser.newContext({ baseURL, locale: 'zh-CN' });
  try {
    const admin = await operatorContext.newPage();
    await signInByApi(admin, 'admin', OPERATOR.account, OPERATOR.password, { path: '/admin/store' });
    await expect(admin).toHaveTitle('店铺管理 - Parlour');
    await admin.getByLabel('店铺名称或店铺 ID').fill(shop.shop_id);
    await admin.getByRole('button', { name: /查\s*询/ }).click();
    const row = rowWith(admin, shop.shop_id);
    await expect(row).toContainText('运营中');
    await expect(admin.getByRole('row')).toHaveCount(2);
    await row.getByRole('button', { name: /^禁\s*用$/ }).click();
    const confirmation = admin.getByRole('tooltip').filter({ hasText: `确定禁用店铺“${shop.shop_name}”？` });
    await expect(confirmation).toBeVisible();
    await confirmation.getByLabel('备注').fill('E2E: 违规内容');
    await shot(admin, 'admin-store-disable-confirm-zh-CN', { fullPage: false });
    await confirmation.getByRole('button', { name: /^禁\s*用$/ }).click();
    await expect(admin.getByText('店铺已禁用')).toBeVisible();
    await expect(row).toContainText('已停用');
    await expect(row).toContainText('运营禁用');
    // (antd keeps the faded loading icon in the button, so its accessible name may start with "loading".)
    await expect(row.getByRole('button', { name: /启\s*用$/ })).toBeVisible();
    await shot(admin, 'admin-store-disabled-zh-CN');
  } finally {
    await operatorContext.close();
  }

  // The merchant's list shows it disabled, in the disabled tab too.
  await page.reload();
  const row = rowWith(page, shop.shop_id);
  await expect(row).toContainText(text.disabled);
  await expect(row).toContainText('Disabled by the platform');
  await page.getByRole('tab', { name: /^Disabled \(1\)$/ }).click();
  await expect(rowWith(page, shop.shop_id)).toContainText(text.disabled);
  await expect(page.getByRole('tab', { name: /^Operating \(0\)$/ })).toBeVisible();
  await shot(page, `merchant-store-disabled-${lang}`);
  expect((await findShop(request, merchant.token, shop.shop_id)).status).toBe('disabled');
});

test('[STORES]: the operator store, version and bill pages show the stores and bills (zh-CN)', async ({
  page,
  request,
}) => {
  // Waits for the background job that provisions a paid store, on top of several pages.
  test.slow();
  const merchant = await registerMerchantByApi(request);
  const token = await merchantToken(request, merchant.email, merchant.password);
  const { shop } = await createOperatingStore(
    request,
    token,
    { shop_name: '运营截图店', contact_email: merchant.email },
    'zh-CN',
  );
  await createRenewalBill(request, token, shop.shop_id, { term_type: 'year', term: 1 }, 'zh-CN');

  await useLanguage(page, 'en-US');

  await signInByApi(page, 'admin', OPERATOR.account, OPERATOR.password, { path: '/admin/store' });
  await expect(page).toHaveTitle('店铺管理 - Parlour');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(rowWith(page, shop.shop_id)).toContainText('运营中');
  await expect(rowWith(page, shop.shop_id)).toContainText(merchant.email);
  await shot(page, 'admin-store-list-zh-CN');

  await page.goto('/admin/version');
  await expect(page).toHaveTitle('版本管理 - Parlour');
  for (const name of ['Starter', 'Professional', 'Enterprise']) await expect(rowWith(page, name)).toBeVisible();
  await shot(page, 'admin-version-list-zh-CN');

  await page.goto('/admin/bill');
  await expect(page).toHaveTitle('账单管理 - Parlour');
  const bills = rowWith(page, '运营截图店');
  await expect(bills.filter({ hasText: '新建店铺' })).toContainText('已支付');
  await expect(bills.filter({ hasText: '店铺续费' })).toContainText('待支付');
  await shot(page, 'admin-bill-list-zh-CN');
});
