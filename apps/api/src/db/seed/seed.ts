import type { Config } from '../../config';
import type { App } from '../../app';

export const DEMO_MERCHANT = { email: 'demo@parlour.dev', password: 'Demo@2026' } as const;

/**
 * Creates the operator account from ADMIN_ACCOUNT / ADMIN_PASSWORD when missing, and on a first start
 * with SEED_DEMO not false, a demo merchant so every screen has something real to show.
 */
export async function seedDatabase(app: App, config: Config) {
  await app.services.accounts.ensureAdmin(config.adminAccount, config.adminPassword);
  if (!config.seedDemo) return { demoSeeded: false };
  const merchantId = await app.services.accounts.ensureDemoMerchant(DEMO_MERCHANT.email, DEMO_MERCHANT.password);
  if (merchantId === null) return { demoSeeded: false };
  await seedDemoStores(app, merchantId);
  return { demoSeeded: true };
}

/**
 * The demo merchant's stores, made through the same services a merchant uses: a trial, a store paid
 * for a year and one paid for a month through the sandbox cashier, and an unpaid renewal bill.
 */
async function seedDemoStores(app: App, merchantId: number) {
  const { shops, cashier } = app.services;
  const fields = (shopId: string, name: string, packageId: number) => ({ shop_id: shopId, shop_name: name, contact_email: `${shopId}@parlour.dev`, package_id: packageId });
  await shops.createTrial({ merchantId, fields: fields('demotrial', '环球好物（试用）', 1) });
  if (cashier) {
    const yearly = await shops.createAndPay({ merchantId, fields: fields('demoglobal', 'Global Picks 环球优选', 2), termType: 'year', term: 1, payMethod: 'alipay', lang: 'zh-CN' });
    await cashier.submit(yearly.bill.bill_no, new URL(yearly.payment.pay_url, 'http://seed').searchParams.get('token') ?? '', 'paid');
    const monthly = await shops.createAndPay({ merchantId, fields: fields('demotaobao', '淘宝直邮馆', 1), termType: 'month', term: 1, payMethod: 'wechat', lang: 'zh-CN' });
    await cashier.submit(monthly.bill.bill_no, new URL(monthly.payment.pay_url, 'http://seed').searchParams.get('token') ?? '', 'paid');
    await shops.provisionPendingStores(0);
    await shops.renew({ merchantId, shopId: 'demotaobao', termType: 'month', term: 3, payMethod: 'wechat', lang: 'zh-CN' });
  }
  await shops.provisionPendingStores(0);
}
