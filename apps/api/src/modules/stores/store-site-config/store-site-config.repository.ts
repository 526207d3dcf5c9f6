import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { shops } from '../../../db/schema/index';
import { tenantCondition, type TenantScope } from '../../../lib/tenant-scope';
import { primaryDomainSql } from '../../../db/derived/primary-domain';

/** A store with its basic config as stored (a JSON object; keys of the contract's fields, and `updated_at`). */
export interface StoreSiteConfigRow {
  id: number;
  shop_id: string;
  shop_name: string;
  merchant_id: number;
  domain: string | null;
  site_config: Record<string, unknown> | null;
  created_at: Date;
}

const columns = {
  id: shops.id,
  shop_id: shops.shop_id,
  shop_name: shops.shop_name,
  merchant_id: shops.merchant_id,
  // The primary domain (the domain pages change it), else the system domain written at provisioning.
  domain: primaryDomainSql,
  site_config: shops.site_config,
  created_at: shops.created_at,
};

/** The basic config lives in the store row (`shops.site_config`), written at provisioning and on each save. */
export function createStoreSiteConfigRepository(db: Db) {
  return {
    /** A store that is not given up (cancelled), by store ID, within the scope. */
    async findShop(shopId: string, scope: TenantScope): Promise<StoreSiteConfigRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(shops)
        .where(
          and(
            eq(shops.shop_id, shopId),
            sql`${shops.status} <> 'cancelled'`,
            tenantCondition(scope, shops.merchant_id),
          ),
        )
        .limit(1);
      return row as StoreSiteConfigRow | undefined;
    },

    /** Merges `values` over the stored config (keys the form does not know, written at provisioning, stay). */
    async saveConfig(id: number, values: Record<string, unknown>, now: Date): Promise<StoreSiteConfigRow | undefined> {
      const [row] = await db
        .update(shops)
        .set({
          site_config: sql`coalesce(${shops.site_config}, '{}'::jsonb) || ${JSON.stringify(values)}::jsonb`,
          updated_at: now,
        })
        .where(and(eq(shops.id, id), sql`${shops.status} <> 'cancelled'`))
        .returning(columns);
      return row as StoreSiteConfigRow | undefined;
    },
  };
}
export type StoreSiteConfigRepository = ReturnType<typeof createStoreSiteConfigRepository>;
