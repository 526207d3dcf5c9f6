import {
  merchantAddShop,
  merchantBuyShop,
  merchantListShops,
  type TAdminShop,
  type TShop,
} from '@parlour/contract/calls/store';
import { cashierSubmit, type TBill, type TPayPage } from '@parlour/contract/calls/bill';
import { adminLogin } from '@parlour/contract/calls/account';
import type { PAY_METHODS } from '@parlour/contract/constants';
import { registerMerchant, type CallBody, type TestApp } from './helper';

/** A way of paying a bill. */
export type PayMethod = (typeof PAY_METHODS)[number];

/** The seeded versions (migration 0003): Starter has a 14-day trial, Professional 7, Enterprise none. */
export const VERSION = { starter: 1, professional: 2, enterprise: 3 } as const;

let shopCounter = 0;
/** A shopId unique within the run: lowercase letters and digits, at most 20. */
export function uniqueShopId(prefix = 's') {
  shopCounter += 1;
  return `${prefix}${Date.now().toString(36).slice(-6)}${shopCounter}${Math.floor(Math.random() * 1000)}`.slice(0, 20);
}

/** A new store's fields (a trial's whole input; a purchase adds its term and payment), typed from the call. */
export type ShopFields = CallBody<typeof merchantAddShop>;
export function shopFields(overrides: Partial<ShopFields> = {}) {
  const shopId = uniqueShopId();
  return {
    shop_name: `Store ${shopId}`,
    shop_id: shopId,
    contact_email: `${shopId}@example.com`,
    package_id: VERSION.professional,
    ...overrides,
  } satisfies ShopFields;
}
/** The same fields with any overrides, unchecked: for error and mass-assignment tests. */
export function rawShopFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...shopFields(), ...overrides };
}

/** Answers the data of a successful call, or fails with the whole envelope. */
export async function expectOk<T>(promise: Promise<{ code: number; msg: string; data: T }>): Promise<T> {
  const answer = await promise;
  if (answer.code !== 200) throw new Error(`expected success, got ${JSON.stringify(answer)}`);
  return answer.data;
}

export async function signInAdmin(t: TestApp) {
  await t.app.services.accounts.ensureAdmin('admin', 'Admin@2026');
  const answer = await t.call(adminLogin, { account: 'admin', password: 'Admin@2026' });
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
  return t.call(cashierSubmit, { bill_no: payment.bill_no, token: cashierToken(payment.pay_url), outcome });
}

/** Runs the provisioning the job queue would run. */
export async function provision(t: TestApp) {
  return t.app.services.shops.provisionPendingStores(0);
}

/**
 * A merchant with a paid, provisioned store on `term` (Professional by default), bought with
 * `pay_method` (alipay by default) and paid through the sandbox cashier: a test that configures a
 * real provider buys with a method it leaves unconfigured, so that the sandbox takes the purchase.
 */
export async function merchantWithStore(
  t: TestApp,
  options: { term_type?: 'month' | 'year'; term?: number; token?: string; pay_method?: PayMethod } = {},
) {
  const token = options.token ?? (await registerMerchant(t)).token;
  const fields = shopFields();
  const purchase = await expectOk(
    t.call(
      merchantBuyShop,
      {
        ...fields,
        term_type: options.term_type ?? 'month',
        term: options.term ?? 1,
        pay_method: options.pay_method ?? 'alipay',
      },
      token,
    ),
  );
  await expectOk(payThroughCashier(t, purchase.payment));
  await provision(t);
  return { token, shopId: fields.shop_id, purchase };
}

export async function listShops(t: TestApp, token: string, input: CallBody<typeof merchantListShops> = {}) {
  return expectOk(t.call(merchantListShops, input, token));
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
    for (const token of tokens) await t.call(merchantListShops, {}, token);
  }
}
