import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startFakeAlipay, type FakeAlipay } from '../../apps/api/test/fake-alipay';
import { startFakePaypal, type FakePaypal } from '../../apps/api/test/fake-paypal';
import { startFakeWechatPay, type FakeWechatPay } from '../../apps/api/test/fake-wechat-pay';
import { CONSOLE_HOST, SERIAL, SERIAL_APP_PORT } from '../playwright.config';
import {
  expect,
  registerMerchantByApi,
  test,
  uniqueEmail,
  useLanguage,
  type Lang,
  signInByApi,
} from '../support/fixtures';
import { money, operatorPage } from '../support/operator-api';
import { shot } from '../support/screenshots';
import {
  buyStore,
  callApi,
  findBill,
  merchantToken,
  operatorToken,
  uniqueShopId,
  versionNamed,
} from '../support/store-api';

/**
 * Real payments (docs/payments.md) in the browser, against the providers' fakes
 * (apps/api/test/fake-*.ts, started here in-process on 127.0.0.1; the app may reach them:
 * OUTBOUND_ALLOW=127.0.0.1). The operator configures the three methods through the payment settings
 * call; a merchant pays a store bill from the bill list, choosing the method: WeChat Pay shows a QR
 * code and moves on once the fake's signed notification arrives; Alipay and PayPal send the payer
 * to the fake's page and back to the cashier's return page, which asks the server until it says
 * paid. The settings are turned off again afterwards, so the rest of the run pays at the sandbox
 * cashier as before.
 */

// These tests are @serial: they run against the serial project's server.
const ORIGIN = `http://127.0.0.1:${SERIAL_APP_PORT}`;
const NOTIFY_PATH = '/api/v1/payment/notify';

const TEXT = {
  'zh-CN': {
    pay: '支付',
    refundPending: '退款处理中',
    refundFailed: '退款失败',
    payTitle: '支付账单',
    goToPayment: '去支付',
    method: { wechat: '微信支付', alipay: '支付宝', paypal: 'PayPal 贝宝' },
    cashierTitle: '收银台',
    scan: (method: string) => `请使用${method}扫码支付`,
    waiting: '等待支付中…',
    goPay: (method: string) => `前往${method}支付`,
    confirming: '正在确认支付结果…',
    paid: '支付成功',
    chargedBy: (amount: string) => `PayPal 贝宝 将向您收取 ${amount}（汇率：1 CNY = 0.14 USD）`,
  },
  'en-US': {
    pay: 'Pay',
    refundPending: 'Refund in progress',
    refundFailed: 'Refund failed',
    payTitle: 'Pay bill',
    goToPayment: 'Go to payment',
    method: { wechat: 'WeChat Pay', alipay: 'Alipay', paypal: 'PayPal' },
    cashierTitle: 'Checkout',
    scan: (method: string) => `Scan with ${method} to pay`,
    waiting: 'Waiting for payment…',
    goPay: (method: string) => `Continue to ${method}`,
    confirming: 'Confirming your payment…',
    paid: 'Payment successful',
    chargedBy: (amount: string) => `You will be charged ${amount} by PayPal (rate: 1 CNY = 0.14 USD)`,
  },
} as const;

type Method = 'wechat' | 'alipay' | 'paypal';

let wechat: FakeWechatPay;
let alipay: FakeAlipay;
let paypal: FakePaypal;
let adminToken: string;

async function setMethod(
  request: Parameters<typeof operatorToken>[0],
  method: Method,
  values: Record<string, unknown>,
) {
  await callApi(request, 'admin/common/payment/set_settings', { method, values }, { token: adminToken });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  [wechat, alipay, paypal] = await Promise.all([startFakeWechatPay(), startFakeAlipay(), startFakePaypal()]);
  adminToken = await operatorToken(request);
  const common = { enabled: true, environment: 'sandbox' };
  await setMethod(request, 'wechat', {
    ...common,
    endpoint: wechat.baseUrl,
    app_id: wechat.appid,
    merchant_id: wechat.mchid,
    merchant_serial_no: wechat.credentials.merchantSerialNo,
    merchant_private_key: wechat.credentials.merchantPrivateKey,
    api_v3_key: wechat.apiV3Key,
    platform_public_key: wechat.credentials.platformKeys[0].pem,
    platform_public_key_id: wechat.platformPublicKeyId,
  });
  await setMethod(request, 'alipay', {
    ...common,
    endpoint: alipay.gateway,
    app_id: alipay.appId,
    seller_id: alipay.sellerId,
    app_private_key: alipay.appPrivateKey,
    alipay_public_key: alipay.alipayPublicKey,
  });
  await setMethod(request, 'paypal', {
    ...common,
    endpoint: paypal.baseUrl,
    client_id: paypal.clientId,
    client_secret: paypal.clientSecret,
    webhook_id: paypal.webhookId,
    currency: 'USD',
    rate: '0.14',
  });
  const settings = await callApi<Record<Method, { is_configured: boolean }>>(
    request,
    'admin/common/payment/settings',
    {},
    { token: adminToken },
  );
  expect([settings.wechat.is_configured, settings.alipay.is_configured, settings.paypal.is_configured]).toEqual([
    true,
    true,
    true,
  ]);
});

test.afterAll(async ({ request }) => {
  // The rest of the run pays at the sandbox cashier: every real method off again.
  for (const method of ['wechat', 'alipay', 'paypal'] as const)
    await setMethod(request, method, { enabled: false }).catch(() => undefined);
  await Promise.all([wechat?.close(), alipay?.close(), paypal?.close()]);
});

/**
 * A new merchant signed in in `lang` at `width` px, with an unpaid store bill. The providers send
 * the payer back to the platform's public origin (https://<console host>): inside this browser it
 * is the app on 127.0.0.1.
 */
async function merchantWithBill(
  browser: Browser,
  request: Parameters<typeof operatorToken>[0],
  lang: Lang,
  method: Method,
) {
  const { email, password } = await registerMerchantByApi(request, uniqueEmail(`pay${method}`));
  const token = await merchantToken(request, email, password);
  const version = await versionNamed(request, token, 'Starter');
  const shopId = uniqueShopId(method);
  const purchase = await buyStore(
    request,
    token,
    {
      shop_id: shopId,
      shop_name: `Pay ${method} ${shopId.slice(-4)}`,
      contact_email: email,
      package_id: version.id,
      pay_method: method,
    },
    lang,
  );
  const context: BrowserContext = await browser.newContext({
    baseURL: ORIGIN,
    locale: lang,
    viewport: { width: 1440, height: 900 },
  });
  await context.route(`https://${CONSOLE_HOST}/**`, (route) =>
    route.fulfill({
      status: 302,
      headers: { location: route.request().url().replace(`https://${CONSOLE_HOST}`, ORIGIN) },
    }),
  );
  // A redirect's later hops are not routed: PayPal's approval page (the fake's GET /checkoutnow) sends the payer
  // back to the console's https host with a 302, so its answer is fetched here and sent on with that host put back.
  await context.route(/\/checkoutnow\?/, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const location = response.headers().location?.replace(`https://${CONSOLE_HOST}`, ORIGIN);
    await route.fulfill({ response, headers: { ...response.headers(), ...(location ? { location } : {}) } });
  });
  const page = await context.newPage();
  await useLanguage(page, lang);
  await signInByApi(page, 'merchant', email, password, { lang, path: null });
  return { page, context, token, shopId, billNo: purchase.bill.bill_no, amount: purchase.bill.amount };
}

/** From the bill list: "Pay" on the bill, the method chosen among those offered, then the cashier. */
async function payFromBillList(page: Page, lang: Lang, billNo: string, method: Method) {
  const text = TEXT[lang];
  await page.goto('/merchant/bill');
  const row = page.locator('tr').filter({ hasText: billNo });
  await row.getByRole('button', { name: text.pay, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text.payTitle });
  for (const offered of ['wechat', 'alipay', 'paypal'] as const)
    await expect(dialog.getByRole('radio', { name: text.method[offered] })).toBeVisible();
  await dialog.getByRole('radio', { name: text.method[method] }).check();
  await dialog.getByRole('button', { name: text.goToPayment }).click();
  await expect(page).toHaveURL(/\/cashier\/B\d+\?token=/);
  await expect(page.getByRole('heading', { name: text.cashierTitle })).toBeVisible();
}

/** The cashier at 375 px too, for the screenshots. */
async function shotBothWidths(page: Page, name: string) {
  await shot(page, `${name}-1440`);
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, `${name}-375`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  const text = TEXT[lang];

  test(
    `[PAYMENTS]: pays a store bill with WeChat Pay: QR code, then on by itself once the notification arrives (${lang})`,
    { tag: SERIAL },
    async ({ browser, request }) => {
      const { page, context, billNo, amount, shopId, token } = await merchantWithBill(browser, request, lang, 'wechat');
      await payFromBillList(page, lang, billNo, 'wechat');
      await expect(page.getByTestId('cashier-amount')).toHaveText(money(amount, lang));
      const qr = page.getByTestId('cashier-qr');
      await expect(qr.getByText(text.scan(text.method.wechat))).toBeVisible();
      await expect(qr.locator('canvas')).toBeVisible();
      await expect(qr.getByText(text.waiting)).toBeVisible();
      // The QR code is the fake's code_url for this bill's Native order.
      expect(wechat.orders.get(billNo)?.code_url).toMatch(/^weixin:\/\//);
      await shotBothWidths(page, `cashier-wechat-${lang}`);

      // Nothing said "paid" yet; the payer scans and pays, WeChat Pay posts its signed notification.
      await expect(page.getByText(text.paid, { exact: true })).toHaveCount(0);
      const delivery = wechat.pay(billNo);
      const answer = await request.post(`${NOTIFY_PATH}/wechat`, { headers: delivery.headers, data: delivery.body });
      // WeChat Pay v3 acknowledges with 200 or 204 and no body.
      expect([200, 204]).toContain(answer.status());
      await expect(page.getByText(text.paid, { exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(page).toHaveURL(new RegExp(`/merchant/store\\?init=${shopId}`), { timeout: 10_000 });
      expect(await findBill(request, token, billNo)).toMatchObject({ status: 'paid', pay_method: 'wechat' });
      await context.close();
    },
  );

  for (const method of ['alipay', 'paypal'] as const) {
    test(
      `[PAYMENTS]: pays a store bill with ${method}: to its page and back, paid once the server says so (${lang})`,
      { tag: SERIAL },
      async ({ browser, request }) => {
        const { page, context, billNo, amount, shopId, token } = await merchantWithBill(browser, request, lang, method);
        await payFromBillList(page, lang, billNo, method);
        await expect(page.getByTestId('cashier-amount')).toHaveText(money(amount, lang));
        const goPay = page.getByRole('button', { name: text.goPay(text.method[method]) });
        await expect(goPay).toBeVisible();
        if (method === 'paypal') {
          // PayPal charges the operator's currency at the operator's rate: the cashier says how much, beside the CNY amount.
          const order = [...paypal.orders.values()].find(
            (candidate) => candidate.purchase_units[0].custom_id === billNo,
          );
          const charged = money(Math.round(Number(order?.purchase_units[0].amount.value) * 100), lang, 'USD');
          // In both languages the charge names its currency: "USD 41.86", never a bare "$" (any dollar).
          expect(charged).toBe(`USD\u00a0${order?.purchase_units[0].amount.value}`);
          await expect(page.getByTestId('cashier-charged')).toHaveText(text.chargedBy(charged));
        } else {
          await expect(page.getByTestId('cashier-charged')).toHaveCount(0);
        }
        await shotBothWidths(page, `cashier-${method}-${lang}`);

        if (method === 'alipay') {
          // Hold the return page on "confirming" until the payer has paid at the fake.
          await goPay.click();
          await expect(page.getByRole('heading', { name: 'Fake Alipay' })).toBeVisible();
          const returnUrl = new URL(page.url()).searchParams.get('return_url') ?? '';
          expect(returnUrl).toContain(`/cashier/${billNo}?`);
          expect(returnUrl).toContain('return=1');
          // Back without paying: the return page only waits.
          await page.goto(returnUrl);
          await expect(page.getByText(text.confirming)).toBeVisible();
          await page.setViewportSize({ width: 375, height: 812 });
          await shot(page, `cashier-return-${method}-${lang}-375`);
          await page.setViewportSize({ width: 1440, height: 900 });
          await shot(page, `cashier-return-${method}-${lang}-1440`);
          // The page asks the server again (every 3 s) and still shows no payment.
          await page.waitForResponse((response) => response.url().endsWith('/api/v1/merchant/payment/sandbox/detail'));
          await expect(page.getByText(text.paid, { exact: true })).toHaveCount(0);
          alipay.pay(billNo, alipay.trades.get(billNo)?.total_amount ?? (amount / 100).toFixed(2));
        } else {
          // PayPal's approval page approves and sends the payer back; the server captures on return.
          await goPay.click();
          await expect(page).toHaveURL(/\/cashier\/B\d+\?.*return=1/);
          await expect(page.getByText(text.confirming).or(page.getByText(text.paid, { exact: true }))).toBeVisible();
        }
        await expect(page.getByText(text.paid, { exact: true })).toBeVisible({ timeout: 20_000 });
        await expect(page).toHaveURL(new RegExp(`/merchant/store\\?init=${shopId}`), { timeout: 10_000 });
        expect(await findBill(request, token, billNo)).toMatchObject({ status: 'paid', pay_method: method });
        await context.close();
      },
    );
  }

  test(
    `[PAYMENTS]: a WeChat Pay refund in progress, then failed by WeChat Pay's notification, shows under the bill's status in both bill lists (${lang})`,
    { tag: SERIAL },
    async ({ browser, baseURL, request }) => {
      test.setTimeout(120_000);
      const { page, context, billNo, token } = await merchantWithBill(browser, request, lang, 'wechat');
      // Paid at WeChat Pay (the Native order made by the pay page, in the language the bill was bought in, then its signed notification).
      await callApi(
        request,
        'merchant/order/order/pay_page',
        { bill_no: billNo, pay_method: 'wechat' },
        { token, lang },
      );
      const paid = wechat.pay(billNo);
      expect([200, 204]).toContain(
        (await request.post(`${NOTIFY_PATH}/wechat`, { headers: paid.headers, data: paid.body })).status(),
      );
      // The operator refunds; WeChat Pay accepts it as PROCESSING.
      wechat.behaviour.refundsProcessing = true;
      try {
        await callApi(
          request,
          'admin/order/order/refund',
          { bill_no: billNo, reason: `e2e ${lang}` },
          { token: adminToken },
        );
      } finally {
        wechat.behaviour.refundsProcessing = false;
      }
      const merchantRow = () => page.locator('tr').filter({ hasText: billNo });
      await page.goto(`/merchant/bill?keyword=${billNo}`);
      await expect(merchantRow().getByTestId('refund-state-tag')).toHaveText(text.refundPending);
      await shotBothWidths(page, `bill-list-refund-pending-${lang}`);
      // The operator's bill detail says so too, as information (blue: under way, not a warning).
      const pendingOperator = await operatorPage(browser, baseURL, lang);
      try {
        const admin = pendingOperator.page;
        await admin.setViewportSize({ width: 1440, height: 900 });
        await admin.goto(`/admin/bill?keyword=${billNo}`);
        await admin.getByRole('button', { name: `账单 ${billNo} 的详情` }).click();
        await expect(admin.getByTestId('refund-state')).toContainText('退款处理中');
        await expect(admin.getByTestId('refund-state')).toHaveClass(/ant-alert-info/);
        await shot(admin, `admin-bill-detail-refund-pending-${lang}-1440`, { fullPage: false });
        await admin.setViewportSize({ width: 375, height: 812 });
        await shot(admin, `admin-bill-detail-refund-pending-${lang}-375`, { fullPage: false });
      } finally {
        await pendingOperator.close();
      }

      // WeChat Pay ends it ABNORMAL and notifies: failed, in both lists.
      wechat.finishRefund(`R${billNo}`, 'ABNORMAL');
      const abnormal = wechat.refundNotification(`R${billNo}`);
      expect([200, 204]).toContain(
        (await request.post(`${NOTIFY_PATH}/wechat`, { headers: abnormal.headers, data: abnormal.body })).status(),
      );
      await page.reload();
      await expect(merchantRow().getByTestId('refund-state-tag')).toHaveText(text.refundFailed);
      await shotBothWidths(page, `bill-list-refund-failed-${lang}`);
      // At phone width the bill is a card: the tag is on it too.
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(page.getByTestId('refund-state-tag').first()).toHaveText(text.refundFailed);
      await context.close();

      const operator = await operatorPage(browser, baseURL, lang);
      try {
        await operator.page.setViewportSize({ width: 1440, height: 900 });
        await operator.page.goto(`/admin/bill?keyword=${billNo}`);
        const operatorRow = operator.page.getByRole('row').filter({ hasText: billNo });
        await expect(operatorRow.getByTestId('refund-state-tag')).toHaveText(/退款失败|Refund failed/);
        await shotBothWidths(operator.page, `admin-bill-list-refund-failed-${lang}`);
        await operator.page.setViewportSize({ width: 375, height: 812 });
        await expect(operator.page.getByTestId('refund-state-tag').first()).toBeVisible();
      } finally {
        await operator.close();
      }
    },
  );
}
