import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
