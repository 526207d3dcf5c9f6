import { BUSINESS_TIME_ZONE_SQL } from '../src/lib/business-days';
import { sql } from 'drizzle-orm';
import type { ApiCallStatus } from '@parlour/contract/calls/traffic-report';
import type { TestApp } from './helper';

/**
 * Writes traffic the way the Open API does (apps/api/src/db/schema/traffic.ts): a call's log row,
 * its charge on a package and its line in the daily roll-up (on the call's business day), in one transaction. Report tests use it
 * to lay down known traffic and compare every report with it; it never goes through the Open API.
 */

/** The seeded catalogue (migration 0008): item_get costs 1 unit, item_search 2, on every platform. */
export const API_COST = { item_get: 1, item_search: 2 } as const;
export const API_NAME = { item_get: '商品详情', item_search: '关键词搜索' } as const;

export interface StoreRef {
  merchantId: number;
  shopRef: number;
  shopId: string;
  shopName: string;
}

/** The internal ids behind a store's public shopId. */
export async function storeRef(t: TestApp, shopId: string): Promise<StoreRef> {
  const result = await t.database.db.execute<{ id: number; merchant_id: number; shop_name: string }>(
    sql`select id, merchant_id, shop_name from shops where shop_id = ${shopId}`,
  );
  const row = result.rows[0];
  if (!row) throw new Error(`no store ${shopId}`);
  return { merchantId: Number(row.merchant_id), shopRef: Number(row.id), shopId, shopName: row.shop_name };
}

/** A paid package (or a pending one with `isPaid: false`) as the purchase would leave it. */
export async function insertPackage(
  t: TestApp,
  options: {
    merchantId: number;
    shopRef?: number;
    name?: string;
    units: number;
    used?: number;
    paidAt?: Date | null;
    validDays?: number;
    voided?: boolean;
  },
) {
  const validDays = options.validDays ?? 30;
  const paidAt = options.paidAt === undefined ? t.clock.now() : options.paidAt;
  const expiresAt = paidAt ? new Date(paidAt.getTime() + validDays * 86_400_000) : null;
  // A pending package always has its bill, still payable (30 minutes), as the purchase leaves it;
  // without one it would read as void (its bill gone) and leave every list.
  const billRef = paidAt || options.voided ? null : await insertPayableBill(t, options.merchantId);
  const result = await t.database.db.execute<{ id: number }>(sql`
    insert into traffic_packages (merchant_id, shop_ref, plan_id, bill_ref, name, is_general, units_total, units_used,
                                  valid_days, paid_at, expires_at, voided_at, created_at, updated_at)
    values (${options.merchantId}, ${options.shopRef ?? null}, (select id from traffic_plans order by id limit 1),
            ${billRef}, ${options.name ?? (options.shopRef ? '店铺专享包' : '标准包')},
            ${!options.shopRef}, ${options.units}, ${options.used ?? 0}, ${validDays},
            ${paidAt?.toISOString() ?? null}::timestamptz, ${expiresAt?.toISOString() ?? null}::timestamptz,
            ${options.voided ? t.clock.now().toISOString() : null}::timestamptz,
            ${t.clock.now().toISOString()}::timestamptz, ${t.clock.now().toISOString()}::timestamptz)
    returning id`);
  return {
    id: Number(result.rows[0].id),
    name: options.name ?? (options.shopRef ? '店铺专享包' : '标准包'),
    expiresAt,
  };
}

let billCounter = 0;
/** An unpaid traffic-package bill of the merchant, payable for the next 30 minutes. */
async function insertPayableBill(t: TestApp, merchantId: number) {
  billCounter += 1;
  const result = await t.database.db.execute<{ id: number }>(sql`
    insert into bills (bill_no, merchant_id, shop_name, type, product_name, amount, currency, expires_at)
    values (${`T${Date.now()}${billCounter}`}, ${merchantId}, '', 'traffic_package', '标准包', 100, 'CNY',
            ${new Date(t.clock.now().getTime() + 30 * 60_000).toISOString()}::timestamptz)
    returning id`);
  return Number(result.rows[0].id);
}

export interface CallRecord {
  store: StoreRef;
  platform?: '1688' | 'taobao' | 'micro_store' | 'jd';
  apiCode?: keyof typeof API_COST;
  status?: ApiCallStatus;
  /** When the call was made; the test clock's now by default. */
  at?: Date;
  responseMs?: number;
  /** The package charged on success (and while pending). */
  package?: { id: number; name: string };
  params?: Record<string, unknown>;
  error?: string;
}

/**
 * One call as the Open API leaves it: the log row; on success the units charged on the package; for
 * every settled call its roll-up line (a pending call is not in the roll-up until it settles).
 */
export async function recordCall(t: TestApp, call: CallRecord) {
  const platform = call.platform ?? '1688';
  const apiCode = call.apiCode ?? 'item_get';
  const status = call.status ?? 'success';
  const at = call.at ?? t.clock.now();
  const isCharged = status === 'success' || status === 'pending';
  const units = isCharged ? API_COST[apiCode] : 0;
  const responseMs = status === 'pending' ? null : (call.responseMs ?? 100);
  const packageRef = isCharged ? (call.package?.id ?? null) : null;
  const packageName = isCharged ? (call.package?.name ?? '') : '';
  const error =
    call.error ??
    (status === 'quota_exhausted'
      ? 'OPEN_QUOTA_EXHAUSTED'
      : status === 'rejected'
        ? 'OPEN_PLATFORM_DISABLED'
        : status === 'failed_upstream'
          ? 'upstream timeout'
          : '');
  return t.database.db.transaction(async (tx) => {
    if (packageRef && units) {
      await tx.execute(
        sql`update traffic_packages set units_used = units_used + ${units}
          where id = ${packageRef} and units_used + ${units} <= units_total`,
      );
    }
    const inserted = await tx.execute<{ id: number }>(sql`
      insert into api_call_logs (created_at, finished_at, merchant_id, shop_ref, shop_name, platform, api_code, api_name,
                                 package_ref, package_name, status, charged_units, response_ms, error, request_params)
      values (${at.toISOString()}::timestamptz,
              ${status === 'pending' ? null : new Date(at.getTime() + (responseMs ?? 0)).toISOString()}::timestamptz,
              ${call.store.merchantId}, ${call.store.shopRef}, ${call.store.shopName},
              ${platform}, ${apiCode}, ${API_NAME[apiCode]},
              ${packageRef}, ${packageName}, ${status}, ${units}, ${responseMs}, ${error},
              ${JSON.stringify(call.params ?? { num_iid: '610947572360' })}::jsonb)
      returning id`);
    if (status !== 'pending') {
      await tx.execute(sql`
        insert into api_usage_daily (day, merchant_id, shop_ref, platform, api_code, status, calls, units, total_response_ms)
        values ((${at.toISOString()}::timestamptz at time zone ${BUSINESS_TIME_ZONE_SQL})::date, ${call.store.merchantId},
                ${call.store.shopRef}, ${platform}, ${apiCode}, ${status}, 1, ${units}, ${responseMs ?? 0})
        on conflict (day, merchant_id, shop_ref, platform, api_code, status, source)
        do update set calls = api_usage_daily.calls + excluded.calls, units = api_usage_daily.units + excluded.units,
                      total_response_ms = api_usage_daily.total_response_ms + excluded.total_response_ms`);
    }
    return Number(inserted.rows[0].id);
  });
}

/** Several calls of the same kind. */
export async function recordCalls(t: TestApp, count: number, call: CallRecord) {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) ids.push(await recordCall(t, call));
  return ids;
}

/** `days` whole days before the test clock's now. */
export function daysAgo(t: TestApp, days: number) {
  return new Date(t.clock.now().getTime() - days * 86_400_000);
}
