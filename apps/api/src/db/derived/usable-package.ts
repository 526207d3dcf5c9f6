import { sql, type SQL } from 'drizzle-orm';
import { trafficPackages } from '../schema/index';

/**
 * "The metered Open API may charge this traffic package at `now`" (paid, not void, units left, not
 * expired): the database's `traffic_package_usable` (db/functions/10_traffic_package_usable.sql), the
 * rule the charge itself applies, so what the API reports as usable is what a call can spend. The
 * planner inlines it, so the partial index on usable packages still serves.
 */
export function isUsablePackageSql(now: Date): SQL {
  return sql`traffic_package_usable(${trafficPackages.paid_at}, ${trafficPackages.voided_at}, ${trafficPackages.units_used},
    ${trafficPackages.units_total}, ${trafficPackages.expires_at}, ${now.toISOString()}::timestamptz)`;
}
