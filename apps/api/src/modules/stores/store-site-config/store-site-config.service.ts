import { UPLOADS_URL_PREFIX } from '@parlour/contract/calls/settings';
import {
  ZStoreSiteConfigFields,
  type TStoreSiteConfig,
  type TStoreSiteConfigFields,
} from '@parlour/contract/calls/store-site-config';
import type { Lang } from '@parlour/contract/errors';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { TenantScope } from '../../../lib/tenant-scope';
import { fieldValidationError } from '../../../plugins/envelope';
import { displayDomain } from '../../../lib/domain-name';
import type { StoreSiteConfigRepository, StoreSiteConfigRow } from './store-site-config.repository';

const IMAGE_FIELDS = ['logo', 'ico'] as const;

/**
 * The basic config a store starts with (written at provisioning, backfilled by migration 0030): its
 * name as the site name and in the copyright line, the other fields empty.
 */
export function defaultStoreSiteConfig(shop: { shop_name: string }, now: Date): TStoreSiteConfigFields {
  return {
    site_name: shop.shop_name,
    keywords: '',
    description: '',
    logo: '',
    ico: '',
    record_number: '',
    copyright: `© ${now.getUTCFullYear()} ${shop.shop_name}`,
    service_phone: '',
  };
}

/** The stored config over its defaults: a field missing or unreadable in the stored object shows its default. */
function toConfig(row: StoreSiteConfigRow): TStoreSiteConfig {
  const stored = row.site_config ?? {};
  const defaults = defaultStoreSiteConfig(row, row.created_at);
  const fields = Object.fromEntries(
    (Object.keys(defaults) as Array<keyof TStoreSiteConfigFields>).map((key) => {
      const parsed = ZStoreSiteConfigFields.shape[key].safeParse(stored[key]);
      return [key, parsed.success && stored[key] !== undefined ? parsed.data : defaults[key]];
    }),
  ) as TStoreSiteConfigFields;
  const updatedAt = typeof stored.updated_at === 'string' ? stored.updated_at : null;
  return {
    ...fields,
    shop_id: row.shop_id,
    shop_name: row.shop_name,
    domain: row.domain === null ? null : displayDomain(row.domain),
    updated_at: updatedAt,
  };
}

/**
 * Each store's basic config (docs/product-spec.md §2, §3): read and saved by its merchant, or by an
 * operator for any store (the routes pass the scope). Tenancy is the scope's: another merchant's
 * store is NOT_FOUND.
 */
export function createStoreSiteConfigService(deps: {
  repository: StoreSiteConfigRepository;
  clock: Clock;
  /** Whether the store's merchant may show one of our uploaded images (theirs, or an operator's). */
  isImageUsable: (fileName: string, merchantId: number) => Promise<boolean>;
}) {
  const { repository, clock } = deps;

  async function findShop(scope: TenantScope, shopId: string) {
    const row = await repository.findShop(shopId, scope);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    async getConfig(options: { scope: TenantScope; shopId: string }): Promise<TStoreSiteConfig> {
      return toConfig(await findShop(options.scope, options.shopId));
    },

    /**
     * Saves every field but the domain. A changed logo or icon that is one of our uploads must be the
     * store's merchant's upload or an operator's (not another merchant's, not a name we never handed out).
     */
    async editConfig(options: {
      scope: TenantScope;
      shopId: string;
      fields: TStoreSiteConfigFields;
      lang: Lang;
    }): Promise<TStoreSiteConfig> {
      const row = await findShop(options.scope, options.shopId);
      const current = toConfig(row);
      for (const field of IMAGE_FIELDS) {
        const value = options.fields[field];
        if (value === current[field] || !value.startsWith(UPLOADS_URL_PREFIX)) continue;
        if (!(await deps.isImageUsable(value.slice(UPLOADS_URL_PREFIX.length), row.merchant_id)))
          throw fieldValidationError([field], 'image_url_invalid', options.lang);
      }
      const now = clock.now();
      const saved = await repository.saveConfig(row.id, { ...options.fields, updated_at: now.toISOString() }, now);
      if (!saved) throw new AppError('NOT_FOUND');
      return toConfig(saved);
    },
  };
}
export type StoreSiteConfigService = ReturnType<typeof createStoreSiteConfigService>;
