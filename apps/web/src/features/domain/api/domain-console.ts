import type { TDomainList } from '@parlour/contract/calls/domain';
import type { Role } from '@parlour/contract/constants';
import { adminDomainsKey, adminShopsKey, merchantDomainsKey, merchantShopsKey } from '@/lib/query-keys';

/**
 * The two consoles' domain screens are one set of pages: the merchant acts on their own stores, the
 * operator (system-config group) on any store. Each call file picks the role's call from here.
 */
export const DOMAINS_KEY: Record<Role, readonly string[]> = { merchant: merchantDomainsKey, admin: adminDomainsKey };

/** The store lists show each store's primary domain: a change of primary refreshes them. */
export const SHOPS_KEY: Record<Role, readonly string[]> = { merchant: merchantShopsKey, admin: adminShopsKey };

/** The pages of a console's domain screens. */
export const DOMAIN_PATHS: Record<Role, { list: string; add: string }> = {
  merchant: { list: '/merchant/setting/domain', add: '/merchant/setting/domain_add' },
  admin: { list: '/admin/setting/domain', add: '/admin/setting/domain_add' },
};

/** A domain page's address for one store (and, on the add page, the domain being added). */
export function domainPageLink(path: string, shopId: string, domain?: string): string {
  const params = new URLSearchParams({ shop_id: shopId });
  if (domain) params.set('domain', domain);
  return `${path}?${params.toString()}`;
}

/**
 * How many custom domains a store has against its limit (the system domain is not counted: the API
 * refuses an add once the store's manual domains reach `limit`).
 */
export function customDomainUsage(list: TDomainList) {
  const count = list.list.filter((domain) => domain.type === 'manual').length;
  return { count, limit: list.limit, isAtLimit: count >= list.limit };
}

/**
 * The domain calls run whatever the browser says about being online: the request layer answers a
 * lost connection with its own message (spec §8), whereas react-query's default would pause a check
 * with its button spinning until the browser reports itself online again.
 */
export const NETWORK_MODE = 'always' as const;
