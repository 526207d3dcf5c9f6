import { OPERATOR, expect, registerMerchantByApi, test, useLanguage, signInByApi } from '../support/fixtures';
import { callApi, merchantToken, operatorToken, uniqueShopId } from '../support/store-api';
import { shot } from '../support/screenshots';

/** Forms say what is possible before they are filled, and take input as people write it. */
test.describe('[FORMS]', () => {
  test('[STORES]: a merchant who had a trial sees it before filling the create-store form, and is led to create and pay (en-US)', async ({
    page,
    request,
  }) => {
    const merchant = await registerMerchantByApi(request);
    const token = await merchantToken(request, merchant.email, merchant.password);
    const shopId = uniqueShopId('trial');
    await callApi(
      request,
      'merchant/parlour/shop/add',
      { shop_name: 'First trial', shop_id: shopId, contact_email: merchant.email, package_id: 1 },
      { token },
    );

    await useLanguage(page, 'en-US');
    await signInByApi(page, 'merchant', merchant.email, merchant.password, { lang: 'en-US', path: '/merchant/store' });
    await expect(page.getByRole('cell', { name: 'First trial' })).toBeVisible();
    await page.getByRole('button', { name: /Create store$/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('alert')).toContainText('You have used your trial');
    await expect(dialog.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
    await dialog.getByLabel('Version').click();
    const professional = page.locator('.ant-select-item-option', { hasText: 'Professional' });
    await expect(professional).toHaveClass(/ant-select-item-option-disabled/);
    await expect(professional).toContainText('You have used your trial');
    await expect(page.locator('.ant-select-item-option', { hasText: 'Enterprise' })).toContainText(
      'No trial for this version',
    );
    await shot(page, 'forms-trial-used-en-US', { fullPage: false });
    await page.keyboard.press('Escape');

    await dialog.getByRole('alert').getByRole('button', { name: 'Create and pay' }).click();
    await expect(page.getByRole('dialog')).toContainText('Create and pay for a store');
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Go to payment' })).toBeEnabled();
  });

  test('[SITE]: the message form takes "+44 7911 123456", stores it as E.164 and the operator reads it back (zh-CN)', async ({
    page,
    request,
  }) => {
    const content = `英国号码 ${Date.now().toString(36)}：想了解企业版。`;
    await useLanguage(page, 'zh-CN');
    await page.goto('/index');
    const form = page.locator('.message-form');
    await form.scrollIntoViewIfNeeded();
    await expect(form.getByText('CN +86')).toBeVisible();
    await form.getByLabel('您的姓名').fill('Amelia');
    await form.getByLabel('联系电话').fill('+44 7911 123456');
    await form.getByLabel('留言内容').fill(content);
    await form.getByRole('button', { name: /提交留言/ }).click();
    await expect(form.getByText('感谢留言，我们已收到')).toBeVisible();

    const adminToken = await operatorToken(request);
    const leads = await callApi<{ list: Array<{ contact: string }>; total: number }>(
      request,
      'admin/cms/message_board/lists',
      { keyword: content },
      { token: adminToken },
    );
    expect(leads.list.map((lead) => lead.contact)).toEqual(['+447911123456']);

    await signInByApi(page, 'admin', OPERATOR.account, OPERATOR.password, { path: '/admin/prospects' });
    const row = page.getByRole('row', { name: /Amelia/ }).first();
    await expect(row).toContainText('+44 7911 123456');
  });
});
