import { inflateRawSync } from 'node:zlib';
import { expect, type APIRequestContext } from '@playwright/test';
import { OPERATOR, registerMerchantByApi, type Lang } from './fixtures';

/**
 * Seeding stores and bills through the API for the browser tests of stores and bills, where the UI
 * is not what a test is about: sessions, an operating store (bought, paid at the sandbox cashier
 * and provisioned by the background job), renewal bills, and reading a store or a bill back.
 */

export interface ApiAnswer<T> {
  code: number;
  msg: string;
  data: T;
}

export interface ApiShop {
  shop_id: string;
  shop_name: string;
  status: string;
  expires_at: string | null;
  unpaid_bill_no: string | null;
  package_id: number;
  domain: string | null;
}
export interface ApiBill {
  bill_no: string;
  status: string;
  type: string;
  amount: number;
  currency: string;
  shop_id: string | null;
}
export interface ApiPurchase {
  shop: ApiShop;
  bill: ApiBill;
  payment: { bill_no: string; pay_url: string };
}
export interface ApiVersion {
  id: number;
  name: string;
  trial_days: number;
  currency: string;
  prices: { type: 'month' | 'year'; term: number; amount: number }[];
}

/** Calls `/api/v1/<path>` (with a session token when given) and answers the whole envelope. */
export async function callApiRaw<T>(
  request: APIRequestContext,
  path: string,
  body: Record<string, unknown>,
  options: { token?: string; lang?: Lang } = {},
) {
  const response = await request.post(`/api/v1/${path}`, {
    data: { lang_code: options.lang ?? 'en-US', ...body },
    headers: options.token ? { authorization: `Bearer ${options.token}` } : undefined,
  });
  return (await response.json()) as ApiAnswer<T>;
}

/** Like callApiRaw, but answers `data` and throws on any code other than 200. */
export async function callApi<T>(
  request: APIRequestContext,
  path: string,
  body: Record<string, unknown>,
  options: { token?: string; lang?: Lang } = {},
) {
  const answer = await callApiRaw<T>(request, path, body, options);
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** A merchant session token (the same login the form does). */
export async function merchantToken(request: APIRequestContext, account: string, password: string) {
  const data = await callApi<{ userinfo: { token: string } }>(request, 'merchant/member/user/login', {
    account,
    password,
  });
  return data.userinfo.token;
}

/** An operator session token. */
export async function operatorToken(request: APIRequestContext) {
  const data = await callApi<{ userinfo: { token: string } }>(request, 'admin/member/user/login', {
    account: OPERATOR.account,
    password: OPERATOR.password,
  });
  return data.userinfo.token;
}

let shopCounter = 0;
/** A store ID unique per run: lowercase letters and digits, at most 20 characters. */
export function uniqueShopId(prefix = 'e2e') {
  shopCounter += 1;
  const id = `${prefix}${Date.now().toString(36)}${shopCounter}${Math.random().toString(36).slice(2, 5)}`
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return id.slice(0, 20);
}

export async function listVersions(request: APIRequestContext, token: string) {
  return (await callApi<{ list: ApiVersion[] }>(request, 'merchant/parlour/package/lists', {}, { token })).list;
}

/** The version called `name` (the catalogue is seeded by a migration: Starter, Professional, Enterprise). */
export async function versionNamed(request: APIRequestContext, token: string, name: string) {
  const version = (await listVersions(request, token)).find((candidate) => candidate.name === name);
  if (!version) throw new Error(`no store version named ${name}`);
  return version;
}

export function priceOf(version: ApiVersion, termType: 'month' | 'year', term: number) {
  const price = version.prices.find((candidate) => candidate.type === termType && candidate.term === term);
  if (!price) throw new Error(`${version.name} has no price for ${term} ${termType}`);
  return price.amount;
}

/**
 * Create and pay, stopping before the cashier: the store waits, unpaid, with its first bill. Bills
 * are named in the language they are ordered in, so seed in the language the test reads.
 */
export async function buyStore(
  request: APIRequestContext,
  token: string,
  fields: {
    shop_id: string;
    shop_name: string;
    contact_email: string;
    package_id: number;
    term_type?: 'month' | 'year';
    term?: number;
    pay_method?: string;
  },
  lang?: Lang,
) {
  const { term_type = 'month', term = 1, pay_method = 'alipay', ...store } = fields;
  return callApi<ApiPurchase>(
    request,
    'merchant/parlour/shop/buy',
    { ...store, term_type, term, pay_method },
    { token, lang },
  );
}

/** Pays a bill at the sandbox cashier behind a `pay_url` (`/cashier/<bill_no>?token=…`), as the cashier page does. */
export async function payAtCashier(request: APIRequestContext, payUrl: string) {
  const url = new URL(payUrl, 'http://cashier.invalid');
  const billNo = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  const token = url.searchParams.get('token') ?? '';
  return callApi<{ status: string; return_path: string }>(request, 'merchant/payment/sandbox/submit', {
    bill_no: billNo,
    token,
    outcome: 'paid',
  });
}

/** Waits until the background job has provisioned a paid store (the UI's initialisation dialog waits the same way). */
export async function waitUntilReady(request: APIRequestContext, token: string, shopId: string) {
  await expect
    .poll(
      async () =>
        (
          await callApi<{ is_ready: boolean }>(
            request,
            'merchant/parlour/shop/check_site_status',
            { shop_id: shopId },
            { token },
          )
        ).is_ready,
      {
        timeout: 45_000,
        intervals: [500, 1_000],
      },
    )
    .toBe(true);
}

/** A new merchant signed in through the API with one operating store named `shopName` (the storefront tests' start). */
export async function merchantWithOperatingStore(request: APIRequestContext, shopName: string) {
  const merchant = await registerMerchantByApi(request);
  const token = await merchantToken(request, merchant.email, merchant.password);
  const { shop } = await createOperatingStore(request, token, { shop_name: shopName, contact_email: merchant.email });
  return { merchant, token, shop };
}

/** A store bought for a term, paid and provisioned: status operating. */
export async function createOperatingStore(
  request: APIRequestContext,
  token: string,
  fields: {
    shop_id?: string;
    shop_name: string;
    contact_email: string;
    version?: string;
    term_type?: 'month' | 'year';
    term?: number;
  },
  lang?: Lang,
) {
  const version = await versionNamed(request, token, fields.version ?? 'Starter');
  const shopId = fields.shop_id ?? uniqueShopId();
  const purchase = await buyStore(
    request,
    token,
    {
      shop_id: shopId,
      shop_name: fields.shop_name,
      contact_email: fields.contact_email,
      package_id: version.id,
      term_type: fields.term_type,
      term: fields.term,
    },
    lang,
  );
  await payAtCashier(request, purchase.payment.pay_url);
  await waitUntilReady(request, token, shopId);
  const shop = await findShop(request, token, shopId);
  expect(shop.status).toBe('operating');
  return { shop, version };
}

/** Units for a store's lookups: the first general traffic package bought and paid at the sandbox cashier. */
export async function buyGeneralPackage(request: APIRequestContext, token: string) {
  const { list: plans } = await callApi<{ list: Array<{ id: number; is_general: boolean }> }>(
    request,
    'merchant/open/merchant_data/plan_list',
    {},
    { token },
  );
  const order = await callApi<{ payment: { pay_url: string } }>(
    request,
    'merchant/open/order/createPackageOrder',
    { plan_id: plans.find((plan) => plan.is_general)!.id, pay_method: 'alipay' },
    { token },
  );
  await payAtCashier(request, order.payment.pay_url);
}

/** A renewal bill waiting for payment (no cashier visit). */
export async function createRenewalBill(
  request: APIRequestContext,
  token: string,
  shopId: string,
  term: { term_type: 'month' | 'year'; term: number; pay_method?: string },
  lang?: Lang,
) {
  return callApi<ApiPurchase>(
    request,
    'merchant/parlour/shop/renew',
    { shop_id: shopId, pay_method: 'wechat', ...term },
    { token, lang },
  );
}

/** One of the merchant's stores, read back through the list call. */
export async function findShop(request: APIRequestContext, token: string, shopId: string) {
  const data = await callApi<{ list: ApiShop[] }>(
    request,
    'merchant/parlour/shop/lists',
    { page: 1, limit: 20, tab: 'all', keyword: shopId },
    { token },
  );
  const shop = data.list.find((candidate) => candidate.shop_id === shopId);
  if (!shop) throw new Error(`store ${shopId} not found`);
  return shop;
}

/** One of the merchant's bills, read back through the list call. */
export async function findBill(request: APIRequestContext, token: string, billNo: string) {
  const data = await callApi<{ list: ApiBill[] }>(
    request,
    'merchant/order/order/lists',
    { page: 1, limit: 20, keyword: billNo },
    { token },
  );
  const bill = data.list.find((candidate) => candidate.bill_no === billNo);
  if (!bill) throw new Error(`bill ${billNo} not found`);
  return bill;
}

/** The API's term arithmetic (calendar months in UTC, the day clamped to the month's last day). */
export function addMonthsUtc(from: Date, months: number) {
  const lastDay = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      from.getUTCFullYear(),
      from.getUTCMonth() + months,
      Math.min(from.getUTCDate(), lastDay),
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}

/** The text of every entry of a zip file (an XLSX), inflated with node's zlib: enough to look inside a small export. */
export function zipEntries(zip: Buffer): Map<string, string> {
  const entries = new Map<string, string>();
  let offset = 0;
  while (offset + 30 <= zip.length && zip.readUInt32LE(offset) === 0x04034b50) {
    const method = zip.readUInt16LE(offset + 8);
    const compressedSize = zip.readUInt32LE(offset + 18);
    const nameLength = zip.readUInt16LE(offset + 26);
    const extraLength = zip.readUInt16LE(offset + 28);
    const name = zip.toString('utf8', offset + 30, offset + 30 + nameLength);
    const start = offset + 30 + nameLength + extraLength;
    const raw = zip.subarray(start, start + compressedSize);
    entries.set(name, (method === 8 ? inflateRawSync(raw) : raw).toString('utf8'));
    offset = start + compressedSize;
  }
  return entries;
}
