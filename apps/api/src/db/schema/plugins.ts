import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins, merchants } from './accounts';
import { bills, shops, storeVersions } from './stores';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Plugin types the operator manages (name in both languages, display order). */
export const pluginTypes = pgTable('plugin_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  name_en: text('name_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  created_at: createdAt,
  updated_at: updatedAt,
});

/**
 * The plugin catalogue (docs/plugins.md). `code` is how the store system recognises a plugin:
 * unique and never changed. Texts are bilingual (lib/localized-columns); `description` is sanitised
 * HTML. `install_count` is the number of shop_plugins rows of the plugin, moved in the transaction
 * that inserts one (the plugin row locked), so it is exact under concurrent installs.
 */
export const plugins = pgTable(
  'plugins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    name_en: text('name_en').notNull().default(''),
    icon: text('icon').notNull().default(''),
    type_id: integer('type_id')
      .notNull()
      .references(() => pluginTypes.id),
    /** One-off price per store in minor units; 0 = free. */
    price: integer('price').notNull().default(0),
    currency: text('currency').notNull().default('CNY'),
    trial_days: integer('trial_days').notNull().default(0),
    status: text('status', { enum: ['listed', 'unlisted'] })
      .notNull()
      .default('listed'),
    description: text('description').notNull().default(''),
    description_en: text('description_en').notNull().default(''),
    /** Up to 6 `/uploads/<name>` images. */
    screenshots: jsonb('screenshots').$type<string[]>().notNull().default([]),
    video_url: text('video_url').notNull().default(''),
    version: text('version').notNull().default('1.0.0'),
    changelog: text('changelog').notNull().default(''),
    changelog_en: text('changelog_en').notNull().default(''),
    install_count: integer('install_count').notNull().default(0),
    created_by_admin_id: integer('created_by_admin_id').references(() => admins.id),
    created_at: createdAt,
    updated_at: updatedAt,
  },
  (table) => [
    uniqueIndex('plugins_code_unique').on(table.code),
    index('plugins_status_updated_idx').on(table.status, table.updated_at),
    index('plugins_type_idx').on(table.type_id),
    check('plugins_install_count_not_negative', sql`${table.install_count} >= 0`),
    check('plugins_price_not_negative', sql`${table.price} >= 0`),
  ],
);

/** The store versions a plugin may be installed on (the spec's "version it belongs to"). */
export const pluginVersions = pgTable(
  'plugin_versions',
  {
    plugin_id: integer('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    version_id: integer('version_id')
      .notNull()
      .references(() => storeVersions.id),
  },
  (table) => [
    primaryKey({ columns: [table.plugin_id, table.version_id] }),
    index('plugin_versions_version_idx').on(table.version_id),
  ],
);

/**
 * A plugin on a store: one row per (store, plugin), kept for good (the trial rule "once per store"
 * reads `trial_started_at`). `status` is the merchant's switch; a trial past `trial_ends_at` reads as
 * disabled (derived at the read, persisted by the plugin sweep). A bought plugin has `bill_ref`.
 */
export const shopPlugins = pgTable(
  'shop_plugins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shop_ref: integer('shop_ref')
      .notNull()
      .references(() => shops.id),
    merchant_id: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    plugin_id: integer('plugin_id')
      .notNull()
      .references(() => plugins.id),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    source: text('source', { enum: ['free', 'purchased', 'trial'] }).notNull(),
    trial_started_at: timestamp('trial_started_at', { withTimezone: true }),
    trial_ends_at: timestamp('trial_ends_at', { withTimezone: true }),
    /**
     * When the plugin sweep told the merchant the trial ends soon: set by the statement that picks the
     * trials to remind, so each trial is reminded once whatever the number of sweeps running.
     */
    trial_reminded_at: timestamp('trial_reminded_at', { withTimezone: true }),
    bill_ref: integer('bill_ref').references(() => bills.id),
    installed_at: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
    created_at: createdAt,
    updated_at: updatedAt,
  },
  (table) => [
    uniqueIndex('shop_plugins_shop_plugin_unique').on(table.shop_ref, table.plugin_id),
    index('shop_plugins_plugin_installed_idx').on(table.plugin_id, table.installed_at),
    index('shop_plugins_merchant_idx').on(table.merchant_id),
    /** The sweep's search: enabled trials, by end. */
    index('shop_plugins_trial_ends_idx')
      .on(table.trial_ends_at)
      .where(sql`${table.source} = 'trial' and ${table.status} = 'enabled'`),
  ],
);

/**
 * A store's settings of a plugin the storefront gives a feature to (issue 24 §5; contract
 * calls/plugin-settings.ts): the customer service channels (`live_chat`), the buyer's guide
 * (`buyer_guide`, sanitised HTML). One JSON object per store and plugin code, written whole; kept when
 * the plugin is disabled or its trial ends, removed with the store.
 */
export const shopPluginSettings = pgTable(
  'shop_plugin_settings',
  {
    shop_ref: integer('shop_ref')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    plugin_code: text('plugin_code').notNull(),
    settings: jsonb('settings').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.shop_ref, table.plugin_code] })],
);
