import { adminSetPaymentSettings, ZSetPaymentSettingsInput } from '@parlour/contract/calls/payment-settings';
import { outboundRequest } from '../src/lib/outbound/outbound-http';
import { createOutboundPolicy } from '../src/lib/outbound/outbound-policy';
import type { PaymentProviderContext } from '../src/providers/payment/payment-provider';
import type { PaypalSettings, WechatPaySettings } from '../src/providers/payment/payment-settings';
import { startFakeAlipay } from './fake-alipay';
import { startFakePaypal, type FakePaypal } from './fake-paypal';
import { startFakeWechatPay, type FakeWechatPay } from './fake-wechat-pay';
import { buildTestApp, type TestApp } from './helper';
import { expectOk, signInAdmin, type PayMethod } from './shop-helper';

const localPolicy = createOutboundPolicy({ allow: ['127.0.0.1'] });

/** A provider context reaching fakes on 127.0.0.1 through the outbound policy (as OUTBOUND_ALLOW=127.0.0.1 does). */
export const localProviderContext: PaymentProviderContext = {
  request: (url, request) => outboundRequest(localPolicy, url, request),
  clock: { now: () => new Date() },
};

/** The operator's WeChat Pay settings for the fake (what the payments settings tab would hold). */
export function wechatSettingsFor(fake: FakeWechatPay): WechatPaySettings {
  return {
    enabled: true,
    environment: 'sandbox',
    endpoint: fake.baseUrl,
    appId: fake.appid,
    merchantId: fake.mchid,
    merchantSerialNo: fake.credentials.merchantSerialNo,
    merchantPrivateKey: fake.credentials.merchantPrivateKey,
    apiV3Key: fake.apiV3Key,
    platformPublicKey: fake.credentials.platformKeys[0].pem,
    platformPublicKeyId: fake.platformPublicKeyId,
  };
}

/** The operator's PayPal settings for the fake: charged in USD at 0.14 per CNY. */
export function paypalSettingsFor(fake: FakePaypal): PaypalSettings {
  return {
    enabled: true,
    environment: 'sandbox',
    endpoint: fake.baseUrl,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    webhookId: fake.webhookId,
    currency: 'USD',
    rate: '0.14',
  };
}

/**
 * A test app (code sends unbudgeted: every test registers merchants) whose operator configured
 * Alipay against a fresh fake gateway through the payments settings call, the operator's token
 * with it. WeChat Pay and PayPal stay unconfigured, so the sandbox takes their bills.
 */
export async function appWithFakeAlipay() {
  const t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  const fake = await startFakeAlipay();
  const admin = await signInAdmin(t);
  await expectOk(
    t.call(
      adminSetPaymentSettings,
      {
        method: 'alipay',
        values: {
          enabled: true,
          environment: 'sandbox',
          endpoint: fake.gateway,
          app_id: fake.appId,
          seller_id: fake.sellerId,
          app_private_key: fake.appPrivateKey,
          alipay_public_key: fake.alipayPublicKey,
        },
      },
      admin,
    ),
  );
  return { t, fake, admin };
}

/** A test app with PayPal configured against a fresh fake on the app's clock (USD at 0.14 per CNY), saved as the payments tab saves it. */
export async function appWithFakePaypal() {
  const t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  const fake = await startFakePaypal({ now: () => t.clock.now() });
  await t.app.services.paymentSettings.save(
    ZSetPaymentSettingsInput.parse({
      method: 'paypal',
      values: {
        enabled: true,
        environment: 'sandbox',
        endpoint: fake.baseUrl,
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
        webhook_id: fake.webhookId,
        currency: 'USD',
        rate: '0.14',
      },
    }),
  );
  return { t, fake };
}

/** A test app with WeChat Pay configured against a fresh fake on the app's clock, saved as the payments tab saves it. */
export async function appWithFakeWechatPay() {
  const t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  const fake = await startFakeWechatPay({ now: () => t.clock.now() });
  const { credentials } = fake;
  await t.app.services.paymentSettings.save(
    ZSetPaymentSettingsInput.parse({
      method: 'wechat',
      values: {
        enabled: true,
        environment: 'sandbox',
        endpoint: fake.baseUrl,
        app_id: fake.appid,
        merchant_id: fake.mchid,
        merchant_serial_no: credentials.merchantSerialNo,
        merchant_private_key: credentials.merchantPrivateKey,
        api_v3_key: fake.apiV3Key,
        platform_public_key: credentials.platformKeys[0].pem,
        platform_public_key_id: fake.platformPublicKeyId,
      },
    }),
  );
  return { t, fake };
}

/** Closes the test app, then its fake provider. */
export async function closeAppAndFake(t: TestApp, fake: { close(): Promise<void> }) {
  await t.close();
  await fake.close();
}

/** The headers of an Alipay notification: a urlencoded form. */
export const ALIPAY_FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };

/** POSTs a provider's notification (signed headers and body) to the method's notify endpoint; answers what the provider gets back. */
export async function postNotification(
  t: TestApp,
  method: PayMethod,
  delivery: { headers: Record<string, string>; body: string },
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/payment/notify/${method}`,
    headers: delivery.headers,
    payload: delivery.body,
  });
  return { status: response.statusCode, body: response.body };
}

/** The results recorded for a bill's notifications, queries, closes and refunds, oldest first. */
export async function notificationResults(t: TestApp, billNo: string) {
  const { rows } = await t.database.executeSql(
    'select result from payment_notifications where bill_no = $1 order by id',
    [billNo],
  );
  return (rows as Array<{ result: string }>).map((row) => row.result);
}

/** How many notification records there are, of every bill. */
export async function countNotificationRecords(t: TestApp) {
  return Number(
    (
      (await t.database.executeSql('select count(*)::int as count from payment_notifications', [])).rows[0] as {
        count: number;
      }
    ).count,
  );
}

/** The reconciliation job (lost notifications, pending refunds), run once. */
export async function runReconciliation(t: TestApp) {
  const job = t.app.jobs.find((definition) => definition.queue === 'payment-reconcile');
  if (!job) throw new Error('no reconciliation job');
  await job.run({} as never);
}

/** The instant a month after `iso` (a one-month renewal's new expiry). */
export function monthAfter(iso: string | null) {
  const date = new Date(iso!);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString();
}
