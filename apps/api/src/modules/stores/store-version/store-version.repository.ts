import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { shops, storeVersions } from '../../../db/schema/index';

export type StoreVersionRow = typeof storeVersions.$inferSelect;

export function createStoreVersionRepository(db: Db) {
  return {
    async listVersions(options: { isEnabledOnly: boolean; limit?: number; offset?: number }) {
      const query = db
        .select()
        .from(storeVersions)
        .where(options.isEnabledOnly ? eq(storeVersions.status, 'enabled') : undefined)
        .orderBy(asc(storeVersions.sort), asc(storeVersions.id))
        .$dynamic();
      if (options.limit !== undefined) query.limit(options.limit).offset(options.offset ?? 0);
      return query;
    },
    async countVersions() {
      const [row] = await db.select({ value: count() }).from(storeVersions);
      return row.value;
    },
    /** Stores per version, for the versions given. */
    async countStoresByVersion(versionIds: number[]) {
      if (!versionIds.length) return new Map<number, number>();
      const rows = await db
        .select({ versionId: shops.version_id, value: count() })
        .from(shops)
        .where(sql`${shops.version_id} in ${versionIds}`)
        .groupBy(shops.version_id);
      return new Map(rows.map((row) => [row.versionId, row.value]));
    },
    async findVersion(id: number, tx: Db = db) {
      const [row] = await tx.select().from(storeVersions).where(eq(storeVersions.id, id)).limit(1);
      return row;
    },
    async insertVersion(values: typeof storeVersions.$inferInsert) {
      const [row] = await db.insert(storeVersions).values(values).returning();
      return row;
    },
    async updateVersion(id: number, values: Partial<typeof storeVersions.$inferInsert>) {
      const [row] = await db.update(storeVersions).set(values).where(eq(storeVersions.id, id)).returning();
      return row;
    },
  };
}
export type StoreVersionRepository = ReturnType<typeof createStoreVersionRepository>;
