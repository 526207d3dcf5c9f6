import type { APIRequestContext } from '@playwright/test';
import { expect, registerMerchantByApi, test, useLanguage, type Lang, signInByApi } from '../support/fixtures';
import { horizontalOverflow, logoPng, money } from '../support/operator-api';
import { callApi, createOperatingStore, findBill, findShop, merchantToken, operatorToken } from '../support/store-api';
import { shot } from '../support/screenshots';

/** The interface texts the tests look for, in each language (from apps/web/src/locales). */
const TEXT = {
  'zh-CN': {
    mine: '我的插件',
    market: '插件市场',
    search: '搜索插件',
    buy: /^购\s*买$/,
    buyTitle: (name: string) => `购买${name}`,
    goToPayment: '去支付',
    alipay: '支付宝',
    cashierPay: /^确认支付/,
    paid: '支付成功',
    paidMessage: (billNo: string) => `支付成功，账单 ${billNo} 的插件已安装并启用`,
    enabled: '已启用',
    disabled: '已停用',
    purchased: '已购买',
    disable: /^停\s*用$/,
    enable: /^启\s*用$/,
    disableTitle: (name: string) => `停用${name}？`,
    enableTitle: (name: string) => `启用${name}？`,
    unavailable: '当前店铺版本不支持',
    availableWith: 'Enterprise 可用。',
    renewInto: '续费升级到更高版本',
    details: /^详\s*情$/,
    detailTitle: '插件详情',
    video: '观看介绍视频',
    billType: '插件',
    store: '店铺',
    shopA: '插件测试店甲',
    shopB: '插件测试店乙',
    reminderTitle: (name: string) => `插件试用即将结束：${name}`,
    reminderLink: '前往「插件 → 插件市场」购买',
    onTrial: '试用中，',
  },
  'en-US': {
    mine: 'My plugins',
    market: 'Market',
    search: 'Search plugins',
    buy: 'Buy',
    buyTitle: (name: string) => `Buy ${name}`,
    goToPayment: 'Go to payment',
    alipay: 'Alipay',
    cashierPay: /^Pay /,
    paid: 'Payment successful',
    paidMessage: (billNo: string) => `Payment received: the plugin of bill ${billNo} is installed and enabled`,
    enabled: 'Enabled',
    disabled: 'Disabled',
    purchased: 'Purchased',
    disable: 'Disable',
    enable: 'Enable',
    disableTitle: (name: string) => `Disable ${name}?`,
    enableTitle: (name: string) => `Enable ${name}?`,
    unavailable: "Not in this store's version",
    availableWith: 'Available with Enterprise.',
    renewInto: 'Renew into a higher version',
    details: 'Details',
    detailTitle: 'Plugin details',
    video: 'Watch the video',
    billType: 'Plugin',
    store: 'Store',
    shopA: 'Plugin test store A',
    shopB: 'Plugin test store B',
    reminderTitle: (name: string) => `Plugin trial ending soon: ${name}`,
    reminderLink: 'buy it under Plugins → Market',
    onTrial: 'On trial until ',
  },
} as const;

/** Coming back from the cashier is a fresh load of the console. */
const AFTER_CASHIER = { timeout: 20_000 };

/** Uploads a PNG as the operator (the upload pipeline the plugin form uses); answers its `/uploads/…` path. */
async function uploadPng(request: APIRequestContext, token: string, size: number) {
  const response = await request.post('/api/v1/admin/common/upload/image', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { lang_code: 'zh-CN', file: { name: 'shot.png', mimeType: 'image/png', buffer: logoPng(size) } },
  });
  const answer = (await response.json()) as { code: number; msg: string; data: { url: string } };
  if (answer.code !== 200) throw new Error(`upload: ${answer.code} ${answer.msg}`);
  return answer.data.url;
}

/**
 * Two plugins for this run, made by the operator through the API (the operator's screens have their
 * own test): a paid one every version may have, with screenshots and a video, and one only
 * Enterprise may have. Codes are unique per run; names carry the code so the market search finds them.
 */
async function seedPlugins(request: APIRequestContext) {
  const token = await operatorToken(request);
  const suffix = Date.now().toString(36);
  const types = await callApi<{ list: { id: number }[] }>(request, 'admin/plugin/plugin/type_lists', {}, { token });
  const allVersions = await callApi<{
    list: { id: number; name: string; prices: { type: string; term: number; amount: number }[] }[];
  }>(request, 'admin/parlour/shop/package_lists', {}, { token });
  const enterprise = allVersions.list.find((version) => version.name === 'Enterprise')!;
  const screenshots = [await uploadPng(request, token, 640), await uploadPng(request, token, 480)];
  const common = {
    icon: await uploadPng(request, token, 96),
    type_id: types.list[0].id,
    currency: 'CNY',
    trial_days: 0,
    status: 'listed',
    version: '1.2.0',
  };
  const paid = await callApi<{ id: number; code: string }>(
    request,
    'admin/plugin/plugin/add',
    {
      ...common,
      code: `e2e_chat_${suffix}`,
      name: { 'zh-CN': `在线客服 ${suffix}`, 'en-US': `Live chat ${suffix}` },
      package_ids: allVersions.list.map((version) => version.id),
      price: 1990,
      description: {
        'zh-CN': '<p>买家可以<strong>实时</strong>联系店铺客服。</p>',
        'en-US': '<p>Buyers can <strong>talk</strong> to the store in real time.</p>',
      },
      changelog: { 'zh-CN': '更快的消息提醒\n支持表情', 'en-US': 'Faster notifications\nEmoji support' },
      screenshots,
      video_url: 'https://video.example.com/live-chat',
    },
    { token },
  );
  const enterpriseOnly = await callApi<{ id: number; code: string }>(
    request,
    'admin/plugin/plugin/add',
    {
      ...common,
      code: `e2e_translate_${suffix}`,
      name: { 'zh-CN': `商品翻译 ${suffix}`, 'en-US': `Product translation ${suffix}` },
      package_ids: [enterprise.id],
      price: 4990,
      description: {
        'zh-CN': '<p>自动翻译商品标题与详情。</p>',
        'en-US': '<p>Translates item titles and details.</p>',
      },
    },
    { token },
  );
  return {
    suffix,
    enterprise: {
      id: enterprise.id,
      monthly: enterprise.prices.find((price) => price.type === 'month' && price.term === 1)!.amount,
    },
    paid: { ...paid, name: { 'zh-CN': `在线客服 ${suffix}`, 'en-US': `Live chat ${suffix}` } },
    enterpriseOnly: {
      ...enterpriseOnly,
      name: { 'zh-CN': `商品翻译 ${suffix}`, 'en-US': `Product translation ${suffix}` },
    },
  };
}

/**
 * A paid plugin with a 1-day trial for every version, and the merchant's store on that trial: the
 * plugin sweep (every minute) reminds the merchant at its next run, the trial ending within 3 days.
 */
async function trialToBeReminded(request: APIRequestContext, merchant: string, shopId: string) {
  const token = await operatorToken(request);
  const suffix = Date.now().toString(36);
  const types = await callApi<{ list: { id: number }[] }>(request, 'admin/plugin/plugin/type_lists', {}, { token });
  const versions = await callApi<{ list: { id: number }[] }>(
    request,
    'admin/parlour/shop/package_lists',
    {},
    { token },
  );
  const name = { 'zh-CN': `会员积分 ${suffix}`, 'en-US': `Loyalty points ${suffix}` };
  const plugin = await callApi<{ id: number; code: string }>(
    request,
    'admin/plugin/plugin/add',
    {
      code: `e2e_points_${suffix}`,
      name,
      icon: await uploadPng(request, token, 96),
      type_id: types.list[0].id,
      package_ids: versions.list.map((version) => version.id),
      price: 2990,
      currency: 'CNY',
      trial_days: 1,
      status: 'listed',
      version: '1.0.0',
      description: { 'zh-CN': '<p>下单累积积分。</p>', 'en-US': '<p>Buyers earn points on orders.</p>' },
    },
    { token },
  );
  await callApi(
    request,
    'merchant/plugin/shop/add',
    { shop_id: shopId, plugin_id: plugin.id, mode: 'trial' },
    { token: merchant },
  );
  return { ...plugin, name };
}

/** The cron sweep runs once a minute: waiting for its notice waits for the next run, however late on a busy machine. */
const SWEEP = { timeout: 180_000, intervals: [2_000] };

const BUY_AND_SWITCH =
  '[PLUGINS]: a merchant picks a store, buys a paid plugin through the sandbox cashier, disables and enables it; ' +
  "another version's plugin says why";

for (const lang of ['zh-CN', 'en-US'] as const satisfies readonly Lang[]) {
  const text = TEXT[lang];

  test(`${BUY_AND_SWITCH} (${lang})`, async ({ page, request }) => {
    test.slow();
    const plugins = await seedPlugins(request);
    const paidName = plugins.paid.name[lang];
    const enterpriseName = plugins.enterpriseOnly.name[lang];
    const merchant = await registerMerchantByApi(request);
    const token = await merchantToken(request, merchant.email, merchant.password);
    const { shop } = await createOperatingStore(
      request,
      token,
      { shop_name: text.shopA, contact_email: merchant.email },
      lang,
    );
    // A second, newer store: the switcher starts on it, and the merchant picks the first.
    await createOperatingStore(request, token, { shop_name: text.shopB, contact_email: merchant.email }, lang);

    await useLanguage(page, lang);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInByApi(page, 'merchant', merchant.email, merchant.password, { lang, path: '/merchant/plugin' });
    await expect(page.getByRole('tab', { name: text.mine })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: text.market }).click();
    await page.getByRole('combobox', { name: text.store }).click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: `${shop.shop_name} (${shop.shop_id})` })
      .click();
    await expect(page).toHaveURL(new RegExp(`tab=market&shop_id=${shop.shop_id}`));
    await page.getByRole('searchbox', { name: text.search }).fill(plugins.suffix);
    await page.getByRole('searchbox', { name: text.search }).press('Enter');
    const card = page.getByTestId(`plugin-card-${plugins.paid.code}`);
    await expect(card).toContainText(money(1990, lang));
    const other = page.getByTestId(`plugin-card-${plugins.enterpriseOnly.code}`);
    await expect(other).toContainText(enterpriseName);
    await expect(other.getByTestId('plugin-state')).toHaveText(text.unavailable);
    await expect(other).toContainText(text.availableWith);
    await expect(other.getByRole('link', { name: text.renewInto })).toHaveAttribute(
      'href',
      `/merchant/store/renew?shop_id=${shop.shop_id}&version=${plugins.enterprise.id}`,
    );
    await expect(other.getByRole('button', { name: text.buy })).toHaveCount(0);
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `plugins-market-${lang}-1440`);

    // The detail: screenshots, the video as a link, description and changelog.
    await card.getByRole('button', { name: text.details }).click();
    const drawer = page.getByRole('dialog', { name: text.detailTitle });
    await expect(drawer.getByRole('heading', { name: paidName })).toBeVisible();
    await expect(drawer.locator('.plugin-carousel img').first()).toBeVisible();
    await expect(drawer.getByRole('link', { name: text.video })).toHaveAttribute(
      'href',
      'https://video.example.com/live-chat',
    );
    await expect(drawer.locator('.plugin-detail__changelog')).toContainText(
      lang === 'zh-CN' ? '支持表情' : 'Emoji support',
    );
    await shot(page, `plugins-detail-${lang}-1440`, { fullPage: false });

    // Buy from the detail: the dialog, Alipay, the cashier, back to the store's plugins.
    await drawer.getByRole('button', { name: text.buy }).click();
    const dialog = page.getByRole('dialog', { name: text.buyTitle(paidName) });
    await expect(dialog.getByTestId('plugin-purchase-price')).toHaveText(money(1990, lang));
    await dialog.getByText(text.alipay, { exact: true }).click();
    await shot(page, `plugins-buy-${lang}-1440`, { fullPage: false });
    await dialog.getByRole('button', { name: text.goToPayment }).click();
    await expect(page).toHaveURL(/\/cashier\/B\d+\?token=/);
    await expect(page.getByTestId('cashier-amount')).toHaveText(money(1990, lang));
    const billNo = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await page.getByRole('button', { name: text.cashierPay }).click();
    await expect(page.getByText(text.paid)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/merchant/plugin\\?tab=mine&shop_id=${shop.shop_id}`), AFTER_CASHIER);
    await expect(page.getByText(text.paidMessage(billNo))).toBeVisible(AFTER_CASHIER);
    const row = page.getByRole('row').filter({ hasText: paidName });
    await expect(row.getByTestId('shop-plugin-status')).toHaveText(text.enabled);
    await expect(row).toContainText(text.purchased);
    await shot(page, `plugins-mine-${lang}-1440`);

    // Disable and enable, each confirmed.
    await row.getByRole('button', { name: text.disable }).click();
    const disableConfirm = page.locator('.ant-popconfirm').filter({ hasText: text.disableTitle(paidName) });
    await expect(disableConfirm).toBeVisible();
    await shot(page, `plugins-disable-confirm-${lang}-1440`, { fullPage: false });
    await disableConfirm.getByRole('button', { name: text.disable }).click();
    await expect(row.getByTestId('shop-plugin-status')).toHaveText(text.disabled);
    await row.getByRole('button', { name: text.enable }).click();
    const enableConfirm = page.locator('.ant-popconfirm').filter({ hasText: text.enableTitle(paidName) });
    await enableConfirm.getByRole('button', { name: text.enable }).click();
    await expect(row.getByTestId('shop-plugin-status')).toHaveText(text.enabled);

    // The market now says it is purchased; the bill list shows a plugin bill naming it.
    await page.getByRole('tab', { name: text.market }).click();
    await page.getByRole('searchbox', { name: text.search }).fill(plugins.suffix);
    await page.getByRole('searchbox', { name: text.search }).press('Enter');
    await expect(card.getByTestId('plugin-state')).toHaveText(text.purchased);
    expect(await findBill(request, token, billNo)).toMatchObject({
      status: 'paid',
      type: 'plugin',
      amount: 1990,
      shop_id: shop.shop_id,
    });
    await page.goto(`/merchant/bill?keyword=${billNo}`);
    const billRow = page.getByRole('row').filter({ hasText: billNo });
    await expect(billRow).toContainText(text.billType);
    await expect(billRow).toContainText(paidName);
    await shot(page, `plugins-bill-${lang}-1440`);

    // Phone width: the market and my plugins as cards, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/merchant/plugin?tab=market&shop_id=${shop.shop_id}&keyword=${plugins.suffix}`);
    await expect(other.getByTestId('plugin-state')).toHaveText(text.unavailable);
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `plugins-market-${lang}-375`);
    await card.getByRole('button', { name: text.details }).click();
    await expect(drawer.getByRole('heading', { name: paidName })).toBeVisible();
    // The drawer has slid in: it covers the whole phone screen.
    await expect.poll(async () => (await drawer.boundingBox())?.x ?? -1).toBeLessThanOrEqual(0);
    await shot(page, `plugins-detail-${lang}-375`, { fullPage: false });
    await page.goto(`/merchant/plugin?shop_id=${shop.shop_id}`);
    await expect(page.getByText(paidName)).toBeVisible();
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `plugins-mine-${lang}-375`);

    // "Renew into a higher version": the renewal opens with Enterprise chosen and priced; paid, the
    // store is on Enterprise and the plugin it lacked can be bought.
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`/merchant/plugin?tab=market&shop_id=${shop.shop_id}&keyword=${plugins.suffix}`);
    await other.getByRole('link', { name: text.renewInto }).click();
    await expect(page).toHaveURL(
      new RegExp(`/merchant/store/renew\\?shop_id=${shop.shop_id}&version=${plugins.enterprise.id}$`),
    );
    await expect(page.getByRole('radio', { name: 'Enterprise' })).toBeChecked();
    await expect(page.getByTestId('renew-version')).toHaveText('Enterprise');
    await expect(page.getByTestId('renew-price')).toHaveText(money(plugins.enterprise.monthly, lang));
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `plugins-renew-upgrade-${lang}-1440`);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `plugins-renew-upgrade-${lang}-375`);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.getByText(text.alipay, { exact: true }).click();
    await page.getByRole('button', { name: text.goToPayment }).click();
    await expect(page).toHaveURL(/\/cashier\/B\d+\?token=/);
    await expect(page.getByTestId('cashier-amount')).toHaveText(money(plugins.enterprise.monthly, lang));
    await page.getByRole('button', { name: text.cashierPay }).click();
    await expect(page.getByText(text.paid)).toBeVisible();
    await expect
      .poll(async () => (await findShop(request, token, shop.shop_id)).package_id, AFTER_CASHIER)
      .toBe(plugins.enterprise.id);
    await page.goto(`/merchant/plugin?tab=market&shop_id=${shop.shop_id}&keyword=${plugins.suffix}`);
    await expect(other.getByRole('button', { name: text.buy })).toBeVisible();
    await expect(other.getByTestId('plugin-state')).toHaveCount(0);
  });

  test(`[PLUGINS]: the trial-ending reminder links to the market for its store, followed inside the console (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const merchant = await registerMerchantByApi(request);
    const token = await merchantToken(request, merchant.email, merchant.password);
    const { shop } = await createOperatingStore(
      request,
      token,
      { shop_name: text.shopA, contact_email: merchant.email },
      lang,
    );
    const plugin = await trialToBeReminded(request, token, shop.shop_id);
    const title = text.reminderTitle(plugin.name[lang]);
    const reminders = async () =>
      (
        await callApi<{ list: { title: string }[] }>(
          request,
          'merchant/cms/notification/unread_lists',
          { limit: 50 },
          { token, lang },
        )
      ).list.filter((notice) => notice.title === title);
    await expect.poll(async () => (await reminders()).length, SWEEP).toBe(1);

    await useLanguage(page, lang);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInByApi(page, 'merchant', merchant.email, merchant.password, { lang, path: '/merchant/store' });
    await page.locator('.announcements-card').getByRole('button', { name: title }).click();
    const notice = page.getByRole('dialog', { name: title });
    const link = notice.getByRole('link', { name: text.reminderLink });
    await expect(link).toHaveAttribute(
      'href',
      `/merchant/plugin?tab=market&shop_id=${shop.shop_id}&keyword=${plugin.code}`,
    );
    await expect(link).not.toHaveAttribute('target', /./);
    await shot(page, `plugins-trial-reminder-${lang}-1440`, { fullPage: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `plugins-trial-reminder-${lang}-375`, { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 1000 });

    // Followed in the app: same tab, no page load (a mark left on the window survives), the market of that store showing the plugin.
    await page.evaluate(() => Object.assign(window, { noticeLinkMark: true }));
    const pagesBefore = page.context().pages().length;
    await link.click();
    await expect(page).toHaveURL(
      new RegExp(`/merchant/plugin\\?tab=market&shop_id=${shop.shop_id}&keyword=${plugin.code}$`),
    );
    expect(await page.evaluate(() => (window as unknown as { noticeLinkMark?: boolean }).noticeLinkMark)).toBe(true);
    expect(page.context().pages().length).toBe(pagesBefore);
    await expect(page.getByRole('dialog', { name: title })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: text.market })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('searchbox', { name: text.search })).toHaveValue(plugin.code);
    const card = page.getByTestId(`plugin-card-${plugin.code}`);
    await expect(card).toContainText(plugin.name[lang]);
    await expect(card.getByTestId('plugin-state')).toContainText(text.onTrial);
    await expect(card.getByRole('button', { name: text.buy })).toBeVisible();
    await shot(page, `plugins-trial-reminder-market-${lang}-1440`);
  });
}
