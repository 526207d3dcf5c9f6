import { SERIAL } from '../playwright.config';
import type { APIRequestContext } from '@playwright/test';
import { expect, registerMerchantByApi, test, useLanguage, signInByApi } from '../support/fixtures';
import { operatorPage, tableOverflow } from '../support/operator-api';
import { callApi, createOperatingStore, merchantToken, payAtCashier } from '../support/store-api';
import { setWidth, shot } from '../support/screenshots';
import { chooseOption } from '../support/antd-select';

/** The interface texts the tests look for, in each language (from apps/web/src/locales). */
const TEXT = {
  'zh-CN': {
    dashboardTab: '概览',
    logsTab: '日志',
    statisticsTab: '统计',
    storeName: '报表测试店',
    calls: '调用次数',
    unitsLeft: '剩余流量',
    platform: '平台',
    status: '状态',
    jd: '京东',
    taobao: '淘宝',
    quotaExhausted: '额度不足',
    quotaReason: '流量包额度不足',
    success: '成功',
    detailOf: /^查看调用 \d+ 的详情$/,
    detailTitle: '调用详情',
    requestParams: '请求参数',
    upstreamError: '上游错误',
    total: (count: number) => `共 ${count} 条`,
    perApi: '接口统计',
    itemGet: '商品详情',
  },
  'en-US': {
    dashboardTab: 'Dashboard',
    logsTab: 'Logs',
    statisticsTab: 'Statistics',
    storeName: 'Report test store',
    calls: 'Calls',
    unitsLeft: 'Units left',
    platform: 'Platform',
    status: 'Status',
    jd: 'JD',
    taobao: 'Taobao',
    quotaExhausted: 'Quota exhausted',
    quotaReason: 'No units left in any package',
    success: 'Success',
    detailOf: /^Details of call \d+$/,
    detailTitle: 'Call details',
    requestParams: 'Request parameters',
    upstreamError: 'Upstream error',
    total: (count: number) => (count === 1 ? '1 call' : `${count} calls`),
    perApi: 'Statistics per API',
    itemGet: 'Item details',
  },
} as const;

/** One Open API call with a store API key; answers the envelope's code. */
async function openCall(request: APIRequestContext, route: string, body: Record<string, unknown>, key: string) {
  const response = await request.post(`/open/v1/${route}`, { data: body, headers: { 'x-api-key': key } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { code: number }).code;
}

/**
 * A merchant with an operating store and real calls made with the store's key: one JD call before
 * any package (quota exhausted, not charged), then a general package bought and paid through the
 * sandbox cashier, then 3 taobao item_get (1 unit each) and 1 taobao item_search (2 units).
 */
async function merchantWithTraffic(request: APIRequestContext, lang: 'zh-CN' | 'en-US') {
  const merchant = await registerMerchantByApi(request);
  const token = await merchantToken(request, merchant.email, merchant.password);
  const { shop } = await createOperatingStore(
    request,
    token,
    { shop_name: TEXT[lang].storeName, contact_email: merchant.email },
    lang,
  );
  const key = (
    await callApi<{ key: string }>(request, 'merchant/open/shop_key/reveal', { shop_id: shop.shop_id }, { token })
  ).key;
  // No package yet: a JD call is logged as quota exhausted and not charged.
  expect(await openCall(request, 'jd/item_get', { num_iid: '100012043978' }, key)).toBe(13006);
  const plans = await callApi<{ list: Array<{ id: number; is_general: boolean; units: number; name: string }> }>(
    request,
    'merchant/open/merchant_data/plan_list',
    {},
    { token, lang },
  );
  const plan = plans.list.find((entry) => entry.is_general)!;
  const order = await callApi<{ payment: { pay_url: string } }>(
    request,
    'merchant/open/order/createPackageOrder',
    { plan_id: plan.id, pay_method: 'alipay' },
    { token },
  );
  await payAtCashier(request, order.payment.pay_url);
  for (const numIid of ['610947572360', '610947572361', '610947572362'])
    expect(await openCall(request, 'taobao/item_get', { num_iid: numIid }, key)).toBe(200);
  expect(await openCall(request, 'taobao/item_search', { q: '保温杯' }, key)).toBe(200);
  return { merchant, token, shop, plan };
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  const text = TEXT[lang];

  test(`[TRAFFIC REPORTS]: a merchant sees its calls on the dashboard, filters the logs by platform and status and opens a call (${lang})`, async ({
    page,
    request,
  }) => {
    test.slow();
    const { merchant, plan } = await merchantWithTraffic(request, lang);

    await useLanguage(page, lang);
    await page.setViewportSize({ width: 1366, height: 1000 });

    // Dashboard: 5 calls today (4 success, 1 quota exhausted), 5 units used (3 × 1 + 2), the rest of the package left.
    await signInByApi(page, 'merchant', merchant.email, merchant.password, { lang, path: '/merchant/traffic' });
    await expect(page.getByRole('tab', { name: text.dashboardTab })).toHaveAttribute('aria-selected', 'true');
    const callsCard = page.locator('.traffic-figure').filter({ hasText: text.calls });
    await expect(callsCard.locator('.ant-statistic-content')).toHaveText('5');
    const leftCard = page.locator('.traffic-figure').filter({ hasText: text.unitsLeft });
    await expect(leftCard.locator('.ant-statistic-content')).toHaveText((plan.units - 5).toLocaleString('en-US'));
    await expect(page.locator('.chart canvas').first()).toBeVisible();
    await shot(page, `traffic-dashboard-${lang}`);

    // Logs: every call, then JD + quota exhausted only, then its details.
    await page.getByRole('tab', { name: text.logsTab }).click();
    await expect(page.getByText(text.total(5))).toBeVisible();
    // The charged package in the reader's language (the log keeps the Chinese name it was charged under).
    await expect(
      page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text.taobao }).first(),
    ).toContainText(plan.name);
    // Every column in view at 1366 px, no sideways scrolling.
    await expect.poll(() => tableOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `traffic-logs-${lang}`);
    await page.getByLabel(text.platform, { exact: true }).click();
    await chooseOption(page, new RegExp(`^${text.jd}$`));
    await page.getByLabel(text.status, { exact: true }).click();
    await chooseOption(page, new RegExp(`^${text.quotaExhausted}$`));
    await expect(page.getByText(text.total(1))).toBeVisible();
    // The filter is in the URL: a reload shows the same calls.
    await expect(page).toHaveURL(/platform=jd/);
    await expect(page).toHaveURL(/status=quota_exhausted/);
    await page.reload();
    await expect(page.getByText(text.total(1))).toBeVisible();
    // At phone width the call is a card with its details button.
    await page.setViewportSize({ width: 375, height: 812 });
    const card = page.locator('.data-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(text.quotaExhausted);
    await expect(card.getByRole('button', { name: text.detailOf })).toBeVisible();
    await shot(page, `traffic-logs-phone-${lang}`, { fullPage: false });
    await page.setViewportSize({ width: 1366, height: 1000 });
    const row = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(text.quotaExhausted);
    await expect(row).toContainText(text.jd);
    await row.getByRole('button', { name: text.detailOf }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText(text.detailTitle)).toBeVisible();
    await expect(drawer.getByLabel(text.requestParams)).toContainText('"num_iid": "100012043978"');
    // The outcome translated; a merchant never sees the raw code.
    await expect(drawer.getByText(text.quotaReason)).toBeVisible();
    await expect(drawer.getByText('OPEN_QUOTA_EXHAUSTED')).toHaveCount(0);
    await shot(page, `traffic-log-detail-${lang}`, { fullPage: false });
    await page.keyboard.press('Escape');

    // Statistics: one row per API, the totals row.
    await page.getByRole('tab', { name: text.statisticsTab }).click();
    await expect(page.getByText(text.perApi)).toBeVisible();
    await expect(
      page.locator('.ant-table-row').filter({ hasText: text.taobao }).filter({ hasText: text.itemGet }),
    ).toContainText('3');
    await shot(page, `traffic-statistics-${lang}`);
  });
}

test(
  '[TRAFFIC REPORTS]: the operator sees the top merchants by usage and every merchant’s logs',
  { tag: SERIAL },
  async ({ browser, baseURL, request }) => {
    test.slow();
    const { merchant } = await merchantWithTraffic(request, 'zh-CN');
    const operator = await operatorPage(browser, baseURL);
    const page = operator.page;
    try {
      await page.setViewportSize({ width: 1366, height: 1000 });
      await page.goto('/admin/traffic');
      await expect(page.getByRole('tab', { name: '概览' })).toHaveAttribute('aria-selected', 'true');
      const top = page.locator('.ant-card').filter({ hasText: '商户用量排行' });
      await expect(top.getByRole('row').filter({ hasText: merchant.email })).toBeVisible();
      await shot(page, 'admin-traffic-dashboard');

      await page.getByRole('tab', { name: '日志' }).click();
      await expect(page.getByRole('row').filter({ hasText: merchant.email }).first()).toBeVisible();
      await page.getByLabel('状态', { exact: true }).click();
      await chooseOption(page, /^额度不足$/);
      await expect(page.getByRole('row').filter({ hasText: merchant.email })).toHaveCount(1);
      await expect.poll(() => tableOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, 'admin-traffic-logs');

      await page.getByRole('tab', { name: '统计' }).click();
      await expect(page.getByText('平台统计')).toBeVisible();
      await expect(
        page
          .locator('.ant-card')
          .filter({ hasText: '商户用量排行' })
          .getByRole('row')
          .filter({ hasText: merchant.email }),
      ).toBeVisible();
      await shot(page, 'admin-traffic-statistics');
    } finally {
      await operator.close();
    }
  },
);

/** `YYYY-MM-DD` and `HH:mm:ss` of `iso` on the wall clock of `zone`. */
function wallClockIn(iso: string, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

const ZONE_NOTE = {
  'zh-CN': /^时间和日期均按 (\S+) \(UTC[+-]\d\d:\d\d\)$/,
  'en-US': /^Times and days in (\S+) \(UTC[+-]\d\d:\d\d\)$/,
} as const;

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`[TRAFFIC REPORTS]: a merchant browsing from Los Angeles sees the log's times in the business time zone the page names (${lang})`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.slow();
    const { merchant, token } = await merchantWithTraffic(request, lang);
    const logs = await callApi<{ list: Array<{ id: number; created_at: string; finished_at?: string }> }>(
      request,
      'merchant/open/report/api_logs',
      { time_range: 'today', page: 1, limit: 20 },
      { token },
    );
    const newest = logs.list[0];
    // 16 hours behind Shanghai: the browser's own clock shows a different time, and for half the day a different date.
    const context = await browser.newContext({
      baseURL,
      locale: lang,
      timezoneId: 'America/Los_Angeles',
      viewport: { width: 1440, height: 900 },
    });
    try {
      const page = await context.newPage();
      await useLanguage(page, lang);
      await signInByApi(page, 'merchant', merchant.email, merchant.password, {
        lang,
        path: '/merchant/traffic?tab=logs&time_range=today',
      });
      const note = page.getByTestId('traffic-time-zone').first();
      await expect(note).toHaveText(ZONE_NOTE[lang]);
      const zone = ZONE_NOTE[lang].exec((await note.textContent()) ?? '')![1];
      const expected = wallClockIn(newest.created_at, zone);
      const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
      await expect(row.locator('.date-time-cell')).toHaveText(`${expected.day}${expected.time}`);
      // Merchants see a package by its name, never by its internal ID.
      await expect(page.locator('.ant-table-tbody')).not.toContainText('#');
      await shot(page, `traffic-logs-time-zone-${lang}`);
      await row.getByRole('button', { name: TEXT[lang].detailOf }).click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByTestId('log-time-zone')).toHaveText(ZONE_NOTE[lang]);
      await expect(drawer).toContainText(`${expected.day} ${expected.time}`);
      await shot(page, `traffic-log-detail-time-zone-${lang}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await setWidth(page, 375);
      await expect(page.locator('.data-card').first()).toContainText(expected.time);
      await shot(page, `traffic-logs-time-zone-${lang}-375`);
      // The dashboard and the statistics name the same zone.
      for (const tab of ['dashboard', 'statistics']) {
        await page.goto(`/merchant/traffic?tab=${tab}`);
        await expect(page.getByTestId('traffic-time-zone').first()).toHaveText(ZONE_NOTE[lang]);
      }
    } finally {
      await context.close();
    }
  });
}
