import { sql } from 'drizzle-orm';
import { shopDomains } from '../schema/index';

/**
 * A store's primary domain in a query on `shops` (unaliased): the system domain until a bound custom
 * domain is made primary (change_main), else the system domain written at provisioning (null before).
 * The store lists, their export, the ticket into the store's admin and the basic config show it.
 * (Written out: inside a subquery drizzle would leave the outer "id" unqualified.)
 */
export const primaryDomainSql = sql<string | null>`coalesce(
  (select primary_domain.domain from ${shopDomains} primary_domain
    where primary_domain.shop_ref = "shops"."id" and primary_domain.is_primary limit 1),
  "shops"."domain"
)`;
