import type { TAdminShop, TShop } from '@parlour/contract/calls/store';
import type { TBill, TPayPage } from '@parlour/contract/calls/bill';
import { registerMerchant, type TestApp } from './helper';

/** The seeded versions (migration 0003): Starter has a 14-day trial, Professional 7, Enterprise none. */
export const VERSION = { starter: 1, professional: 2, enterprise: 3 } as const;

export const STORE_PATHS = {
  versions: 'merchant/parlour/package/lists',
  list: 'merchant/parlour/shop/lists',
  add: 'merchant/parlour/shop/add',
  buy: 'merchant/parlour/shop/buy',
  siteStatus: 'merchant/parlour/shop/check_site_status',
  renew: 'merchant/parlour/shop/renew',
  backend: 'merchant/parlour/shop/backend_redirect',
  export: 'merchant/parlour/shop/export',
  bills: 'merchant/order/order/lists',
  cancel: 'merchant/order/order/cancel',
  payPage: 'merchant/order/order/pay_page',
  exportBills: 'merchant/order/order/export',
  cashierDetail: 'merchant/payment/sandbox/detail',
  cashierSubmit: 'merchant/payment/sandbox/submit',
  adminVersions: 'admin/parlour/package/lists',
  adminEditFun: 'admin/parlour/package/edit_fun',
  adminEditPrice: 'admin/parlour/package/edit_price',
  adminList: 'admin/parlour/shop/lists',
  adminAdd: 'admin/parlour/shop/add',
  adminVersionOptions: 'admin/parlour/shop/package_lists',
  adminBackend: 'admin/parlour/shop/backend_redirect',
  adminTrend: 'admin/parlour/shop/create_trend',
  adminDistribution: 'admin/parlour/shop/package_distribution',
  adminRenew: 'admin/parlour/shop/renew',
  adminSetStatus: 'admin/parlour/shop/set_status',
  adminExport: 'admin/parlour/shop/export',
  adminBills: 'admin/order/order/lists',
  adminIncome: 'admin/order/income/lists',
  adminIncomeTrend: 'admin/order/income/income_trend',
  adminTypeDistribution: 'admin/order/income/bill_type_distribution',
  adminExportBills: 'admin/order/order/export',
  adminSetConfig: 'admin/common/config/set_config',
} as const;

let shopCounter = 0;
/** A shopId unique within the run: lowercase letters and digits, at most 20. */
export function uniqueShopId(prefix = 's') {
  shopCounter += 1;
  return `${prefix}${Date.now().toString(36).slice(-6)}${shopCounter}${Math.floor(Math.random() * 1000)}`.slice(0, 20);
}

export function shopFields(overrides: Record<string, unknown> = {}) {
  const shopId = uniqueShopId();
  return { shop_name: `Store ${shopId}`, shop_id: shopId, contact_email: `${shopId}@example.com`, package_id: VERSION.professional, ...overrides };
}

/** Answers the data of a successful call, or fails with the whole envelope. */
export async function expectOk<T>(promise: Promise<{ code: number; msg: string; data: T }>): Promise<T> {
  const answer = await promise;
  if (answer.code !== 200) throw new Error(`expected success, got ${JSON.stringify(answer)}`);
  return answer.data;
}

export async function signInAdmin(t: TestApp) {
  await t.app.services.accounts.ensureAdmin('admin', 'Admin@2026');
  const answer = await t.call<{ userinfo: { token: string; id: number } }>('admin/member/user/login', { account: 'admin', password: 'Admin@2026' });
  if (answer.code !== 200) throw new Error(`admin login failed: ${JSON.stringify(answer)}`);
  return answer.data.userinfo.token;
}

type Purchase = { shop: TShop; bill: TBill; payment: TPayPage };

/** The token of a cashier link. */
export function cashierToken(payUrl: string) {
  return new URL(payUrl, 'http://x').searchParams.get('token') ?? '';
}

/** Pays a bill through the sandbox cashier, as the payer's click does. */
export async function payThroughCashier(t: TestApp, payment: TPayPage, outcome: 'paid' | 'failed' = 'paid') {
  return t.call(STORE_PATHS.cashierSubmit, { bill_no: payment.bill_no, token: cashierToken(payment.pay_url), outcome });
}

/** Runs the provisioning the job queue would run. */
export async function provision(t: TestApp) {
  return t.app.services.shops.provisionPendingStores(0);
}

/** A merchant with a paid, provisioned store on `term` (Professional by default). */
export async function merchantWithStore(t: TestApp, options: { term_type?: 'month' | 'year'; term?: number; token?: string } = {}) {
  const token = options.token ?? (await registerMerchant(t)).token;
  const fields = shopFields();
  const purchase = await expectOk(
    t.call<Purchase>(STORE_PATHS.buy, { ...fields, term_type: options.term_type ?? 'month', term: options.term ?? 1, pay_method: 'alipay' }, token),
  );
  await expectOk(payThroughCashier(t, purchase.payment));
  await provision(t);
  return { token, shopId: fields.shop_id, purchase };
}

export async function listShops(t: TestApp, token: string, input: Record<string, unknown> = {}) {
  return expectOk(t.call<{ list: TShop[]; total: number; counts: Record<string, number> }>(STORE_PATHS.list, input, token));
}
export async function getShop(t: TestApp, token: string, shopId: string) {
  const { list } = await listShops(t, token, { keyword: shopId });
  const shop = list.find((entry) => entry.shop_id === shopId);
  if (!shop) throw new Error(`store ${shopId} not in the list`);
  return shop;
}
export type { TAdminShop, TShop, TBill, TPayPage, Purchase };

/**
 * Moves the clock forward in steps shorter than the 7-day session, with a call on each token
 * between steps, so the sessions slide along as a merchant using the console would keep them.
 */
export async function advanceKeepingSessions(t: TestApp, seconds: number, tokens: string[]) {
  const step = 6 * 86_400;
  for (let left = seconds; left > 0; left -= step) {
    t.clock.advance(Math.min(step, left));
    for (const token of tokens) await t.call(STORE_PATHS.list, {}, token);
  }
}
