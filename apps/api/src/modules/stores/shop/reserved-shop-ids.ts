import { RESERVED_SHOP_IDS, SHOP_ID_MAX_LENGTH } from '@parlour/contract/constants';

const SHOP_ID_PATTERN = new RegExp(`^[a-z0-9]{1,${SHOP_ID_MAX_LENGTH}}$`);

/**
 * The store IDs reserved whatever the operator saves: the contract's list, and the first label of
 * each of the platform's own hosts (SITE_HOSTS, CONSOLE_HOSTS: `console.parlour.com` reserves
 * `console`) that a store ID could be. Sorted, once each.
 */
export function fixedReservedShopIds(platformHosts: readonly string[]): string[] {
  const labels = platformHosts
    .map((host) => host.trim().toLowerCase().split('.')[0] ?? '')
    .filter((label) => SHOP_ID_PATTERN.test(label));
  return [...new Set<string>([...RESERVED_SHOP_IDS, ...labels])].sort();
}
