import { merchantRevealShopKey, type TShopKey } from '@parlour/contract/calls/open-core';
import type { TestApp } from './helper';
import { expectOk, merchantWithStore } from './shop-helper';

export type OpenAnswer<T = unknown> = { code: number; msg: string; data: T };

/** POSTs an Open API call with the key in `x-api-key` (or as given in `headers`). */
export async function openCall<T = unknown>(
  t: TestApp,
  path: string,
  body: Record<string, unknown>,
  key?: string,
  headers: Record<string, string> = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/open/v1/${path}`,
    payload: body,
    headers: { ...(key ? { 'x-api-key': key } : {}), ...headers },
  });
  if (response.statusCode !== 200)
    throw new Error(`HTTP ${response.statusCode} from /open/v1/${path}: ${response.body}`);
  return response.json() as OpenAnswer<T>;
}

export async function shopRefOf(t: TestApp, shopId: string) {
  const { rows } = await t.database.executeSql('select id, merchant_id from shops where shop_id = $1', [shopId]);
  const row = rows[0] as { id: number; merchant_id: number };
  return { shopRef: Number(row.id), merchantId: Number(row.merchant_id) };
}

/** The whole key of a store, as the merchant copies it. */
export async function revealKey(t: TestApp, token: string, shopId: string) {
  return (await expectOk(t.call(merchantRevealShopKey, { shop_id: shopId }, token))).key;
}

/** A merchant with a paid, operating store and its API key. */
export async function storeWithKey(t: TestApp, options: { token?: string } = {}) {
  const store = await merchantWithStore(t, options);
  const ids = await shopRefOf(t, store.shopId);
  return { ...store, ...ids, key: await revealKey(t, store.token, store.shopId) };
}

/**
 * A paid package written directly (as PACKAGES' activation on payment leaves it): general, or for
 * one store when `shopRef` is given. Answers its id.
 */
export async function grantPackage(
  t: TestApp,
  options: {
    merchantId: number;
    shopRef?: number;
    units: number;
    used?: number;
    expiresInDays?: number;
    name?: string;
    nameEn?: string;
    paidAt?: Date;
  },
) {
  const paidAt = options.paidAt ?? t.clock.now();
  const expiresAt = new Date(paidAt.getTime() + (options.expiresInDays ?? 30) * 86_400_000);
  const isGeneral = options.shopRef === undefined;
  const { rows } = await t.database.executeSql(
    `insert into traffic_packages (merchant_id, shop_ref, plan_id, name, name_en, is_general, units_total, units_used, valid_days, paid_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [
      options.merchantId,
      options.shopRef ?? null,
      isGeneral ? 1 : 4,
      options.name ?? (isGeneral ? 'General test package' : 'Store test package'),
      options.nameEn ?? '',
      isGeneral,
      options.units,
      options.used ?? 0,
      options.expiresInDays ?? 30,
      paidAt.toISOString(),
      expiresAt.toISOString(),
    ],
  );
  return Number((rows[0] as { id: number }).id);
}

export async function unitsUsed(t: TestApp, packageId: number) {
  const { rows } = await t.database.executeSql('select units_used, units_total from traffic_packages where id = $1', [
    packageId,
  ]);
  const row = rows[0] as { units_used: number; units_total: number };
  return { used: Number(row.units_used), total: Number(row.units_total) };
}

export interface LogRow {
  id: number;
  status: string;
  charged_units: number;
  package_ref: number | null;
  package_name: string;
  api_name: string;
  error: string;
  response_ms: number | null;
  request_params: Record<string, string>;
  platform: string;
  api_code: string;
  finished_at: Date | null;
}
export async function logsOf(t: TestApp, shopRef: number): Promise<LogRow[]> {
  const { rows } = await t.database.executeSql('select * from api_call_logs where shop_ref = $1 order by id', [
    shopRef,
  ]);
  return (rows as LogRow[]).map((row) => ({
    ...row,
    id: Number(row.id),
    charged_units: Number(row.charged_units),
    package_ref: row.package_ref === null ? null : Number(row.package_ref),
  }));
}

/** The roll-up of a store per status: calls and units. */
export async function usageOf(t: TestApp, shopRef: number) {
  const { rows } = await t.database.executeSql(
    'select status, sum(calls)::int as calls, sum(units)::int as units from api_usage_daily where shop_ref = $1 group by status',
    [shopRef],
  );
  return Object.fromEntries(
    (rows as Array<{ status: string; calls: number; units: number }>).map((row) => [
      row.status,
      { calls: Number(row.calls), units: Number(row.units) },
    ]),
  );
}

/** The log rows of a store summed per status, to compare with the roll-up. */
export async function logTotalsOf(t: TestApp, shopRef: number) {
  const { rows } = await t.database.executeSql(
    "select status, count(*)::int as calls, sum(charged_units)::int as units from api_call_logs where shop_ref = $1 and status <> 'pending' group by status",
    [shopRef],
  );
  return Object.fromEntries(
    (rows as Array<{ status: string; calls: number; units: number }>).map((row) => [
      row.status,
      { calls: Number(row.calls), units: Number(row.units) },
    ]),
  );
}

export type { TShopKey };
