import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { inSavepoint } from '../../../db/errors';
import { dataSources, openApis } from '../../../db/schema/index';

export type DataSourceRow = typeof dataSources.$inferSelect;
export type OpenApiRow = typeof openApis.$inferSelect;
export type Platform = OpenApiRow['platform'];

/**
 * The platform settings key holding the product-data provider configuration (secret sealed), kept
 * through the settings service (platform/settings): the module does not write platform_settings.
 */
export const PRODUCT_DATA_SETTINGS_KEY = 'product_data';

/** The stored shape of the `product_data` setting. */
export interface StoredProductDataConfig {
  provider: 'sandbox' | 'http';
  base_url: string;
  key: string;
  /** Sealed with lib/secret-box (`v1:…`); empty when not set. */
  secret_sealed: string;
  timeout_ms: number;
  /** The vendor's path of each platform; absent in configurations saved before paths were editable. */
  platform_paths?: Partial<Record<Platform, string>>;
}

export function createCoreDataRepository(db: Db) {
  return {
    /** Data sources with the number of APIs (and enabled APIs) of their platform. */
    async listDataSources() {
      return db
        .select({
          source: dataSources,
          // Written out: drizzle leaves columns unqualified inside a subquery, which would compare open_apis with itself.
          apiCount: sql<number>`(select count(*)::int from open_apis a where a.platform = "data_sources"."platform")`,
          enabledApiCount: sql<number>`(select count(*)::int from open_apis a where a.platform = "data_sources"."platform" and a.is_enabled)`,
        })
        .from(dataSources)
        .orderBy(asc(dataSources.sort), asc(dataSources.id));
    },
    async findDataSource(id: number) {
      const [row] = await db.select().from(dataSources).where(eq(dataSources.id, id)).limit(1);
      return row;
    },
    /** In a savepoint of its own: a unique refusal must leave an operator call's transaction usable (see inSavepoint). */
    async insertDataSource(values: typeof dataSources.$inferInsert) {
      const [row] = await inSavepoint(db, (tx) => tx.insert(dataSources).values(values).returning());
      return row;
    },
    async updateDataSource(id: number, values: Partial<typeof dataSources.$inferInsert>) {
      const [row] = await db.update(dataSources).set(values).where(eq(dataSources.id, id)).returning();
      return row;
    },
    async deleteDataSource(id: number) {
      const rows = await db.delete(dataSources).where(eq(dataSources.id, id)).returning({ id: dataSources.id });
      return rows.length > 0;
    },

    async listOpenApis(filter: { platform?: Platform; keyword?: string; limit: number; offset: number }) {
      const conditions: SQL[] = [];
      if (filter.platform) conditions.push(eq(openApis.platform, filter.platform));
      if (filter.keyword) {
        const pattern = `%${filter.keyword.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
        conditions.push(or(ilike(openApis.code, pattern), ilike(openApis.name, pattern)) as SQL);
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(openApis)
          .where(where)
          .orderBy(asc(openApis.sort), asc(openApis.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ value: count() }).from(openApis).where(where),
      ]);
      return { rows, total: total.value };
    },
    async findOpenApi(id: number) {
      const [row] = await db.select().from(openApis).where(eq(openApis.id, id)).limit(1);
      return row;
    },
    /** Insert and update in a savepoint each: the unique (platform, code) index may refuse them (see inSavepoint). */
    async insertOpenApi(values: typeof openApis.$inferInsert) {
      const [row] = await inSavepoint(db, (tx) => tx.insert(openApis).values(values).returning());
      return row;
    },
    async updateOpenApi(id: number, values: Partial<typeof openApis.$inferInsert>) {
      const [row] = await inSavepoint(db, (tx) =>
        tx.update(openApis).set(values).where(eq(openApis.id, id)).returning(),
      );
      return row;
    },
  };
}
export type CoreDataRepository = ReturnType<typeof createCoreDataRepository>;
