import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { platformSettings } from '../../db/schema/index';

/** The platform_settings rows (one JSON value per key) and the database's own time zone names. */
export function createSettingsRepository(db: Db) {
  return {
    /** Pass the transaction when inside one: the embedded database has a single connection. */
    async find(key: string, executor: Db = db): Promise<{ value: unknown; updatedAt: Date } | undefined> {
      const [row] = await executor.select().from(platformSettings).where(eq(platformSettings.key, key)).limit(1);
      return row ? { value: row.value, updatedAt: row.updated_at } : undefined;
    },

    /** Stores `value` under `key`, changed at `now` (the caller's clock; the system's when not given). */
    async upsert(key: string, value: unknown, now = new Date()) {
      await db
        .insert(platformSettings)
        .values({ key, value, updated_at: now })
        .onConflictDoUpdate({ target: platformSettings.key, set: { value, updated_at: now } });
    },

    /** Stores `value` under `key` unless a value is there already (first writer wins); answers the stored value. */
    async insertOnce(key: string, value: unknown): Promise<unknown> {
      await db.insert(platformSettings).values({ key, value }).onConflictDoNothing({ target: platformSettings.key });
      const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, key)).limit(1);
      return row.value;
    },

    /** Whether the database knows the IANA zone `zone` (its own copy of the zone data). */
    async isTimeZoneKnown(zone: string): Promise<boolean> {
      const result = await db.execute<{ found: boolean }>(
        sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as found`,
      );
      return Boolean(result.rows[0]?.found);
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
