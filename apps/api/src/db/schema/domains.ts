import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops } from './stores';

/**
 * A store's domains (docs/domains.md): its system domain `<shop_id>.<SHOP_BASE_DOMAIN>` (written at
 * provisioning, bound, never removed) and custom domains bound by DNS (a CNAME, or A/AAAA for an
 * apex, and the TXT `_parlour-verify.<domain>` holding `verify_token`). Several stores may claim a
 * domain while it is binding; the first to verify binds it and the others' claims are dropped, so a
 * bound domain belongs to one store (`shop_domains_bound_unique`).
 */
export const shopDomains = pgTable(
  'shop_domains',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shop_ref: integer('shop_ref')
      .notNull()
      .references(() => shops.id),
    /** Lower-case ASCII; an internationalised name in punycode. */
    domain: text('domain').notNull(),
    type: text('type', { enum: ['system', 'manual'] }).notNull(),
    status: text('status', { enum: ['binding', 'bound'] }).notNull(),
    is_primary: boolean('is_primary').notNull().default(false),
    /** A non-primary domain answering 301 to the primary. */
    is_redirect: boolean('is_redirect').notNull().default(false),
    verify_token: text('verify_token').notNull(),
    verified_at: timestamp('verified_at', { withTimezone: true }),
    last_checked_at: timestamp('last_checked_at', { withTimezone: true }),
    /** When the re-check job looks at a binding domain next; null when bound or past the re-check period. */
    next_check_at: timestamp('next_check_at', { withTimezone: true }),
    /** The last failed check's reason (DOMAIN_FAILURE_REASONS) and its detail (where a CNAME points, …). */
    failure_reason: text('failure_reason'),
    failure_detail: text('failure_detail').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shop_domains_shop_domain_unique').on(table.shop_ref, table.domain),
    // A bound domain serves one store: the platform-wide rule holds under concurrent checks.
    uniqueIndex('shop_domains_bound_unique')
      .on(table.domain)
      .where(sql`${table.status} = 'bound'`),
    // Exactly one primary per store (at most one here; provisioning writes it, change_main moves it in one transaction).
    uniqueIndex('shop_domains_one_primary')
      .on(table.shop_ref)
      .where(sql`${table.is_primary}`),
    index('shop_domains_domain_idx').on(table.domain),
    index('shop_domains_recheck_idx')
      .on(table.next_check_at)
      .where(sql`${table.status} = 'binding'`),
  ],
);
