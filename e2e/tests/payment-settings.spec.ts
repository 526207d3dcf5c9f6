import { SERIAL } from '../playwright.config';
import { generateKeyPairSync } from 'node:crypto';
import type { Page } from '@playwright/test';
import { startFakeAlipay, type FakeAlipay } from '../../apps/api/test/fake-alipay';
import { expect, registerMerchantByApi, test } from '../support/fixtures';
import { horizontalOverflow, operatorPage } from '../support/operator-api';
import { shot } from '../support/screenshots';
import {
  buyStore,
  findShop,
  merchantToken,
  payAtCashier,
  uniqueShopId,
  versionNamed,
  waitUntilReady,
} from '../support/store-api';

/**
 * Payments (docs/payments.md), the operator's side: the payments settings tab configures Alipay
 * against a fake gateway on 127.0.0.1 (started here; the app runs with OUTBOUND_ALLOW=127.0.0.1).
 * Secrets are never shown back after saving; "Test connection" succeeds against the fake and shows
 * the gateway's own refusal when the app private key is not the one registered with it. The
 * operator console is Chinese whatever the browser says; both browser languages are run.
 */

const LANGS = ['zh-CN', 'en-US'] as const;
/** antd puts a space between the two characters of a two-character Chinese button label. */
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);

let fake: FakeAlipay;
test.beforeAll(async () => {
  fake = await startFakeAlipay();
});
test.afterAll(async () => {
  await fake?.close();
});

const methodCard = (page: Page, name: string) =>
  page.locator('.payment-method-card').filter({ has: page.locator('.ant-card-head-title', { hasText: name }) });

/** Saves one method's form through its confirmation dialog. */
async function saveMethod(page: Page, name: string) {
  await methodCard(page, name)
    .getByRole('button', { name: spaced('保存') })
    .click();
  const dialog = page.getByRole('dialog').filter({ hasText: `保存${name}设置？` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: spaced('保存') }).click();
  // The toast of this save (an earlier one may still be fading out).
  await expect(
    page
      .locator('.ant-message-notice')
      .filter({ hasText: `${name}设置已保存` })
      .last(),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(methodCard(page, name).getByRole('button', { name: spaced('保存') })).toBeEnabled();
}

test.describe('[PAYMENT-SETTINGS]', () => {
  for (const lang of LANGS) {
    test(
      `[PAYMENT-SETTINGS]: operator configures Alipay, secrets stay hidden, test connection against the fake (browser ${lang})`,
      { tag: SERIAL },
      async ({ browser, baseURL }) => {
        test.setTimeout(240_000);
        const operator = await operatorPage(browser, baseURL, lang);
        const page = operator.page;
        try {
          await page.setViewportSize({ width: 1440, height: 900 });
          await page.goto('/admin/settings');
          await page.getByRole('tab', { name: '支付' }).click();
          await expect(page).toHaveURL(/tab=payment/);
          const alipay = methodCard(page, '支付宝');
          await expect(alipay).toBeVisible();
          await expect(methodCard(page, '微信支付')).toBeVisible();
          await expect(methodCard(page, 'PayPal')).toBeVisible();
          // The notify URL to give the provider, with a copy button.
          await expect(alipay.locator('.payment-notify-url')).toContainText('/api/v1/payment/notify/alipay');
          await expect(alipay.locator('.payment-notify-url .ant-typography-copy')).toBeVisible();

          // Alipay against the fake gateway.
          const enabled = alipay.getByRole('switch');
          if ((await enabled.getAttribute('aria-checked')) !== 'true') await enabled.click();
          await alipay.getByLabel('接口地址').fill(fake.gateway);
          await alipay.getByLabel('应用 ID（AppID）').fill(fake.appId);
          await alipay.getByLabel('卖家 ID（PID）').fill(fake.sellerId);
          await alipay.getByLabel('应用私钥').fill(fake.appPrivateKey);
          await alipay.getByLabel('支付宝公钥').fill(fake.alipayPublicKey);
          await shot(page, `payment-settings-filled-${lang}-1440`, { fullPage: false });
          await saveMethod(page, '支付宝');
          await expect(alipay.getByText('已向商家提供')).toBeVisible();

          // The secret is gone from the form and never comes back, even after a reload.
          await expect(alipay.getByLabel('应用私钥')).toHaveValue('');
          await page.reload();
          await expect(methodCard(page, '支付宝').getByText('已设置')).toBeVisible();
          await expect(methodCard(page, '支付宝').getByLabel('应用私钥')).toHaveValue('');
          const keyLine = fake.appPrivateKey.split('\n')[1];
          expect(await page.content()).not.toContain(keyLine);
          await expect(methodCard(page, '支付宝').getByLabel('应用 ID（AppID）')).toHaveValue(fake.appId);

          // Test connection: the fake answers a query for an unknown order.
          const card = methodCard(page, '支付宝');
          await card.getByRole('button', { name: /测试连接/ }).click();
          await expect(card.getByRole('status')).toContainText('支付宝已应答：连接与凭据可用');
          await shot(page, `payment-settings-${lang}-1440`);

          // A key the gateway does not know: its own refusal is shown.
          const wrongKey = generateKeyPairSync('rsa', {
            modulusLength: 2048,
            privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
            publicKeyEncoding: { type: 'spki', format: 'pem' },
          }).privateKey;
          await card.getByLabel('应用私钥').fill(wrongKey);
          await saveMethod(page, '支付宝');
          await card.getByRole('button', { name: /测试连接/ }).click();
          await expect(card.getByRole('status')).toContainText('支付宝拒绝了测试');
          await expect(card.locator('.payment-test-error')).toContainText(/验签出错|invalid-signature/);
          await shot(page, `payment-settings-refused-${lang}-1440`, { fullPage: false });

          // The right key again: the Save button is free again after each quick answer (no spinner left in it).
          await card.getByLabel('应用私钥').fill(fake.appPrivateKey);
          await saveMethod(page, '支付宝');
          await card.getByRole('button', { name: /测试连接/ }).click();
          await expect(card.getByRole('status')).toContainText('连接与凭据可用');

          // The phone width.
          await page.setViewportSize({ width: 375, height: 800 });
          await expect(card).toBeVisible();
          await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
          await shot(page, `payment-settings-${lang}-375`);
        } finally {
          await operator.close();
        }
      },
    );
  }
});

/**
 * The operator's bill detail: a store bought and paid online shows its payment events; a refund
 * needs a reason and a confirmation that says what is revoked, then the bill shows refunded, by
 * whom and why, and the store it bought is no longer operating.
 */
test.describe('[BILL-REFUND]', () => {
  for (const lang of LANGS) {
    test(
      `[BILL-REFUND]: operator refunds a paid bill from its detail (browser ${lang})`,
      { tag: SERIAL },
      async ({ browser, baseURL, request }) => {
        test.setTimeout(240_000);
        // A merchant of its own: the demo merchant's store limit is used up by other tests.
        const merchant = await registerMerchantByApi(request);
        const token = await merchantToken(request, merchant.email, merchant.password);
        // Paid with WeChat Pay, which this run leaves unconfigured: the sandbox cashier takes it (Alipay is on the fake above).
        const version = await versionNamed(request, token, 'Starter');
        const shopId = uniqueShopId('refund');
        const purchase = await buyStore(
          request,
          token,
          {
            shop_id: shopId,
            shop_name: `退款测试 ${lang}`,
            contact_email: 'refund@example.com',
            package_id: version.id,
            pay_method: 'wechat',
          },
          'zh-CN',
        );
        await payAtCashier(request, purchase.payment.pay_url);
        await waitUntilReady(request, token, shopId);
        const shop = await findShop(request, token, shopId);
        expect(shop.status).toBe('operating');
        const operator = await operatorPage(browser, baseURL, lang);
        const page = operator.page;
        try {
          await page.setViewportSize({ width: 1440, height: 900 });
          await page.goto(`/admin/bill?shop_id=${shop.shop_id}`);
          const row = page.getByRole('row').filter({ hasText: shop.shop_id }).first();
          await expect(row).toBeVisible();
          await row.getByRole('button', { name: /账单 .* 的详情/ }).click();
          const drawer = page.getByRole('dialog').filter({ hasText: '账单详情' });
          await expect(drawer).toBeVisible();
          // Its payment events, with their payloads.
          await expect(drawer.getByTestId('provider-event').first()).toBeVisible();
          await drawer.locator('.provider-event__payload summary').first().click();
          await expect(drawer.locator('.provider-event__payload pre').first()).toBeVisible();
          await shot(page, `bill-detail-${lang}-1440`, { fullPage: false });

          // Refund: the reason is required, the confirmation says what is revoked.
          await drawer.getByRole('button', { name: '退款', exact: true }).click();
          const confirm = page.locator('.ant-popconfirm').filter({ hasText: '全额退款账单' });
          await expect(confirm).toBeVisible();
          await expect(confirm).toContainText('该账单开通的店铺将被终止');
          await expect(confirm.getByRole('button', { name: '退款', exact: true })).toBeDisabled();
          await confirm.getByLabel('退款原因').fill(`客户申请退款 ${lang}`);
          await shot(page, `bill-refund-confirm-${lang}-1440`, { fullPage: false });
          await confirm.getByRole('button', { name: '退款', exact: true }).click();
          await expect(page.locator('.ant-message-notice').filter({ hasText: '已退款' }).last()).toBeVisible();
          await expect(drawer.getByText(`客户申请退款 ${lang}`, { exact: true })).toBeVisible();
          await expect(drawer.locator('.ant-tag').filter({ hasText: '已退款' }).first()).toBeVisible();
          await expect(drawer.getByRole('button', { name: '退款', exact: true })).toHaveCount(0);
          await expect(drawer.getByTestId('provider-event').filter({ hasText: '退款' }).first()).toBeVisible();
          await shot(page, `bill-refunded-${lang}-1440`, { fullPage: false });
          await page.setViewportSize({ width: 375, height: 800 });
          // At phone width the drawer's body fits: no long line (a transaction number, a payload) widens it.
          await expect
            .poll(() => drawer.locator('.ant-drawer-body').evaluate((body) => body.scrollWidth - body.clientWidth))
            .toBeLessThanOrEqual(0);
          await shot(page, `bill-refunded-${lang}-375`, { fullPage: false });

          // What the bill bought is revoked.
          expect((await findShop(request, token, shop.shop_id)).status).not.toBe('operating');
        } finally {
          await operator.close();
        }
      },
    );
  }
});
