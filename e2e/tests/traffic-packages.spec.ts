import { SERIAL } from '../playwright.config';
import type { Page } from '@playwright/test';
import { expect, registerMerchantByApi, test, useLanguage, type Lang, signInByApi } from '../support/fixtures';
import { money, operatorPage, tableOverflow } from '../support/operator-api';
import {
  callApi,
  createOperatingStore,
  findBill,
  merchantToken,
  operatorToken,
  payAtCashier,
} from '../support/store-api';
import { setWidth, shot } from '../support/screenshots';
import { chooseOption } from '../support/antd-select';

/** The interface texts the tests look for, in each language (from apps/web/src/locales). */
const TEXT = {
  'zh-CN': {
    packagesTab: '流量包管理',
    myPackages: /^我的流量包/,
    shopPackages: /^店铺流量包/,
    emptyGeneral: /还没有通用流量包/,
    buy: '购买流量包',
    buyTitle: '购买流量包',
    goToPayment: '去支付',
    shop: '适用店铺',
    alipay: '支付宝',
    cashierPay: /^确认支付/,
    paid: '支付成功',
    active: '生效中',
    remainingOf: (used: string, total: string) => `已用 ${used} / 共 ${total}`,
    paidMessage: (billNo: string) => `支付成功，账单 ${billNo} 的流量包已生效`,
    forShop: (label: string) => `适用店铺：${label}`,
    storeName: '流量测试店',
  },
  'en-US': {
    packagesTab: 'Packages',
    myPackages: /^My packages/,
    shopPackages: /^Shop packages/,
    emptyGeneral: /No general packages yet/,
    buy: 'Buy package',
    buyTitle: 'Buy a traffic package',
    goToPayment: 'Go to payment',
    shop: 'Store',
    alipay: 'Alipay',
    cashierPay: /^Pay /,
    paid: 'Payment successful',
    active: 'Active',
    remainingOf: (used: string, total: string) => `${used} of ${total} used`,
    paidMessage: (billNo: string) => `Payment received: the package of bill ${billNo} is active`,
    forShop: (label: string) => `For store: ${label}`,
    storeName: 'Traffic test store',
  },
} as const;

interface ApiPlan {
  id: number;
  name: string;
  units: number;
  valid_days: number;
  is_general: boolean;
  price: number;
  original_price: number;
  status: string;
}

/** Coming back from the cashier is a fresh load of the console. */
const AFTER_CASHIER = { timeout: 20_000 };

/** Plans on sale, named in `lang` (operator-written texts follow the reader's language). */
async function plansOnSale(request: Parameters<typeof callApi>[0], token: string, lang: Lang = 'en-US') {
  return (await callApi<{ list: ApiPlan[] }>(request, 'merchant/open/merchant_data/plan_list', {}, { token, lang }))
    .list;
}

/** Chooses a plan in the buy dialog, a store when asked, Alipay, and goes to the cashier; answers the bill number there. */
async function buyThroughDialog(page: Page, lang: Lang, plan: ApiPlan, shopLabel?: string) {
  const text = TEXT[lang];
  await page.getByRole('button', { name: text.buy }).first().click();
  const dialog = page.getByRole('dialog', { name: text.buyTitle });
  await expect(dialog).toBeVisible();
  const choice = dialog.getByTestId(`plan-${plan.id}`);
  await expect(choice).toContainText(money(plan.price, lang));
  await expect(choice).toContainText(money(plan.original_price, lang));
  await choice.click();
  if (shopLabel) {
    const combobox = dialog.getByLabel(text.shop, { exact: true });
    await combobox.click();
    await chooseOption(page, shopLabel, { combobox });
  }
  await dialog.getByText(text.alipay, { exact: true }).click();
  await expect(dialog.getByTestId('package-total')).toHaveText(money(plan.price, lang));
  return dialog;
}

async function payOnCashier(page: Page, lang: Lang, amount: number) {
  const text = TEXT[lang];
  await expect(page).toHaveURL(/\/cashier\/B\d+\?token=/);
  await expect(page.getByTestId('cashier-amount')).toHaveText(money(amount, lang));
  const billNo = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await page.getByRole('button', { name: text.cashierPay }).click();
  await expect(page.getByText(text.paid)).toBeVisible();
  return billNo;
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  const text = TEXT[lang];

  test(`[PACKAGES]: buys a general package and a shop package through the sandbox cashier and sees them active (${lang})`, async ({
    page,
    request,
  }) => {
    test.slow();
    const merchant = await registerMerchantByApi(request);
    const token = await merchantToken(request, merchant.email, merchant.password);
    const { shop } = await createOperatingStore(
      request,
      token,
      { shop_name: text.storeName, contact_email: merchant.email },
      lang,
    );
    const standardId = (await plansOnSale(request, token, 'zh-CN')).find((plan) => plan.name === '标准包')!.id;
    const plans = await plansOnSale(request, token, lang);
    const general = plans.find((plan) => plan.id === standardId)!;
    const forStore = plans.find((plan) => !plan.is_general)!;

    await useLanguage(page, lang);
    await page.setViewportSize({ width: 1280, height: 1000 });
    await signInByApi(page, 'merchant', merchant.email, merchant.password, {
      lang,
      path: '/merchant/traffic?tab=packages',
    });
    await expect(page.getByRole('tab', { name: text.packagesTab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(text.emptyGeneral)).toBeVisible();
    await shot(page, `traffic-packages-empty-${lang}`);

    // A general package: the dialog, the cashier, back to the packages tab with the package active.
    const dialog = await buyThroughDialog(page, lang, general);
    await shot(page, `traffic-packages-buy-${lang}`, { fullPage: false });
    await dialog.getByRole('button', { name: text.goToPayment }).click();
    const generalBill = await payOnCashier(page, lang, general.price);
    await expect(page).toHaveURL(/\/merchant\/traffic\?tab=packages/, AFTER_CASHIER);
    await expect(page.getByText(text.paidMessage(generalBill))).toBeVisible(AFTER_CASHIER);
    const card = page.getByRole('row').filter({ hasText: general.name });
    await expect(card).toContainText(text.active);
    await expect(card.getByTestId('package-remaining')).toHaveText(general.units.toLocaleString(lang));
    await expect(card).toContainText(text.remainingOf('0', general.units.toLocaleString(lang)));
    await expect(card.getByRole('link', { name: new RegExp(generalBill) })).toHaveAttribute(
      'href',
      `/merchant/bill?keyword=${generalBill}`,
    );
    await shot(page, `traffic-packages-general-${lang}`);
    expect(await findBill(request, token, generalBill)).toMatchObject({
      status: 'paid',
      type: 'traffic_package',
      amount: general.price,
      shop_id: null,
    });

    // A shop package for the store, bought from "My packages", where a merchant stands after the first purchase.
    const storeDialog = await buyThroughDialog(page, lang, forStore, `${shop.shop_name} (${shop.shop_id})`);
    await shot(page, `traffic-packages-buy-store-${lang}`, { fullPage: false });
    await storeDialog.getByRole('button', { name: text.goToPayment }).click();
    const storeBill = await payOnCashier(page, lang, forStore.price);
    await expect(page).toHaveURL(/\/merchant\/traffic\?tab=packages/, AFTER_CASHIER);
    await expect(page.getByText(text.paidMessage(storeBill))).toBeVisible(AFTER_CASHIER);
    // Back from the cashier on the tab that holds the package (returnPath in cashier.service.ts),
    // not on an empty "My packages".
    await expect(page).toHaveURL(new RegExp(`kind=store&shop_id=${shop.shop_id}`));
    await expect(page.locator('.ant-segmented-item-selected')).toHaveText(text.shopPackages);
    const storeCard = page.getByRole('row').filter({ hasText: forStore.name });
    await expect(storeCard).toContainText(text.active);
    await expect(storeCard).toContainText(text.forShop(`${shop.shop_name} (${shop.shop_id})`));
    await expect(storeCard.getByTestId('package-remaining')).toHaveText(forStore.units.toLocaleString(lang));
    await shot(page, `traffic-packages-store-${lang}`);
    await setWidth(page, 375);
    await expect(page.locator('.ant-segmented-item-selected')).toHaveText(text.shopPackages);
    await expect(page.getByText(forStore.name).first()).toBeVisible();
    await shot(page, `traffic-packages-store-${lang}-375`);
    expect(await findBill(request, token, storeBill)).toMatchObject({
      status: 'paid',
      type: 'traffic_package',
      amount: forStore.price,
      shop_id: shop.shop_id,
    });
  });
}

test(
  '[PACKAGES]: the operator creates a plan and disables one; merchants are offered only enabled plans',
  { tag: SERIAL },
  async ({ browser, baseURL, request }) => {
    // Two lists, a plan's life and a package paid at the cashier: more than one minute's work on a loaded machine.
    test.slow();
    const operator = await operatorPage(browser, baseURL);
    const page = operator.page;
    const planName = `冲量包${Date.now().toString(36).slice(-4)}`;
    try {
      await page.setViewportSize({ width: 1400, height: 1000 });
      await page.goto('/admin/traffic?tab=plans');
      await expect(page.getByRole('tab', { name: '流量包套餐' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('row').filter({ hasText: '标准包' })).toBeVisible();
      await shot(page, 'admin-traffic-plans');

      await page.getByRole('button', { name: '新增套餐' }).click();
      const dialog = page.getByRole('dialog', { name: '新增流量包套餐' });
      await dialog.getByLabel('售价（元）').fill('59');
      await dialog.getByLabel('原价（元）').fill('49');
      await dialog.getByRole('button', { name: /^创\s*建$/ }).click();
      await expect(dialog.getByText('请输入套餐名称')).toBeVisible();
      await expect(dialog.getByText('售价不能高于原价')).toBeVisible();
      await shot(page, 'admin-traffic-plan-invalid', { fullPage: false });
      await dialog.getByLabel('套餐名称 (中文)').fill(planName);
      await dialog.getByLabel('流量（次）').fill('5000');
      await dialog.getByLabel('有效天数').fill('60');
      await dialog.getByLabel('原价（元）').fill('79');
      await dialog.getByLabel('API 用途说明 (中文)').fill('商品详情每次 1 单位');
      await dialog.getByRole('button', { name: /^创\s*建$/ }).click();
      await expect(dialog).toBeHidden();
      const row = page.getByRole('row').filter({ hasText: planName });
      await expect(row).toContainText('5,000');
      await expect(row).toContainText(money(5900, 'zh-CN'));
      await expect(row).toContainText(money(7900, 'zh-CN'));

      const merchant = await registerMerchantByApi(request);
      const { userinfo } = await callApi<{ userinfo: { id: number; token: string } }>(
        request,
        'merchant/member/user/login',
        { account: merchant.email, password: merchant.password },
      );
      const token = userinfo.token;
      expect((await plansOnSale(request, token)).map((plan) => plan.name)).toContain(planName);

      // Disable it: no longer offered.
      await row.getByRole('switch').click();
      // The confirmation's own button: the create dialog's OK button may still be fading out.
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /^确\s*定$/ })
        .click();
      await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
      await shot(page, 'admin-traffic-plans-disabled');
      expect((await plansOnSale(request, token)).map((plan) => plan.name)).not.toContain(planName);

      // The merchant's package (bought before the plan was disabled) shows on the purchased packages tab.
      const order = await callApi<{ bill: { bill_no: string }; payment: { pay_url: string } }>(
        request,
        'merchant/open/order/createPackageOrder',
        { plan_id: (await plansOnSale(request, token)).find((plan) => plan.is_general)!.id, pay_method: 'wechat' },
        { token },
      );
      await payAtCashier(request, order.payment.pay_url);
      // The whole list, bill column included, fits a 1366 px screen.
      await page.setViewportSize({ width: 1366, height: 1000 });
      await page.goto('/admin/traffic?tab=packages');
      await expect(page.getByRole('tab', { name: '已购流量包' })).toHaveAttribute('aria-selected', 'true');
      await page.getByPlaceholder('商户 ID').fill(String(userinfo.id));
      await page.getByRole('button', { name: /搜\s*索/ }).click();
      const bought = page.getByRole('row').filter({ hasText: order.bill.bill_no });
      await expect(bought).toContainText(merchant.email);
      await expect(bought).toContainText('生效中');
      await expect.poll(() => tableOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, 'admin-traffic-purchased-packages');
    } finally {
      await operator.close();
      // Leave the catalogue as seeded for the other tests: the new plan stays disabled.
      const adminToken = await operatorToken(request);
      const { list } = await callApi<{ list: ApiPlan[] }>(
        request,
        'admin/open/plan/lists',
        { keyword: planName },
        { token: adminToken },
      );
      for (const plan of list)
        if (plan.status !== 'disabled')
          await callApi(
            request,
            'admin/open/plan/up_status',
            { id: plan.id, status: 'disabled' },
            { token: adminToken },
          );
    }
  },
);
