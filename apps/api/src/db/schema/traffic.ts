import { API_CALL_CACHE_STATES, API_CALL_SOURCES } from '@parlour/contract/calls/traffic-report';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { merchants } from './accounts';
import { bills, shops } from './stores';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The §9 log platforms; `micro_store` is Weidian. */
const platform = () => text('platform', { enum: ['1688', 'taobao', 'micro_store', 'jd'] }).notNull();

/** Who made an Open API call (the contract's API_CALL_SOURCES): kept on its charge row while in flight and on its log row. */
export const callSource = () => text('source', { enum: API_CALL_SOURCES }).notNull().default('api_key');

/**
 * Product-data sources, one per platform: an operator can switch a platform off, and every Open API
 * call on it is then rejected (logged, not charged). Which upstream provider serves the calls, its
 * base URL, key, secret and timeout are the `product_data` platform setting (secret sealed).
 */
export const dataSources = pgTable(
  'data_sources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platform: platform(),
    name: text('name').notNull(),
    is_enabled: boolean('is_enabled').notNull().default(true),
    remark: text('remark').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    created_at: createdAt,
    updated_at: updatedAt,
  },
  (table) => [uniqueIndex('data_sources_platform_unique').on(table.platform)],
);

/** The Open API catalogue: what a store may call on a platform, and what one call costs in units. */
export const openApis = pgTable(
  'open_apis',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platform: platform(),
    /** Path segment of `POST /open/v1/<platform>/<code>`, e.g. item_get, item_search. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Units taken from a package per successful call. */
    cost: integer('cost').notNull().default(1),
    /**
     * The product-data cache (traffic/product-cache): how long an answer is served without calling the
     * vendor (seconds), how long after that it may still be served when the vendor fails or times out,
     * and the units a cached answer costs (null: the same as a call; 0: free).
     */
    fresh_seconds: integer('fresh_seconds').notNull().default(1800),
    stale_seconds: integer('stale_seconds').notNull().default(604800),
    cached_cost: integer('cached_cost'),
    is_enabled: boolean('is_enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    created_at: createdAt,
    updated_at: updatedAt,
  },
  (table) => [uniqueIndex('open_apis_platform_code_unique').on(table.platform, table.code)],
);

/** Traffic package plans an operator sells: units, validity, general (all stores) or for one store. */
export const trafficPlans = pgTable('traffic_plans', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Bilingual like every operator-written text: `name` Chinese, `name_en` English ('' when not translated). */
  name: text('name').notNull(),
  name_en: text('name_en').notNull().default(''),
  /** Units the package holds ("usage"). */
  units: integer('units').notNull(),
  valid_days: integer('valid_days').notNull(),
  /** General: usable by every store of the merchant; otherwise bought for one store. */
  is_general: boolean('is_general').notNull().default(true),
  price: integer('price').notNull(),
  original_price: integer('original_price').notNull(),
  currency: text('currency').notNull().default('CNY'),
  /** The "API usage" description shown to buyers (which calls, what a call costs). */
  api_usage: text('api_usage').notNull().default(''),
  api_usage_en: text('api_usage_en').notNull().default(''),
  status: text('status', { enum: ['enabled', 'disabled'] })
    .notNull()
    .default('enabled'),
  sort: integer('sort').notNull().default(0),
  created_at: createdAt,
  updated_at: updatedAt,
});

/**
 * Purchased packages. Status is derived, never stored: pending while `paid_at` is null (its bill
 * unpaid), expired once `expires_at` has passed, exhausted when `units_used = units_total`, otherwise
 * active. A package whose bill was cancelled or expired unpaid gets `voided_at` and is not listed.
 * `units_used` only moves in the Open API's charge (up) and refund (down) statements, each a
 * conditional update, so it never leaves 0..units_total.
 */
export const trafficPackages = pgTable(
  'traffic_packages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchant_id: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The store a non-general package was bought for; null for a general package. */
    shop_ref: integer('shop_ref').references(() => shops.id),
    plan_id: integer('plan_id')
      .notNull()
      .references(() => trafficPlans.id),
    bill_ref: integer('bill_ref').references(() => bills.id),
    /** Snapshot of the plan at purchase time, in both languages. */
    name: text('name').notNull(),
    name_en: text('name_en').notNull().default(''),
    is_general: boolean('is_general').notNull(),
    units_total: integer('units_total').notNull(),
    units_used: integer('units_used').notNull().default(0),
    valid_days: integer('valid_days').notNull(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    /** paid_at + valid_days; null while pending. */
    expires_at: timestamp('expires_at', { withTimezone: true }),
    voided_at: timestamp('voided_at', { withTimezone: true }),
    created_at: createdAt,
    updated_at: updatedAt,
  },
  (table) => [
    index('traffic_packages_merchant_idx').on(table.merchant_id, table.created_at),
    /**
     * The operator's package list over every merchant: newest first by default, or soonest expiry
     * first (latest first puts the pending packages last, which this index cannot serve: that rarer
     * order sorts the filtered rows). Its sort by units used has no index on purpose: every charged
     * call updates units_used, and an index on it would cost each charge a second index write (and
     * its HOT update) for a rare sort.
     */
    index('traffic_packages_created_id_idx').on(table.created_at, table.id),
    index('traffic_packages_expires_id_idx').on(table.expires_at, table.id),
    /** The charge's candidate search: a merchant's usable packages, earliest expiry first. */
    index('traffic_packages_usable_idx')
      .on(table.merchant_id, table.expires_at)
      .where(
        sql`${table.paid_at} is not null and ${table.voided_at} is null and ${table.units_used} < ${table.units_total}`,
      ),
    uniqueIndex('traffic_packages_bill_unique').on(table.bill_ref),
    check(
      'traffic_packages_units_in_range',
      sql`${table.units_used} >= 0 and ${table.units_used} <= ${table.units_total}`,
    ),
  ],
);

/**
 * A store's Open API key. Calls present the key; it is found by its SHA-256. The key itself is kept
 * sealed (lib/secret-box) so its merchant can copy it again; `key_last4` shows it masked.
 */
export const shopApiKeys = pgTable(
  'shop_api_keys',
  {
    shop_ref: integer('shop_ref')
      .primaryKey()
      .references(() => shops.id),
    key_hash: text('key_hash').notNull(),
    key_sealed: text('key_sealed').notNull(),
    key_last4: text('key_last4').notNull(),
    rotated_at: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
    created_at: createdAt,
  },
  (table) => [uniqueIndex('shop_api_keys_hash_unique').on(table.key_hash)],
);

/**
 * One row per Open API call, written once with its final status: a charged call when it settles (its
 * charge row in api_call_charges deleted in the same statement: success keeps the units,
 * failed_upstream gives them back), a call refused before charging at once with 0 units. A process
 * that dies in between leaves the charge row, which the sweep settles as failed_upstream and refunds,
 * so no unit is ever lost. Statuses: success, failed_upstream, quota_exhausted, rejected (store not
 * running, platform or API disabled, bad parameters); `pending` only in rows of earlier versions. A
 * call whose key matches no store is answered but not logged: it has no tenant, and logging it would
 * let anyone fill the table.
 *
 * No foreign keys (docs/decisions/0002): merchants, stores and packages are never deleted, and the
 * checks cost three lookups and three row locks per call on the Open API's hottest rows.
 */
export const apiCallLogs = pgTable(
  'api_call_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    created_at: createdAt,
    finished_at: timestamp('finished_at', { withTimezone: true }),
    merchant_id: integer('merchant_id').notNull(),
    shop_ref: integer('shop_ref').notNull(),
    shop_name: text('shop_name').notNull().default(''),
    platform: text('platform').notNull(),
    api_code: text('api_code').notNull(),
    api_name: text('api_name').notNull().default(''),
    /** The package the units came from (the "consume source"); null when nothing was charged. */
    package_ref: integer('package_ref'),
    package_name: text('package_name').notNull().default(''),
    status: text('status', {
      enum: ['pending', 'success', 'failed_upstream', 'quota_exhausted', 'rejected'],
    }).notNull(),
    /** Units charged: the cost on success, 0 when refunded or never charged. */
    charged_units: integer('charged_units').notNull().default(0),
    response_ms: integer('response_ms'),
    /** Why a call was rejected or failed: an error key (e.g. OPEN_QUOTA_EXHAUSTED) or the upstream's answer. */
    error: text('error').notNull().default(''),
    request_params: jsonb('request_params').notNull().default({}),
    /** Who made the call: a store's system with its API key, or the store's own site for a buyer (rows before 0041: api_key). */
    source: callSource(),
    /** Where the answer came from: the vendor (live), a fresh cached copy (cached), or a stale copy served when the vendor failed (stale). */
    cache_state: text('cache_state', { enum: API_CALL_CACHE_STATES }).notNull().default('live'),
  },
  (table) => [
    index('api_call_logs_merchant_created_idx').on(table.merchant_id, table.created_at),
    index('api_call_logs_shop_created_idx').on(table.shop_ref, table.created_at),
    index('api_call_logs_created_idx').on(table.created_at),
    /**
     * The log lists filtered by a rare outcome (failed upstream, quota exhausted, rejected: a few per
     * cent of calls), of one merchant or of all, newest first: without these a page and its count
     * walk every call of the range. Successful calls never enter them, so the Open API's settle
     * statement does not maintain them for most calls.
     */
    index('api_call_logs_merchant_problem_idx')
      .on(table.merchant_id, table.status, table.created_at)
      .where(sql`${table.status} in ('failed_upstream', 'quota_exhausted', 'rejected')`),
    index('api_call_logs_problem_idx')
      .on(table.status, table.created_at)
      .where(sql`${table.status} in ('failed_upstream', 'quota_exhausted', 'rejected')`),
  ],
);

/**
 * Daily roll-up of api_call_logs (calendar days of the business time zone), kept in the same transaction that settles a call, so
 * dashboards and statistics read a few hundred rows instead of millions of log rows. A call in flight
 * (a row of api_call_charges) is not counted until it settles. One writer: the SQL function
 * api_usage_add (migration 0025), called by open_api_charge and by the settle statement.
 */
export const apiUsageDaily = pgTable(
  'api_usage_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    merchant_id: integer('merchant_id').notNull(),
    shop_ref: integer('shop_ref').notNull(),
    platform: text('platform').notNull(),
    api_code: text('api_code').notNull(),
    status: text('status').notNull(),
    /** Who made the calls (api_key or storefront; rows before migration 0044: api_key). */
    source: callSource(),
    calls: bigint('calls', { mode: 'number' }).notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    total_response_ms: bigint('total_response_ms', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    uniqueIndex('api_usage_daily_key').on(
      table.day,
      table.merchant_id,
      table.shop_ref,
      table.platform,
      table.api_code,
      table.status,
      table.source,
    ),
    index('api_usage_daily_merchant_day_idx').on(table.merchant_id, table.day),
    /** One store's statistics by API (no compact roll-up has both the store and the API). */
    index('api_usage_daily_store_day_idx').on(table.shop_ref, table.day),
  ],
);

/** The §9 log platforms, in the spec's order. */
export const USAGE_PLATFORMS = ['1688', 'taobao', 'micro_store', 'jd'] as const;
/** The summed outcomes of a compact roll-up row: calls by status, units charged and response time. */
export const USAGE_SUM_FIELDS = [
  'calls',
  'success',
  'failed_upstream',
  'quota_exhausted',
  'rejected',
  'units',
  'total_response_ms',
] as const;
type UsageSumField = (typeof USAGE_SUM_FIELDS)[number];
const sumColumn = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const sumColumns = <Name extends string>(names: readonly Name[]) =>
  Object.fromEntries(names.map((name) => [name, sumColumn(name)])) as Record<Name, ReturnType<typeof sumColumn>>;
/** A column of one platform's part of a sum, e.g. calls_taobao. */
export const platformSumColumn = (field: UsageSumField, platform: (typeof USAGE_PLATFORMS)[number]) =>
  `${field}_${platform}` as const;
const PLATFORM_SUM_COLUMNS = USAGE_PLATFORMS.flatMap((platform) =>
  USAGE_SUM_FIELDS.map((field) => platformSumColumn(field, platform)),
);

/*
 * Compact roll-ups: api_usage_daily of closed days folded three ways, so a report over a month
 * reads about 1,500 rows a day of stores, or a few hundred in all, instead of 10,000 a day. Written
 * only by the usage fold job (modules/traffic/traffic-report/usage-fold.ts), never by the Open API, and only
 * for days up to usage_fold_state.folded_through; the reports read the days after it from
 * api_usage_daily. Every row has calls > 0, as every api_usage_daily row has.
 */

/**
 * Per store a day: the sums, and each platform's part of them in columns of its own (the four §9
 * platforms), so a platform filter on a store or merchant ranking reads one row per store too.
 */
export const apiUsageDailyShop = pgTable(
  'api_usage_daily_shop',
  {
    day: date('day', { mode: 'string' }).notNull(),
    merchant_id: integer('merchant_id').notNull(),
    shop_ref: integer('shop_ref').notNull(),
    ...sumColumns(USAGE_SUM_FIELDS),
    ...sumColumns(PLATFORM_SUM_COLUMNS),
  },
  (table) => [
    uniqueIndex('api_usage_daily_shop_key').on(table.day, table.merchant_id, table.shop_ref),
    index('api_usage_daily_shop_merchant_day_idx').on(table.merchant_id, table.day),
  ],
);

/** Per merchant, platform and API a day: a merchant's statistics and platform split read a few rows a day. */
export const apiUsageDailyApi = pgTable(
  'api_usage_daily_api',
  {
    day: date('day', { mode: 'string' }).notNull(),
    merchant_id: integer('merchant_id').notNull(),
    platform: text('platform').notNull(),
    api_code: text('api_code').notNull(),
    ...sumColumns(USAGE_SUM_FIELDS),
  },
  (table) => [
    uniqueIndex('api_usage_daily_api_key').on(table.day, table.merchant_id, table.platform, table.api_code),
    index('api_usage_daily_api_merchant_day_idx').on(table.merchant_id, table.day),
  ],
);

/** Per platform and API a day, all merchants: the operator's totals, trend and platform and API statistics. */
export const apiUsageDailyTotal = pgTable(
  'api_usage_daily_total',
  {
    day: date('day', { mode: 'string' }).notNull(),
    platform: text('platform').notNull(),
    api_code: text('api_code').notNull(),
    ...sumColumns(USAGE_SUM_FIELDS),
  },
  (table) => [uniqueIndex('api_usage_daily_total_key').on(table.day, table.platform, table.api_code)],
);

/**
 * How far the fold has got: every day up to `folded_through` is in the compact roll-ups (and is
 * re-folded for a few days after it closes, to pick up late settles). One row, id 1.
 */
export const usageFoldState = pgTable(
  'usage_fold_state',
  {
    id: integer('id').primaryKey(),
    folded_through: date('folded_through', { mode: 'string' }).notNull(),
    folded_at: timestamp('folded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('usage_fold_state_single_row', sql`${table.id} = 1`)],
);
