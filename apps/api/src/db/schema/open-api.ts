import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { callSource } from './traffic';

/**
 * Open API calls in flight: charged, waiting for their upstream answer. The charging transaction
 * takes the units from the package and inserts the row here; the settling statement deletes it and
 * writes the call's one and only log row (success keeps the units, a failure gives them back). A row
 * left behind by a process that died in between is settled by the sweep as failed_upstream and
 * refunded, so a crash loses no units. Kept apart from api_call_logs so a call's log row is written
 * once, final: the log table and its indexes never carry a pending version of it.
 *
 * The id is taken from the log table's sequence and becomes the log row's id. No foreign keys: the
 * row lives for milliseconds and only the Open API writes it.
 */
export const apiCallCharges = pgTable(
  'api_call_charges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    merchant_id: integer('merchant_id').notNull(),
    shop_ref: integer('shop_ref').notNull(),
    shop_name: text('shop_name').notNull(),
    platform: text('platform').notNull(),
    api_code: text('api_code').notNull(),
    api_name: text('api_name').notNull(),
    package_ref: integer('package_ref').notNull(),
    package_name: text('package_name').notNull(),
    units: integer('units').notNull(),
    request_params: jsonb('request_params').notNull(),
    /** Who made the call (api_key or storefront): the settle copies it into the log row. */
    source: callSource(),
  },
  (table) => [index('api_call_charges_created_idx').on(table.created_at)],
);

/**
 * The product-data cache (modules/traffic/product-cache): the vendor's last answer per data source,
 * platform, API and normalised parameters (the language among them), keyed by their hash. Served
 * without calling the vendor while fresh, and when the vendor fails while within the stale window
 * (both per API, open_apis); written on every successful vendor answer; rows past both windows are
 * deleted by the sweep. `item_id` (an item lookup's num_iid, else '') lets the operator purge one item.
 */
export const productCache = pgTable(
  'product_cache',
  {
    key_hash: text('key_hash').primaryKey(),
    source: text('source').notNull(),
    platform: text('platform').notNull(),
    api_code: text('api_code').notNull(),
    item_id: text('item_id').notNull().default(''),
    params: jsonb('params').notNull(),
    payload: jsonb('payload').notNull(),
    fetched_at: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('product_cache_item_idx')
      .on(table.platform, table.item_id)
      .where(sql`${table.item_id} <> ''`),
    index('product_cache_fetched_idx').on(table.fetched_at),
  ],
);

/**
 * How the cache answered, per day (UTC), platform and API: fresh hits, stale serves, and misses (a vendor
 * call). Counted in each process and added here every few seconds (statistics, not money: a process
 * that dies loses its last seconds of counts, never a unit).
 */
export const productCacheDaily = pgTable(
  'product_cache_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    platform: text('platform').notNull(),
    api_code: text('api_code').notNull(),
    hits: bigint('hits', { mode: 'number' }).notNull().default(0),
    stale: bigint('stale', { mode: 'number' }).notNull().default(0),
    misses: bigint('misses', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.platform, table.api_code] })],
);
