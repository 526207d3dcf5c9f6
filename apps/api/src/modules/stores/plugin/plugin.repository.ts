import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PluginPriceType, PluginSortField, PluginStatus, ShopPluginStatus } from '@parlour/contract/calls/plugin';
import type { Db } from '../../../db/client';
import {
  bills,
  merchants,
  pluginTypes,
  plugins,
  pluginVersions,
  shopPlugins,
  shops,
  storeVersions,
} from '../../../db/schema/index';
import { allOf, containsPattern } from '../../../lib/sql-filters';
import { orderByColumn, type ListSort } from '../../../lib/sql-sort';

export type PluginRow = typeof plugins.$inferSelect;
export type PluginTypeRow = typeof pluginTypes.$inferSelect;
export type ShopPluginRow = typeof shopPlugins.$inferSelect;
export interface PluginVersionRef {
  id: number;
  name: string;
  name_en: string;
  /** What ranks it (store isHigherVersion) and whether it is listed. */
  sort: number;
  prices: Array<{ type: 'month' | 'year'; term: number; amount: number }>;
  status: 'enabled' | 'disabled';
}

/**
 * A store's plugin status at `now` (contract SHOP_PLUGIN_STATUSES): the merchant's switch, except a
 * trial past its end, which is disabled whether the sweep has stored that yet or not.
 */
export function shopPluginStatusSql(now: Date): SQL<ShopPluginStatus> {
  return sql<ShopPluginStatus>`case when ${shopPlugins.source} = 'trial'
    and ${shopPlugins.trial_ends_at} <= ${now} then 'disabled' else ${shopPlugins.status} end`;
}
function shopPluginStatusIs(status: ShopPluginStatus, now: Date): SQL {
  const isTrialOver = sql`(${shopPlugins.source} = 'trial' and ${shopPlugins.trial_ends_at} <= ${now})`;
  return status === 'enabled'
    ? sql`${shopPlugins.status} = 'enabled' and not ${isTrialOver}`
    : sql`(${shopPlugins.status} = 'disabled' or ${isTrialOver})`;
}

export interface PluginFilter {
  keyword?: string;
  typeId?: number;
  status?: PluginStatus;
  versionId?: number;
  priceType?: PluginPriceType;
}

const PLUGIN_SORT_COLUMNS: Record<PluginSortField, (typeof plugins)[keyof typeof plugins.$inferSelect]> = {
  install_count: plugins.install_count,
  updated_at: plugins.updated_at,
  created_at: plugins.created_at,
  price: plugins.price,
};

function pluginConditions(filter: PluginFilter): SQL | undefined {
  const keyword = filter.keyword ? containsPattern(filter.keyword) : undefined;
  return allOf([
    keyword
      ? sql`(${plugins.code} ilike ${keyword} or ${plugins.name} ilike ${keyword} or ${plugins.name_en} ilike ${keyword})`
      : undefined,
    filter.typeId !== undefined ? eq(plugins.type_id, filter.typeId) : undefined,
    filter.status ? eq(plugins.status, filter.status) : undefined,
    filter.versionId !== undefined
      ? sql`exists (select 1 from ${pluginVersions} where ${pluginVersions.plugin_id} = ${plugins.id} and ${pluginVersions.version_id} = ${filter.versionId})`
      : undefined,
    filter.priceType === 'free'
      ? eq(plugins.price, 0)
      : filter.priceType === 'paid'
        ? sql`${plugins.price} > 0`
        : undefined,
  ]);
}

export function createPluginRepository(db: Db) {
  return {
    // ----- types -----

    async listTypes() {
      const [types, counts] = await Promise.all([
        db.select().from(pluginTypes).orderBy(asc(pluginTypes.sort), asc(pluginTypes.id)),
        db.select({ type_id: plugins.type_id, value: count() }).from(plugins).groupBy(plugins.type_id),
      ]);
      const byType = new Map(counts.map((row) => [row.type_id, row.value]));
      return types.map((type) => ({ type, plugin_count: byType.get(type.id) ?? 0 }));
    },
    async findType(id: number, tx: Db = db) {
      const [row] = await tx.select().from(pluginTypes).where(eq(pluginTypes.id, id)).limit(1);
      return row;
    },
    async insertType(values: typeof pluginTypes.$inferInsert) {
      const [row] = await db.insert(pluginTypes).values(values).returning();
      return row;
    },
    async updateType(id: number, values: Partial<typeof pluginTypes.$inferInsert>) {
      const [row] = await db.update(pluginTypes).set(values).where(eq(pluginTypes.id, id)).returning();
      return row;
    },
    /**
     * Deletes a type no plugin uses: answers 'deleted', 'missing' or 'in_use'. The type row is locked
     * first, so a plugin added with it concurrently (its foreign key check shares that lock) waits.
     */
    async deleteUnusedType(id: number): Promise<'deleted' | 'missing' | 'in_use'> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: pluginTypes.id })
          .from(pluginTypes)
          .where(eq(pluginTypes.id, id))
          .for('update');
        if (!locked) return 'missing';
        const [used] = await tx.select({ id: plugins.id }).from(plugins).where(eq(plugins.type_id, id)).limit(1);
        if (used) return 'in_use';
        await tx.delete(pluginTypes).where(eq(pluginTypes.id, id));
        return 'deleted';
      });
    },

    // ----- catalogue -----

    async listPlugins(filter: PluginFilter, page: { limit: number; offset: number }, sort?: ListSort<PluginSortField>) {
      const where = pluginConditions(filter);
      const order = sort
        ? orderByColumn(PLUGIN_SORT_COLUMNS[sort.field], sort.order, plugins.id)
        : [desc(plugins.updated_at), desc(plugins.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(plugins)
          .where(where)
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ value: count() }).from(plugins).where(where),
      ]);
      return { rows, total: total.value };
    },
    async findPlugin(id: number, tx: Db = db) {
      const [row] = await tx.select().from(plugins).where(eq(plugins.id, id)).limit(1);
      return row;
    },
    async insertPlugin(values: typeof plugins.$inferInsert, versionIds: number[], tx: Db) {
      const [row] = await tx.insert(plugins).values(values).returning();
      await tx
        .insert(pluginVersions)
        .values(versionIds.map((versionId) => ({ plugin_id: row.id, version_id: versionId })));
      return row;
    },
    async updatePlugin(
      id: number,
      values: Partial<typeof plugins.$inferInsert>,
      versionIds: number[] | undefined,
      tx: Db,
    ) {
      const [row] = await tx.update(plugins).set(values).where(eq(plugins.id, id)).returning();
      if (row && versionIds) {
        await tx.delete(pluginVersions).where(eq(pluginVersions.plugin_id, id));
        await tx
          .insert(pluginVersions)
          .values(versionIds.map((versionId) => ({ plugin_id: id, version_id: versionId })));
      }
      return row;
    },
    /** Which of these store versions exist. */
    async existingVersionIds(ids: number[]) {
      if (!ids.length) return new Set<number>();
      const rows = await db.select({ id: storeVersions.id }).from(storeVersions).where(inArray(storeVersions.id, ids));
      return new Set(rows.map((row) => row.id));
    },
    /** The store versions each plugin may be installed on, in the versions' display order. */
    async versionsOf(pluginIds: number[]) {
      const map = new Map<number, PluginVersionRef[]>();
      if (!pluginIds.length) return map;
      const rows = await db
        .select({
          plugin_id: pluginVersions.plugin_id,
          id: storeVersions.id,
          name: storeVersions.name,
          name_en: storeVersions.name_en,
          sort: storeVersions.sort,
          prices: storeVersions.prices,
          status: storeVersions.status,
        })
        .from(pluginVersions)
        .innerJoin(storeVersions, eq(storeVersions.id, pluginVersions.version_id))
        .where(inArray(pluginVersions.plugin_id, pluginIds))
        .orderBy(asc(storeVersions.sort), asc(storeVersions.id));
      for (const row of rows) {
        const list = map.get(row.plugin_id) ?? [];
        const { plugin_id: _plugin, ...version } = row;
        list.push(version);
        map.set(row.plugin_id, list);
      }
      return map;
    },
    /** What ranks a store version (store isHigherVersion). */
    async versionTierOf(versionId: number) {
      const [row] = await db
        .select({ id: storeVersions.id, sort: storeVersions.sort, prices: storeVersions.prices })
        .from(storeVersions)
        .where(eq(storeVersions.id, versionId))
        .limit(1);
      return row;
    },
    async typesByIds(ids: number[]) {
      if (!ids.length) return new Map<number, PluginTypeRow>();
      const rows = await db.select().from(pluginTypes).where(inArray(pluginTypes.id, ids));
      return new Map(rows.map((row) => [row.id, row]));
    },
    /** A page of the stores that have the plugin, newest first, with their merchant; and how many there are. */
    async installsOf(pluginId: number, now: Date, page: { offset: number; limit: number }) {
      const where = eq(shopPlugins.plugin_id, pluginId);
      const [list, [counted]] = await Promise.all([
        db
          .select({
            shop_id: shops.shop_id,
            shop_name: shops.shop_name,
            merchant_id: shopPlugins.merchant_id,
            merchant_account: sql<string>`coalesce(${merchants.email}, ${merchants.mobile}, '')`,
            status: shopPluginStatusSql(now),
            source: shopPlugins.source,
            trial_ends_at: shopPlugins.trial_ends_at,
            installed_at: shopPlugins.installed_at,
          })
          .from(shopPlugins)
          .innerJoin(shops, eq(shops.id, shopPlugins.shop_ref))
          .innerJoin(merchants, eq(merchants.id, shopPlugins.merchant_id))
          .where(where)
          .orderBy(desc(shopPlugins.installed_at), desc(shopPlugins.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(shopPlugins)
          .where(where),
      ]);
      return { list, total: Number(counted?.total ?? 0) };
    },

    // ----- stores' plugins -----

    /** The merchant's store (never another merchant's), with what decides whether it may take a plugin. */
    async findMerchantShop(merchantId: number, shopId: string, tx: Db = db) {
      const [row] = await tx
        .select({
          id: shops.id,
          shop_id: shops.shop_id,
          shop_name: shops.shop_name,
          merchant_id: shops.merchant_id,
          version_id: shops.version_id,
          status: shops.status,
          expires_at: shops.expires_at,
          is_disabled_by_operator: shops.is_disabled_by_operator,
        })
        .from(shops)
        .where(and(eq(shops.merchant_id, merchantId), eq(shops.shop_id, shopId), ne(shops.status, 'cancelled')))
        .limit(1);
      return row;
    },
    /** The store's rows of these plugins, with their status at `now`. */
    async shopPluginsOf(shopRef: number, pluginIds: number[], now: Date) {
      const map = new Map<number, ShopPluginRow & { current_status: ShopPluginStatus }>();
      if (!pluginIds.length) return map;
      const rows = await db
        .select({ row: shopPlugins, current_status: shopPluginStatusSql(now) })
        .from(shopPlugins)
        .where(and(eq(shopPlugins.shop_ref, shopRef), inArray(shopPlugins.plugin_id, pluginIds)));
      for (const { row, current_status } of rows) map.set(row.plugin_id, { ...row, current_status });
      return map;
    },
    /** Unpaid plugin bills of the store still inside their payment window, by plugin. */
    async unpaidBillsOf(shopRef: number, pluginIds: number[], now: Date, tx: Db = db) {
      const map = new Map<number, string>();
      if (!pluginIds.length) return map;
      const rows = await tx
        .select({ plugin_id: bills.plugin_id, bill_no: bills.bill_no })
        .from(bills)
        .where(
          and(
            eq(bills.shop_ref, shopRef),
            eq(bills.type, 'plugin'),
            eq(bills.status, 'unpaid'),
            sql`${bills.expires_at} > ${now}`,
            inArray(bills.plugin_id, pluginIds),
          ),
        );
      for (const row of rows) if (row.plugin_id !== null) map.set(row.plugin_id, row.bill_no);
      return map;
    },
    /** The plugins of one store (my plugins), newest first. */
    async listShopPlugins(
      shopRef: number,
      filter: { status?: ShopPluginStatus; now: Date },
      page: { limit: number; offset: number },
    ) {
      const where = allOf([
        eq(shopPlugins.shop_ref, shopRef),
        filter.status ? shopPluginStatusIs(filter.status, filter.now) : undefined,
      ]);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            row: shopPlugins,
            plugin: plugins,
            current_status: shopPluginStatusSql(filter.now),
            bill_no: bills.bill_no,
          })
          .from(shopPlugins)
          .innerJoin(plugins, eq(plugins.id, shopPlugins.plugin_id))
          .leftJoin(bills, eq(bills.id, shopPlugins.bill_ref))
          .where(where)
          .orderBy(desc(shopPlugins.installed_at), desc(shopPlugins.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ value: count() }).from(shopPlugins).where(where),
      ]);
      return { rows, total: total.value };
    },
    async findShopPlugin(shopRef: number, pluginId: number, now: Date, tx: Db = db) {
      const [row] = await tx
        .select({ row: shopPlugins, plugin: plugins, current_status: shopPluginStatusSql(now), bill_no: bills.bill_no })
        .from(shopPlugins)
        .innerJoin(plugins, eq(plugins.id, shopPlugins.plugin_id))
        .leftJoin(bills, eq(bills.id, shopPlugins.bill_ref))
        .where(and(eq(shopPlugins.shop_ref, shopRef), eq(shopPlugins.plugin_id, pluginId)))
        .limit(1);
      return row;
    },
    /** Locks the plugin's row for the install that follows (install_count stays exact). */
    async lockPlugin(pluginId: number, tx: Db) {
      const [row] = await tx.select().from(plugins).where(eq(plugins.id, pluginId)).for('update');
      return row;
    },
    /** Locks the store's row of the plugin, if any. */
    async lockShopPlugin(shopRef: number, pluginId: number, tx: Db) {
      const [row] = await tx
        .select()
        .from(shopPlugins)
        .where(and(eq(shopPlugins.shop_ref, shopRef), eq(shopPlugins.plugin_id, pluginId)))
        .for('update');
      return row;
    },
    /** Inserts the store's row of the plugin and counts the install, in `tx` (the plugin row locked by the caller). */
    async insertShopPlugin(values: typeof shopPlugins.$inferInsert, tx: Db) {
      const [row] = await tx.insert(shopPlugins).values(values).returning();
      await tx
        .update(plugins)
        .set({ install_count: sql`${plugins.install_count} + 1` })
        .where(eq(plugins.id, values.plugin_id));
      return row;
    },
    async updateShopPlugin(id: number, values: Partial<typeof shopPlugins.$inferInsert>, tx: Db = db) {
      const [row] = await tx.update(shopPlugins).set(values).where(eq(shopPlugins.id, id)).returning();
      return row;
    },
    /** Moves the store's plugin to `status` unless it is a trial past its end being enabled; answers the row or undefined. */
    /** Uninstalls the plugin a refunded bill bought from its store (docs/payments.md). */
    async deleteShopPluginOfBill(billId: number, tx: Db) {
      await tx.delete(shopPlugins).where(eq(shopPlugins.bill_ref, billId));
    },
    async setShopPluginStatus(id: number, status: ShopPluginStatus, now: Date) {
      const [row] = await db
        .update(shopPlugins)
        .set({ status, updated_at: now })
        .where(
          and(
            eq(shopPlugins.id, id),
            status === 'enabled'
              ? sql`not (${shopPlugins.source} = 'trial' and ${shopPlugins.trial_ends_at} <= ${now})`
              : undefined,
          ),
        )
        .returning();
      return row;
    },
    /** Stores trials past their end as disabled; answers each one with its store and plugin, for the merchant's notice (reads derive the status before). */
    async disableEndedTrials(now: Date) {
      const rows = await db
        .update(shopPlugins)
        .set({ status: 'disabled', updated_at: now })
        .where(
          and(
            eq(shopPlugins.source, 'trial'),
            eq(shopPlugins.status, 'enabled'),
            sql`${shopPlugins.trial_ends_at} <= ${now}`,
          ),
        )
        .returning({ id: shopPlugins.id, merchant_id: shopPlugins.merchant_id });
      if (!rows.length) return [];
      return db
        .select({
          merchant_id: shopPlugins.merchant_id,
          shop_id: shops.shop_id,
          shop_name: shops.shop_name,
          plugin_code: plugins.code,
          plugin_name: plugins.name,
          plugin_name_en: plugins.name_en,
        })
        .from(shopPlugins)
        .innerJoin(shops, eq(shops.id, shopPlugins.shop_ref))
        .innerJoin(plugins, eq(plugins.id, shopPlugins.plugin_id))
        .where(
          inArray(
            shopPlugins.id,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(shopPlugins.id));
    },
    /**
     * Marks the trials that end after `now` and by `until` and were not reminded yet (a trial still on:
     * not bought, not switched off, not ended) as reminded at `now`, and answers each with its store,
     * plugin and end, for the merchant's notice. The one update picks and marks: a concurrent sweep
     * waits on the rows it locked and then finds them reminded, so each trial is picked once.
     */
    async markTrialsToRemind(now: Date, until: Date) {
      const rows = await db
        .update(shopPlugins)
        .set({ trial_reminded_at: now })
        .where(
          and(
            eq(shopPlugins.source, 'trial'),
            eq(shopPlugins.status, 'enabled'),
            isNull(shopPlugins.trial_reminded_at),
            sql`${shopPlugins.trial_ends_at} > ${now}`,
            sql`${shopPlugins.trial_ends_at} <= ${until}`,
          ),
        )
        .returning({ id: shopPlugins.id });
      if (!rows.length) return [];
      return db
        .select({
          merchant_id: shopPlugins.merchant_id,
          shop_id: shops.shop_id,
          shop_name: shops.shop_name,
          plugin_code: plugins.code,
          plugin_name: plugins.name,
          plugin_name_en: plugins.name_en,
          trial_ends_at: sql<Date>`${shopPlugins.trial_ends_at}`.mapWith(shopPlugins.trial_ends_at),
        })
        .from(shopPlugins)
        .innerJoin(shops, eq(shops.id, shopPlugins.shop_ref))
        .innerJoin(plugins, eq(plugins.id, shopPlugins.plugin_id))
        .where(
          inArray(
            shopPlugins.id,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(shopPlugins.id));
    },

    // ----- the store system -----

    /** The store's enabled plugins at `now` (a trial past its end is not), by code. */
    async enabledPluginsOf(shopRef: number, now: Date) {
      return db
        .select({
          code: plugins.code,
          name: plugins.name,
          name_en: plugins.name_en,
          version: plugins.version,
          source: shopPlugins.source,
          trial_ends_at: shopPlugins.trial_ends_at,
        })
        .from(shopPlugins)
        .innerJoin(plugins, eq(plugins.id, shopPlugins.plugin_id))
        .where(and(eq(shopPlugins.shop_ref, shopRef), shopPluginStatusIs('enabled', now)))
        .orderBy(asc(plugins.code));
    },
  };
}
export type PluginRepository = ReturnType<typeof createPluginRepository>;
