import type { APIRequestContext } from '@playwright/test';
import { expect, merchantPage, registerMerchantByApi, test, uniqueEmail, type Lang } from '../support/fixtures';
import { logoPng, operatorPage } from '../support/operator-api';
import { shot } from '../support/screenshots';
import { callApi, createOperatingStore, merchantToken, operatorToken } from '../support/store-api';

/**
 * Each store's basic config (docs/product-spec.md §2, §3). A merchant edits theirs (a PNG logo
 * uploaded and previewed, a non-image refused by its content) in both languages; an operator edits
 * a store's config from the store list's row action (the system-config group), which the audit log
 * records.
 */

const LANGS = ['zh-CN', 'en-US'] as const;
const TEXT = {
  'zh-CN': {
    siteName: '站点名称',
    description: '站点描述',
    recordNumber: 'ICP 备案号',
    servicePhone: '客服电话',
    logo: '网站 Logo',
    ico: '网站图标（ico）',
    save: /保\s*存/,
    saved: '基础配置已保存',
    formatError: '仅支持 JPG 和 PNG 格式的图片',
    manageDomains: '域名管理',
    required: '请输入站点名称',
    basicConfigAction: '基础配置',
    openStore: '访问店铺',
    servicePhoneFooter: '客服电话：400-820-8820',
    pluginsTitle: '店铺功能',
    notFound: '页面不存在',
    backToFront: '返回店铺首页',
  },
  'en-US': {
    siteName: 'Site name',
    description: 'Description',
    recordNumber: 'ICP record number',
    servicePhone: 'Customer service phone',
    logo: 'Logo',
    ico: 'Icon (ico)',
    save: 'Save',
    saved: 'Basic config saved',
    formatError: 'Only JPG and PNG images are allowed',
    manageDomains: 'Manage domains',
    required: 'Site name is required',
    basicConfigAction: 'Basic config',
    openStore: 'Open the store',
    servicePhoneFooter: 'Customer service: 400-820-8820',
    pluginsTitle: 'Store features',
    notFound: 'Page not found',
    backToFront: 'Back to the store front',
  },
} satisfies Record<Lang, Record<string, string | RegExp>>;

interface ApiSiteConfig {
  shop_id: string;
  domain: string | null;
  site_name: string;
  logo: string;
  ico: string;
  record_number: string;
  service_phone: string;
  description: string;
}

const TWO_BROWSERS = 150_000;

/** A free plugin every store version may take (the operator's catalogue). */
async function freePlugin(request: APIRequestContext) {
  const token = await operatorToken(request);
  const suffix = Date.now().toString(36);
  const types = await callApi<{ list: { id: number }[] }>(request, 'admin/plugin/plugin/type_lists', {}, { token });
  const versions = await callApi<{ list: { id: number }[] }>(
    request,
    'admin/parlour/shop/package_lists',
    {},
    { token },
  );
  const name = { 'zh-CN': `在线客服 ${suffix}`, 'en-US': `Live chat ${suffix}` };
  const plugin = await callApi<{ id: number; code: string }>(
    request,
    'admin/plugin/plugin/add',
    {
      code: `e2e_front_${suffix}`,
      name,
      type_id: types.list[0].id,
      package_ids: versions.list.map((version) => version.id),
      price: 0,
      currency: 'CNY',
      trial_days: 0,
      status: 'listed',
      version: '1.0.0',
      description: {
        'zh-CN': '<p>买家可以实时联系店铺。</p>',
        'en-US': '<p>Buyers talk to the store in real time.</p>',
      },
    },
    { token },
  );
  return { ...plugin, name };
}

for (const lang of LANGS) {
  test(`[STORE CONFIG]: a merchant sets a store's basic config with a PNG logo, and a non-image is refused (${lang})`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(TWO_BROWSERS);
    const text = TEXT[lang];
    const account = await registerMerchantByApi(request, uniqueEmail('config'));
    const token = await merchantToken(request, account.email, account.password);
    const shopName = lang === 'zh-CN' ? '云茶小铺' : 'Cloud Tea Shop';
    const { shop } = await createOperatingStore(request, token, { shop_name: shopName, contact_email: account.email });
    const merchant = await merchantPage(browser, baseURL, lang, account.email, account.password);
    try {
      const page = merchant.page;
      await page.goto('/merchant/setting/index');
      // The only store is chosen into the URL; its defaults and primary domain are shown.
      await expect(page).toHaveURL(new RegExp(`/merchant/setting/index\\?shop_id=${shop.shop_id}$`));
      await expect(page.getByLabel(text.siteName)).toHaveValue(shopName);
      await expect(page.getByTestId('primary-domain')).toHaveText(shop.domain ?? '');
      await expect(page.getByRole('link', { name: text.manageDomains })).toHaveAttribute(
        'href',
        `/merchant/setting/domain?shop_id=${shop.shop_id}`,
      );

      // Required, in the page's language, naming the field.
      await page.getByLabel(text.siteName).fill('');
      await page.getByRole('button', { name: text.save }).click();
      await expect(page.getByText(text.required)).toBeVisible();

      const siteName = `${shopName} ${Date.now().toString(36).slice(-4)}`;
      await page.getByLabel(text.siteName).fill(siteName);
      await page
        .getByLabel(text.description)
        .fill(lang === 'zh-CN' ? '云南普洱，直邮海外。' : 'Pu-erh from Yunnan, shipped abroad.');
      await page.getByLabel(text.recordNumber).fill('沪ICP备2026000002号');
      await page.getByLabel(text.servicePhone).fill('400-820-8820');

      // A text file named .png is refused by its content, with the upload-format error.
      await page
        .locator(`input[type=file][aria-label="${text.ico}"]`)
        .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
      await expect(page.getByText(text.formatError)).toBeVisible();
      await expect(page.locator(`.image-upload__preview img[alt="${text.ico}"]`)).toHaveCount(0);
      // A real PNG is the store's icon.
      await page
        .locator(`input[type=file][aria-label="${text.ico}"]`)
        .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: logoPng(64) });
      const icoPreview = page.locator(`.image-upload__preview img[alt="${text.ico}"]`);
      await expect(icoPreview).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{32}\.png$/);
      const icoUrl = (await icoPreview.getAttribute('src')) ?? '';

      // A real PNG is uploaded, previewed in the field and in the store's header.
      await page
        .locator(`input[type=file][aria-label="${text.logo}"]`)
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
      const fieldPreview = page.locator(`.image-upload__preview img[alt="${text.logo}"]`);
      await expect(fieldPreview).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{32}\.png$/);
      const logoUrl = (await fieldPreview.getAttribute('src')) ?? '';
      const preview = page.getByTestId('site-preview');
      await expect(preview.locator('.site-preview__header img')).toHaveAttribute('src', logoUrl);
      await expect(preview.locator('.site-preview__header')).toContainText(siteName);
      await expect(
        preview.locator('.site-preview__footer').getByRole('link', { name: '沪ICP备2026000002号' }),
      ).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
      await expect(preview.locator('.site-preview__footer')).toContainText('400-820-8820');

      await page.getByRole('button', { name: text.save }).click();
      await expect(page.getByText(text.saved)).toBeVisible();
      await shot(page, `store-config-merchant-${lang}-1440`);

      const saved = await callApi<ApiSiteConfig>(
        request,
        'merchant/parlour/site_config/detail',
        { shop_id: shop.shop_id },
        { token },
      );
      expect(saved).toMatchObject({
        site_name: siteName,
        logo: logoUrl,
        ico: icoUrl,
        record_number: '沪ICP备2026000002号',
        service_phone: '400-820-8820',
      });

      // Kept across a reload, and laid out for a phone.
      await page.setViewportSize({ width: 375, height: 812 });
      await page.reload();
      await expect(page.getByLabel(text.siteName)).toHaveValue(siteName);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(page, `store-config-merchant-${lang}-375`);

      // The store row's "Basic config" action leads here, at a phone's width too.
      await page.goto('/merchant/store');
      await page.getByRole('link', { name: text.basicConfigAction }).first().click();
      await expect(page).toHaveURL(new RegExp(`/merchant/setting/index\\?shop_id=${shop.shop_id}$`));
      await expect(page.getByLabel(text.siteName)).toHaveValue(siteName);

      // A plugin enabled on the store shows on its front page, which serves the saved config.
      const plugin = await freePlugin(request);
      await callApi(
        request,
        'merchant/plugin/shop/add',
        { shop_id: shop.shop_id, plugin_id: plugin.id, pay_method: 'alipay' },
        { token },
      );
      const [front] = await Promise.all([
        page.waitForEvent('popup'),
        page.getByRole('link', { name: text.openStore }).click(),
      ]);
      await front.waitForLoadState();
      expect(new URL(front.url()).host).toBe(`${shop.shop_id}.localhost:${new URL(baseURL ?? '').port}`);
      await expect(front).toHaveTitle(siteName);
      await expect(front.getByRole('heading', { level: 1 })).toHaveText(siteName);
      await expect(front.locator('img.store-logo')).toHaveAttribute('src', logoUrl);
      // The logo is served at the store's own host.
      expect(
        await front
          .locator('img.store-logo')
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      ).toBe(true);
      await expect(front.locator('meta[name="parlour-plugins"]')).toHaveAttribute('content', plugin.code);
      await expect(front.getByRole('heading', { name: text.pluginsTitle })).toBeVisible();
      await expect(front.locator(`[data-parlour-plugin="${plugin.code}"].plugin-slot`)).toContainText(
        plugin.name[lang],
      );
      await expect(front.getByRole('contentinfo')).toContainText(text.servicePhoneFooter);
      await expect(front.getByRole('contentinfo').getByRole('link', { name: '沪ICP备2026000002号' })).toHaveAttribute(
        'href',
        'https://beian.miit.gov.cn/',
      );
      // The icon: the page's <link rel="icon"> names it, and the store's own host serves it as an image, at /favicon.ico too.
      // (Loaded as the page's images are: opening an image as a document would break the console's CSP check with Chromium's viewer styles.)
      await expect(front.locator('link[rel="icon"]')).toHaveAttribute('href', icoUrl);
      const storeOrigin = new URL(front.url()).origin;
      const loadImage = (src: string) =>
        front.evaluate(async (address) => {
          const image = new Image();
          image.src = address;
          await image.decode();
          return image.naturalWidth;
        }, src);
      // A query of its own: the response is this load's, not a cached one's.
      const [iconResponse, iconWidth] = await Promise.all([
        front.waitForResponse(`${storeOrigin}${icoUrl}?load=1`),
        loadImage(`${icoUrl}?load=1`),
      ]);
      expect(iconResponse.status()).toBe(200);
      expect(iconResponse.headers()['content-type']).toMatch(/^image\/png/);
      expect(iconWidth).toBe(64);
      expect(await loadImage('/favicon.ico')).toBe(64);
      const iconTab = await front.context().newPage();
      // A page the store does not have: "page not found" in the visitor's language, back to the front page from there.
      const missing = await iconTab.goto(`${storeOrigin}/products/123`);
      expect(missing?.status()).toBe(404);
      await expect(iconTab.getByRole('heading', { level: 1 })).toHaveText(siteName);
      await expect(iconTab.getByRole('heading', { level: 2 })).toHaveText(text.notFound);
      await expect(iconTab.locator('link[rel="icon"]')).toHaveAttribute('href', icoUrl);
      for (const width of [375, 1440]) {
        await iconTab.setViewportSize({ width, height: width < 768 ? 812 : 900 });
        expect(await iconTab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shot(iconTab, `store-not-found-${lang}-${width}`);
      }
      await iconTab.getByRole('link', { name: text.backToFront }).click();
      await expect(iconTab).toHaveURL(`${storeOrigin}/`);
      await expect(iconTab.getByRole('heading', { level: 1 })).toHaveText(siteName);
      await iconTab.close();
      for (const width of [375, 1440]) {
        await front.setViewportSize({ width, height: width < 768 ? 812 : 900 });
        expect(await front.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shot(front, `store-front-${lang}-${width}`);
      }
    } finally {
      await merchant.close();
    }
  });
}

test('[STORE CONFIG]: an operator edits a store’s basic config from the store list, recorded in the audit log', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(TWO_BROWSERS);
  const account = await registerMerchantByApi(request, uniqueEmail('opconfig'));
  const token = await merchantToken(request, account.email, account.password);
  const { shop } = await createOperatingStore(request, token, {
    shop_name: 'Harbour Goods',
    contact_email: account.email,
  });
  const operator = await operatorPage(browser, baseURL, 'en-US');
  try {
    const page = operator.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/admin/store?keyword=${shop.shop_id}`);
    const row = page.getByRole('row').filter({ hasText: shop.shop_id });
    await row.getByRole('link', { name: /基础配置/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/setting/index\\?shop_id=${shop.shop_id}$`));
    // The operator console is Chinese whatever the browser says.
    await expect(page.getByLabel('站点名称')).toHaveValue('Harbour Goods');
    await expect(page.getByTestId('primary-domain')).toHaveText(shop.domain ?? '');

    const siteName = `Harbour Goods 官方店 ${Date.now().toString(36).slice(-4)}`;
    await page.getByLabel('站点名称').fill(siteName);
    await page.getByLabel('版权信息').fill('© 2026 Harbour Goods Ltd.');
    await page
      .locator('input[type=file][aria-label="网站 Logo"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
    await expect(page.locator('.image-upload__preview img[alt="网站 Logo"]')).toHaveAttribute(
      'src',
      /^\/uploads\/[a-f0-9]{32}\.png$/,
    );
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('基础配置已保存')).toBeVisible();
    await shot(page, 'store-config-operator-zh-CN-1440');

    // The merchant sees the operator's change; the audit log names the operator.
    const seen = await callApi<ApiSiteConfig>(
      request,
      'merchant/parlour/site_config/detail',
      { shop_id: shop.shop_id },
      { token },
    );
    expect(seen.site_name).toBe(siteName);
    const audit = await callApi<{ list: { action: string; target_id: string; admin_account: string }[] }>(
      request,
      'admin/system/audit/lists',
      { action: 'shop.edit_site_config', target_type: 'shop', target_id: shop.shop_id },
      { token: await operatorToken(request) },
    );
    expect(audit.list).toHaveLength(1);
    expect(audit.list[0]).toMatchObject({
      action: 'shop.edit_site_config',
      target_id: shop.shop_id,
      admin_account: 'admin',
    });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(page.getByLabel('站点名称')).toHaveValue(siteName);
    await shot(page, 'store-config-operator-zh-CN-375');
  } finally {
    await operator.close();
  }
});
