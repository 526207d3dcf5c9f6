import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { admins, merchants } from './accounts';
import { plugins } from './plugins';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Key-value platform settings and generated signing keys; one row per key, shared by every API process. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: updatedAt,
});

/**
 * Store versions (the spec's store "package"): features, trial days and a price per term. Texts
 * merchants read are bilingual (lib/localized-columns): `name` Chinese, `name_en` English ('' when
 * not translated); `features_en[i]` translates `features[i]`.
 */
export const storeVersions = pgTable('store_versions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  name_en: text('name_en').notNull().default(''),
  description: text('description').notNull().default(''),
  description_en: text('description_en').notNull().default(''),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  features_en: jsonb('features_en').$type<string[]>().notNull().default([]),
  trial_days: integer('trial_days').notNull().default(0),
  currency: text('currency').notNull().default('CNY'),
  /** [{ type: 'month' | 'year', term, amount }] covering every term of §9. */
  prices: jsonb('prices')
    .$type<Array<{ type: 'month' | 'year'; term: number; amount: number }>>()
    .notNull()
    .default([]),
  status: text('status', { enum: ['enabled', 'disabled'] })
    .notNull()
    .default('enabled'),
  sort: integer('sort').notNull().default(0),
  /** Custom domains a store of this version may add (its system domain does not count); null: the platform rule `domains_per_store`. */
  domain_limit: integer('domain_limit'),
  created_at: createdAt,
  updated_at: updatedAt,
});

/**
 * Stores. `status` is moved along with the expiry time by the status sweep (and by writes to the
 * store); reads derive the status at their own clock from it (`shopStatusSql`), so they never write.
 * `cancelled` is a create-and-pay store whose first bill was cancelled or expired unpaid: it is kept
 * for the merchant's history but no longer holds its store ID or counts against the store limit.
 */
export const shops = pgTable(
  'shops',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shop_id: text('shop_id').notNull(),
    merchant_id: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    shop_name: text('shop_name').notNull(),
    contact_email: text('contact_email').notNull(),
    version_id: integer('version_id')
      .notNull()
      .references(() => storeVersions.id),
    status: text('status', {
      enum: ['unpaid', 'initializing', 'trial', 'operating', 'pending_renewal', 'disabled', 'cancelled'],
    }).notNull(),
    is_trial: boolean('is_trial').notNull().default(false),
    /** When the store's trial started; kept after it is paid, so a merchant has one trial. */
    trial_started_at: timestamp('trial_started_at', { withTimezone: true }),
    is_disabled_by_operator: boolean('is_disabled_by_operator').notNull().default(false),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    domain: text('domain'),
    site_config: jsonb('site_config'),
    order_count: integer('order_count').notNull().default(0),
    shipment_count: integer('shipment_count').notNull().default(0),
    total_revenue: bigint('total_revenue', { mode: 'number' }).notNull().default(0),
    member_count: integer('member_count').notNull().default(0),
    currency: text('currency').notNull().default('CNY'),
    initializing_since: timestamp('initializing_since', { withTimezone: true }),
    ready_at: timestamp('ready_at', { withTimezone: true }),
    operator_remark: text('operator_remark').notNull().default(''),
    created_at: createdAt,
    updated_at: updatedAt,
  },
  (table) => [
    // A store ID belongs to one store at a time; an abandoned (cancelled) store lets it go.
    uniqueIndex('shops_shop_id_unique')
      .on(table.shop_id)
      .where(sql`${table.status} <> 'cancelled'`),
    index('shops_merchant_idx').on(table.merchant_id, table.created_at),
    index('shops_status_created_idx').on(table.status, table.created_at),
    index('shops_created_idx').on(table.created_at),
    index('shops_status_expires_idx').on(table.status, table.expires_at),
    index('shops_version_idx').on(table.version_id),
    // The operator's store list sorted by expiry or revenue (id breaks ties, both directions by one scan).
    index('shops_expires_id_idx').on(table.expires_at, table.id),
    index('shops_revenue_id_idx').on(table.total_revenue, table.id),
    // Keyword search is `ilike '%…%'` on the name and the store ID: trigram indexes (pg_trgm) serve it.
    index('shops_shop_name_trgm_idx').using('gin', table.shop_name.op('gin_trgm_ops')),
    index('shops_shop_id_trgm_idx').using('gin', table.shop_id.op('gin_trgm_ops')),
  ],
);

/** Bills: what a merchant pays (or an operator records as paid offline). Amounts in minor units. */
export const bills = pgTable(
  'bills',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bill_no: text('bill_no').notNull(),
    merchant_id: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    shop_ref: integer('shop_ref').references(() => shops.id),
    shop_name: text('shop_name').notNull(),
    type: text('type', { enum: ['new_store', 'renewal', 'plugin', 'traffic_package'] }).notNull(),
    /** What was bought, in Chinese; `product_name_en` in English ('' on bills from before both were kept). */
    product_name: text('product_name').notNull(),
    product_name_en: text('product_name_en').notNull().default(''),
    version_id: integer('version_id').references(() => storeVersions.id),
    /** The plugin a bill of type plugin buys (for the store `shop_ref`). */
    plugin_id: integer('plugin_id').references(() => plugins.id),
    package_name: text('package_name').notNull().default(''),
    package_name_en: text('package_name_en').notNull().default(''),
    term_type: text('term_type', { enum: ['month', 'year'] }),
    term: integer('term'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['unpaid', 'paid', 'cancelled', 'expired', 'refunded'] })
      .notNull()
      .default('unpaid'),
    pay_method: text('pay_method', { enum: ['wechat', 'alipay', 'paypal'] }),
    channel: text('channel', { enum: ['online', 'offline'] })
      .notNull()
      .default('online'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    provider: text('provider'),
    trade_no: text('trade_no'),
    /**
     * The provider's order for this bill (docs/payments.md): its id (out_trade_no, PayPal's order id), when
     * it was made, and the cashier's flow.
     */
    provider_order_id: text('provider_order_id'),
    provider_ordered_at: timestamp('provider_ordered_at', { withTimezone: true }),
    provider_flow: jsonb('provider_flow'),
    /** What the provider was asked to collect when it differs from the bill (PayPal: the operator's currency at the operator's rate). */
    charged_amount: integer('charged_amount'),
    charged_currency: text('charged_currency'),
    charge_rate: text('charge_rate'),
    /** A payment taken for a bill no longer payable (cancelled, expired): recorded, waiting for the operator's refund. */
    needs_refund: boolean('needs_refund').notNull().default(false),
    /** The operator's full refund through the provider. */
    refunded_at: timestamp('refunded_at', { withTimezone: true }),
    refund_reason: text('refund_reason'),
    refunded_by_admin_id: integer('refunded_by_admin_id').references(() => admins.id),
    /**
     * A refund the provider accepted but has not completed (WeChat Pay PROCESSING): 'pending' until the
     * reconciliation job's query says SUCCESS (refunded) or ABNORMAL/CLOSED ('failed'); null otherwise.
     */
    refund_state: text('refund_state', { enum: ['pending', 'failed'] }),
    /**
     * The bill's refund attempt, numbering its refund at the provider (refundNoOf: R<bill_no>, then
     * R<bill_no>-2, …). Asking again within one attempt reuses its number (the provider refunds once);
     * an attempt the provider ended without refunding (WeChat Pay ABNORMAL, CLOSED) spends its number,
     * and the next refund is a new attempt with a new one (WeChat Pay refuses a closed number again).
     */
    refund_attempt: integer('refund_attempt').notNull().default(1),
    /**
     * What paying a store bill changed on its store, recorded in the payment's transaction so a refund
     * restores exactly that: the expiry before (null for a store not yet paid) and after, and the
     * version before. Null on bills paid before this was kept (the refund then subtracts the term).
     */
    store_expires_before: timestamp('store_expires_before', { withTimezone: true }),
    store_expires_after: timestamp('store_expires_after', { withTimezone: true }),
    store_version_before: integer('store_version_before'),
    /**
     * The store's version when this store bill was made: a renewal into a higher version moves the
     * store only if it is still on this one when paid (an operator may have changed it meanwhile;
     * applyPaidStoreBill). Null on bills made before this was kept.
     */
    store_version_from: integer('store_version_from'),
    remark: text('remark').notNull().default(''),
    created_by_admin_id: integer('created_by_admin_id').references(() => admins.id),
    created_at: createdAt,
    updated_at: updatedAt,
  },
  (table) => [
    uniqueIndex('bills_bill_no_unique').on(table.bill_no),
    /** One unpaid store bill (new store or renewal) per store at a time: "order exists" holds under races. */
    uniqueIndex('bills_one_unpaid_store_bill')
      .on(table.shop_ref)
      .where(sql`${table.status} = 'unpaid' and ${table.type} in ('new_store', 'renewal')`),
    /** One unpaid plugin bill per store and plugin: concurrent purchases make one bill, the others "order exists". */
    uniqueIndex('bills_one_unpaid_plugin_bill')
      .on(table.shop_ref, table.plugin_id)
      .where(sql`${table.status} = 'unpaid' and ${table.type} = 'plugin'`),
    index('bills_merchant_created_idx').on(table.merchant_id, table.created_at),
    index('bills_created_idx').on(table.created_at),
    index('bills_status_created_idx').on(table.status, table.created_at),
    index('bills_unpaid_expires_idx')
      .on(table.expires_at)
      .where(sql`${table.status} = 'unpaid'`),
    /** Income: paid bills by paid time, with the amount, so a period's total is read from the index alone. */
    index('bills_paid_at_idx')
      .on(table.paid_at, table.amount)
      .where(sql`${table.status} = 'paid'`),
    index('bills_shop_idx').on(table.shop_ref, table.created_at),
    /** The operator's bill list sorted by amount (id breaks ties, both directions by one scan). */
    index('bills_amount_id_idx').on(table.amount, table.id),
    // Keyword search is `ilike '%…%'` on the bill number, store name and product name: trigram indexes (pg_trgm).
    index('bills_bill_no_trgm_idx').using('gin', table.bill_no.op('gin_trgm_ops')),
    index('bills_shop_name_trgm_idx').using('gin', table.shop_name.op('gin_trgm_ops')),
    index('bills_product_name_trgm_idx').using('gin', table.product_name.op('gin_trgm_ops')),
    index('bills_product_name_en_trgm_idx').using('gin', table.product_name_en.op('gin_trgm_ops')),
  ],
);

/** Payment notifications as received, with what was done with them (audit trail and replay evidence). */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    bill_no: text('bill_no').notNull(),
    outcome: text('outcome').notNull(),
    amount: integer('amount'),
    currency: text('currency'),
    trade_no: text('trade_no'),
    /** What happened: a provider's notification, or our query, close or refund of its order (docs/payments.md). */
    kind: text('kind', { enum: ['notification', 'query', 'close', 'refund'] })
      .notNull()
      .default('notification'),
    result: text('result', {
      enum: [
        'fulfilled',
        'duplicate',
        'mismatch',
        'refused',
        'failed_payment',
        'ignored',
        'unknown_bill',
        'unknown_refund',
        'stale',
        'replayed',
        'late_payment',
        'unpaid',
        'closed',
        'failed',
        'refunded',
        'pending',
      ],
    }).notNull(),
    payload: jsonb('payload').notNull(),
    created_at: createdAt,
  },
  (table) => [index('payment_notifications_bill_idx').on(table.bill_no, table.created_at)],
);

/** Single-use tickets into a store's admin; the ticket itself is signed, only its id is stored. */
export const storeTickets = pgTable('store_tickets', {
  id: text('id').primaryKey(),
  shop_ref: integer('shop_ref')
    .notNull()
    .references(() => shops.id),
  role: text('role', { enum: ['merchant', 'admin'] }).notNull(),
  user_id: integer('user_id').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  redeemed_at: timestamp('redeemed_at', { withTimezone: true }),
  created_at: createdAt,
});

/**
 * Stores per merchant and status, so the lists' tab counts without a keyword are a few rows read
 * instead of a count over every store. `merchant_id` 0 holds the whole platform's counts. A trigger on
 * `shops` (migration 0009) appends every change of a store's status to shop_status_deltas; the store
 * sweep folds the deltas into these rows. Readers add the deltas not folded yet, so counts are exact
 * at every moment, and no store write waits on a shared counter row.
 */
export const shopStatusCounts = pgTable(
  'shop_status_counts',
  {
    merchant_id: integer('merchant_id').notNull(),
    status: text('status').notNull(),
    stores: integer('stores').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.merchant_id, table.status] })],
);

/** Store status changes not yet folded into shop_status_counts: +1 for the new status, -1 for the old. */
export const shopStatusDeltas = pgTable(
  'shop_status_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchant_id: integer('merchant_id').notNull(),
    status: text('status').notNull(),
    delta: integer('delta').notNull(),
  },
  (table) => [index('shop_status_deltas_merchant_idx').on(table.merchant_id)],
);

/**
 * Paid bills per UTC day of their paid time, bill type, channel and currency, kept by a trigger on
 * `bills` (migration 0009) in the transaction that pays the bill. Income over whole days is summed
 * from here; the partial days at a range's ends come from the bills themselves.
 */
export const incomeDaily = pgTable(
  'income_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').notNull(),
    channel: text('channel').notNull(),
    currency: text('currency').notNull(),
    bills: integer('bills').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.type, table.channel, table.currency] })],
);

/**
 * Each store's pricing in the buyer's currency (modules/stores/store-pricing): the contract's fields
 * (calls/store-pricing.ts) as one JSON object; a store without a row has the defaults.
 */
export const storePricing = pgTable('store_pricing', {
  shop_ref: integer('shop_ref')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  pricing: jsonb('pricing').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Each store's picks (modules/stores/store-picks): items its merchant pins for the home page, with a
 * snapshot taken when pinned (title, main picture, CNY price range and China freight in fen) so the home page spends no
 * units; `sort` orders them (ascending). One pick per store, platform and item; removed with the store.
 */
export const storePicks = pgTable(
  'store_picks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shop_ref: integer('shop_ref')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    item_id: text('item_id').notNull(),
    title: text('title').notNull(),
    image: text('image').notNull(),
    price_min: integer('price_min').notNull(),
    price_max: integer('price_max').notNull(),
    /** The item's China freight in fen when pinned (0 free); null when the marketplace did not say. */
    china_freight: integer('china_freight'),
    sort: integer('sort').notNull(),
    created_at: createdAt,
  },
  (table) => [
    uniqueIndex('store_picks_shop_item_unique').on(table.shop_ref, table.platform, table.item_id),
    index('store_picks_shop_sort_idx').on(table.shop_ref, table.sort),
  ],
);

/**
 * A store's own shipping data (issue 24 §5b; contract calls/store-shipping.ts): its rate table of
 * destination zones (name, countries, first and continued weight in grams and their prices in fen) as
 * one JSON array, saved whole. The storefront's estimator reads it; checkout and packing will.
 */
export const storeShipping = pgTable('store_shipping', {
  shop_ref: integer('shop_ref')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  zones: jsonb('zones').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
});
