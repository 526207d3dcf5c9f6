import { SERIAL } from '../playwright.config';
import type { APIRequestContext } from '@playwright/test';
import { expect, registerMerchantByApi, test, useLanguage, signInByApi } from '../support/fixtures';
import { operatorPage } from '../support/operator-api';
import { callApi, createOperatingStore, merchantToken, operatorToken } from '../support/store-api';
import { shot } from '../support/screenshots';

/** The interface texts the tests look for, in each language (from apps/web/src/locales). */
const TEXT = {
  'zh-CN': {
    keysTab: 'API 密钥',
    callable: '可调用',
    copyLabel: (name: string) => `复制 ${name} 的 API 密钥`,
    copied: (name: string) => `已复制 ${name} 的 API 密钥`,
    rotateLabel: (name: string) => `重置 ${name} 的 API 密钥`,
    rotateOk: /^重\s*置$/,
    newKeyTitle: (name: string) => `${name} 的新 API 密钥`,
    usage: '调用开放接口',
    storeName: '开放接口测试店',
    close: /^关\s*闭$/,
  },
  'en-US': {
    keysTab: 'API keys',
    callable: 'Can call',
    copyLabel: (name: string) => `Copy the API key of ${name}`,
    copied: (name: string) => `API key of ${name} copied`,
    rotateLabel: (name: string) => `Rotate the API key of ${name}`,
    rotateOk: /^Rotate$/,
    newKeyTitle: (name: string) => `New API key of ${name}`,
    usage: 'Calling the Open API',
    storeName: 'Open API test store',
    close: /^Close$/,
  },
} as const;

/** One Open API call with a store API key; answers the envelope. */
async function openCall(request: APIRequestContext, route: string, body: Record<string, unknown>, key: string) {
  const response = await request.post(`/open/v1/${route}`, { data: body, headers: { 'x-api-key': key } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { code: number; msg: string; data: unknown };
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  const text = TEXT[lang];

  test(`[OPEN API]: a merchant copies a store's API key, calls with it and rotates it; the old key stops at once (${lang})`, async ({
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

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await useLanguage(page, lang);
    await page.setViewportSize({ width: 1280, height: 1000 });
    await signInByApi(page, 'merchant', merchant.email, merchant.password, {
      lang,
      path: '/merchant/traffic?tab=keys',
    });
    await expect(page.getByRole('tab', { name: text.keysTab })).toHaveAttribute('aria-selected', 'true');
    const row = page.getByRole('row').filter({ hasText: shop.shop_id });
    await expect(row).toContainText(text.callable);
    const masked = (await row.locator('code').textContent()) ?? '';
    expect(masked).toMatch(/^pk_live_•{8}.{4}$/);
    await expect(page.getByText(text.usage)).toBeVisible();
    await shot(page, `open-api-keys-${lang}`);

    // Copy: the whole key lands on the clipboard and matches the masked one.
    await row.getByRole('button', { name: text.copyLabel(shop.shop_name) }).click();
    await expect(page.getByText(text.copied(shop.shop_name))).toBeVisible();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^pk_live_[A-Za-z0-9_-]{43}$/);
    expect(key.slice(-4)).toBe(masked.slice(-4));
    // The key works: no package yet, so the call is answered "quota exhausted" (not "invalid key").
    expect((await openCall(request, 'taobao/item_get', { num_iid: '520813250866' }, key)).code).toBe(13006);

    // Rotate with confirmation: the new key is shown once, the old one is refused at once.
    await row.getByRole('button', { name: text.rotateLabel(shop.shop_name) }).click();
    await shot(page, `open-api-rotate-confirm-${lang}`, { fullPage: false });
    await page.locator('.ant-popconfirm').getByRole('button', { name: text.rotateOk }).click();
    const dialog = page.getByRole('dialog', { name: text.newKeyTitle(shop.shop_name) });
    await expect(dialog).toBeVisible();
    const newKey = ((await dialog.locator('code').textContent()) ?? '').trim();
    expect(newKey).toMatch(/^pk_live_/);
    expect(newKey).not.toBe(key);
    await shot(page, `open-api-rotated-${lang}`, { fullPage: false });
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: text.close }).click();
    await expect(row.locator('code')).toHaveText(new RegExp(`${newKey.slice(-4).replace(/[-]/g, '\\-')}$`));
    expect((await openCall(request, 'taobao/item_get', { num_iid: '1' }, key)).code).toBe(13001);
    expect((await openCall(request, 'taobao/item_get', { num_iid: '1' }, newKey)).code).toBe(13006);
  });
}

test(
  '[OPEN API]: the operator switches a platform off and adds an API to the catalogue',
  { tag: SERIAL },
  async ({ browser, baseURL, request }) => {
    test.slow();
    // A store that can call, to see the operator's changes from the outside.
    const merchant = await registerMerchantByApi(request);
    const token = await merchantToken(request, merchant.email, merchant.password);
    const { shop } = await createOperatingStore(request, token, {
      shop_name: '核心数据测试店',
      contact_email: merchant.email,
    });
    const key = (
      await callApi<{ key: string }>(request, 'merchant/open/shop_key/reveal', { shop_id: shop.shop_id }, { token })
    ).key;
    const apiCode = `item_e2e_${Date.now().toString(36).slice(-5)}`;

    const operator = await operatorPage(browser, baseURL);
    const page = operator.page;
    try {
      await page.setViewportSize({ width: 1400, height: 1000 });
      await page.goto('/admin/traffic?tab=core');
      await expect(page.getByRole('tab', { name: '核心数据' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText('数据服务商配置')).toBeVisible();
      // The provider form above the table has loaded: its skeleton giving way later would move the switch and its
      // confirmation under the click (seen once: the click on 确定 missed and the switch stayed on).
      await expect(page.getByRole('radio', { name: '沙箱' })).toBeAttached();
      const weidian = page.getByRole('row').filter({ hasText: 'micro_store' });
      await expect(weidian).toContainText('2 / 2 个启用');
      await shot(page, 'admin-core-data');

      // Switch Weidian off (with confirmation): calls on it are rejected.
      await weidian.getByRole('switch').click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /^确\s*定$/ })
        .click();
      await expect(weidian.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
      expect((await openCall(request, 'micro_store/item_get', { num_iid: '1' }, key)).code).toBe(13003);
      await shot(page, 'admin-core-data-disabled');

      // Add an API: the form names the missing fields first.
      await page.getByRole('button', { name: '添加接口' }).click();
      const dialog = page.getByRole('dialog', { name: '添加接口' });
      await dialog.getByLabel('接口编码').fill('Bad-Code');
      await dialog.getByRole('button', { name: /^创\s*建$/ }).click();
      await expect(
        dialog.getByText('接口编码须以小写字母开头，只含小写字母、数字和下划线，最多 40 个字符'),
      ).toBeVisible();
      await expect(dialog.getByText('请输入接口名称')).toBeVisible();
      await shot(page, 'admin-core-data-api-invalid', { fullPage: false });
      await dialog.getByLabel('接口编码').fill(apiCode);
      await dialog.getByLabel('接口名称').fill('E2E 商品详情');
      await dialog.getByLabel('单次消耗').fill('3');
      await dialog.getByRole('button', { name: /^创\s*建$/ }).click();
      await expect(dialog).toBeHidden();
      await page.getByPlaceholder('搜索接口编码或名称').fill(apiCode);
      await page.getByPlaceholder('搜索接口编码或名称').press('Enter');
      const apiRow = page.getByRole('row').filter({ hasText: apiCode });
      await expect(apiRow).toContainText('3 单位');
      await expect(apiRow).toContainText('淘宝');
      await shot(page, 'admin-core-data-api-added');
      // The new API is in the catalogue: a call passes the catalogue and meets the store's empty quota.
      expect((await openCall(request, `taobao/${apiCode}`, {}, key)).code).toBe(13006);
    } finally {
      await operator.close();
      // Leave the catalogue as seeded for the other tests: Weidian on, the new API off.
      const adminToken = await operatorToken(request);
      const { list: sources } = await callApi<{ list: Array<{ id: number; platform: string }> }>(
        request,
        'admin/open/core_data/list',
        {},
        { token: adminToken },
      );
      const source = sources.find((entry) => entry.platform === 'micro_store');
      if (source)
        await callApi(
          request,
          'admin/open/core_data/enable',
          { id: source.id, is_enabled: true },
          { token: adminToken },
        );
      const { list: apis } = await callApi<{ list: Array<Record<string, unknown>> }>(
        request,
        'admin/open/core_data/api_list',
        { keyword: apiCode },
        { token: adminToken },
      );
      for (const api of apis)
        await callApi(request, 'admin/open/core_data/api_edit', { ...api, is_enabled: false }, { token: adminToken });
    }
  },
);
