import type { Page } from '@playwright/test';
import {
  PASSWORD,
  expect,
  latestCode,
  registerMerchantByApi,
  test,
  uniqueEmail,
  useLanguage,
  signInByApi,
} from '../support/fixtures';
import { callApi, merchantToken, operatorToken, uniqueShopId } from '../support/store-api';
import { chooseOption } from '../support/antd-select';

/**
 * Double clicks on the forms that create something a merchant pays for or an operator reads (issue
 * 11): each makes one record and shows no error. The console sends one Idempotency-Key per
 * submission and the server runs a key once.
 */

/** Error toasts the request layer shows (antd message). */
const errorToasts = (page: Page) => page.locator('.ant-message-notice .ant-message-error');

async function expectNoErrorToast(page: Page) {
  // Every answer in, a late second one included: its toast, if there were one, is on the page.
  await page.waitForLoadState('networkidle');
  await expect(errorToasts(page)).toHaveCount(0);
}

interface Listed<T> {
  list: T[];
  total: number;
}

test.describe('[SAFE SUBMIT]', () => {
  test('[SAFE SUBMIT]: a double click on Sign up creates the account once and signs in without an error (en-US)', async ({
    page,
    request,
  }) => {
    await useLanguage(page, 'en-US');
    const email = uniqueEmail('dbl-reg');
    await page.goto('/register');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = await latestCode(request, email);
    await page.getByLabel('Verification code', { exact: true }).fill(code);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign up', exact: true }).dblclick();
    await expect(page).toHaveURL(/\/platform$/);
    await expectNoErrorToast(page);
    // The account exists once and its password works.
    expect(await merchantToken(request, email, PASSWORD)).toBeTruthy();
  });

  test('[SAFE SUBMIT]: a double click on "Go to payment" makes one store and one bill and opens the cashier (zh-CN)', async ({
    page,
    request,
  }) => {
    const merchant = await registerMerchantByApi(request);
    const token = await merchantToken(request, merchant.email, merchant.password);
    await useLanguage(page, 'zh-CN');
    const shopId = uniqueShopId('dbl');
    await page.setViewportSize({ width: 1280, height: 1100 });
    await signInByApi(page, 'merchant', merchant.email, merchant.password, { path: '/merchant/store' });
    await page.getByRole('button', { name: '创建并支付' }).click();
    const dialog = page.getByRole('dialog', { name: '创建并支付店铺' });
    await dialog.getByLabel('店铺名称', { exact: true }).fill(`双击 ${shopId.slice(-4)}`);
    await dialog.getByLabel('店铺 ID', { exact: true }).fill(shopId);
    await dialog.getByLabel('联系邮箱', { exact: true }).fill(`shop.${shopId}@example.com`);
    await dialog.getByLabel('店铺版本', { exact: true }).click();
    await chooseOption(page, 'Professional');
    await expect(dialog.getByTestId('buy-total')).not.toHaveText('—');
    await dialog.getByText('支付宝', { exact: true }).click();
    await dialog.getByRole('button', { name: '去支付' }).dblclick();
    await expect(page).toHaveURL(/\/cashier\/B\d+\?token=/);
    await expectNoErrorToast(page);
    const shops = await callApi<Listed<{ shop_id: string }>>(request, 'merchant/parlour/shop/lists', {}, { token });
    expect(shops.list.map((shop) => shop.shop_id)).toEqual([shopId]);
    const bills = await callApi<Listed<{ shop_id: string }>>(request, 'merchant/order/order/lists', {}, { token });
    expect(bills.total).toBe(1);

    // A double click on the cashier's Pay: paid once, the success page, no "already paid" toast.
    await page.getByRole('button', { name: /^确认支付/ }).dblclick();
    await expect(page.getByText('支付成功')).toBeVisible();
    await expectNoErrorToast(page);
    const paid = await callApi<Listed<{ status: string }>>(request, 'merchant/order/order/lists', {}, { token });
    expect(paid.list.map((bill) => bill.status)).toEqual(['paid']);
  });

  test('[SAFE SUBMIT]: a double click on "Go to payment" for a traffic package makes one unpaid bill (en-US)', async ({
    page,
    request,
  }) => {
    const merchant = await registerMerchantByApi(request);
    const token = await merchantToken(request, merchant.email, merchant.password);
    const plans = await callApi<{ list: Array<{ id: number; is_general: boolean }> }>(
      request,
      'merchant/open/merchant_data/plan_list',
      {},
      { token },
    );
    const general = plans.list.find((plan) => plan.is_general)!;
    const billsBefore = (await callApi<Listed<unknown>>(request, 'merchant/order/order/lists', {}, { token })).total;
    await useLanguage(page, 'en-US');
    await signInByApi(page, 'merchant', merchant.email, merchant.password, {
      lang: 'en-US',
      path: '/merchant/traffic?tab=packages',
    });
    await page.getByRole('button', { name: 'Buy package' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Buy a traffic package' });
    await dialog.getByTestId(`plan-${general.id}`).click();
    await dialog.getByText('Alipay', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Go to payment' }).dblclick();
    await expect(page).toHaveURL(/\/cashier\/B\d+\?token=/);
    await expectNoErrorToast(page);
    const bills = await callApi<Listed<{ type: string; status: string }>>(
      request,
      'merchant/order/order/lists',
      {},
      { token },
    );
    expect(bills.total).toBe(billsBefore + 1);
    expect(bills.list.filter((bill) => bill.type === 'traffic_package')).toHaveLength(1);
  });

  test('[SAFE SUBMIT]: a double click on the home page message form leaves one lead (zh-CN)', async ({
    page,
    request,
  }) => {
    const content = `双击测试 ${Date.now().toString(36)}：想了解企业版。`;
    await useLanguage(page, 'zh-CN');
    await page.goto('/index');
    const form = page.locator('.message-form');
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel('您的姓名').fill('双击访客');
    await form.getByLabel('联系电话').fill('13800138000');
    await form.getByLabel('留言内容').fill(content);
    await form.getByRole('button', { name: /提交留言/ }).dblclick();
    await expect(form.getByText('感谢留言，我们已收到')).toBeVisible();
    await expectNoErrorToast(page);
    const adminToken = await operatorToken(request);
    const leads = await callApi<Listed<{ content: string }>>(
      request,
      'admin/cms/message_board/lists',
      { keyword: content },
      { token: adminToken },
    );
    expect(leads.total).toBe(1);
  });
});
