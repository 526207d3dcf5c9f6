import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { shopPluginSettings } from '../../../db/schema/index';

/** A store's saved settings of one plugin (the contract's fields, as stored) and when they were saved. */
export interface PluginSettingsRow {
  settings: unknown;
  updated_at: Date;
}

/** The shop_plugin_settings table: one row per store and plugin code whose settings were saved. */
export function createPluginSettingsRepository(db: Db) {
  return {
    async find(shopRef: number, code: string): Promise<PluginSettingsRow | undefined> {
      const [row] = await db
        .select({ settings: shopPluginSettings.settings, updated_at: shopPluginSettings.updated_at })
        .from(shopPluginSettings)
        .where(and(eq(shopPluginSettings.shop_ref, shopRef), eq(shopPluginSettings.plugin_code, code)))
        .limit(1);
      return row;
    },

    /** Writes a store's settings of a plugin whole. */
    async save(shopRef: number, code: string, settings: unknown, now: Date): Promise<PluginSettingsRow> {
      const [row] = await db
        .insert(shopPluginSettings)
        .values({ shop_ref: shopRef, plugin_code: code, settings, updated_at: now })
        .onConflictDoUpdate({
          target: [shopPluginSettings.shop_ref, shopPluginSettings.plugin_code],
          set: { settings: sql`excluded.settings`, updated_at: sql`excluded.updated_at` },
        })
        .returning({ settings: shopPluginSettings.settings, updated_at: shopPluginSettings.updated_at });
      return row!;
    },
  };
}
export type PluginSettingsRepository = ReturnType<typeof createPluginSettingsRepository>;
