import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-IP request counters of the unauthenticated endpoints (docs/SECURITY.md, Unauthenticated
 * endpoints): one row per bucket, address (an IPv6 address by its /64) and fixed window, counted
 * with an upsert, so every API process on the database shares the same budget. Purged by
 * purge-stale-records once their window is long over.
 */
export const ipRateLimits = pgTable(
  'ip_rate_limits',
  {
    bucket: text('bucket').notNull(),
    ip: text('ip').notNull(),
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.ip, table.window_start] }),
    index('ip_rate_limits_window_idx').on(table.window_start),
  ],
);

/**
 * Nonces of payment notifications already acted on (docs/SECURITY.md, Unauthenticated endpoints): a
 * signed notification is used once. A row is kept until its notification's timestamp has left the
 * accepted window (`expires_at`), after which the timestamp check refuses a replay anyway;
 * purge-stale-records drops it then.
 */
export const paymentNonces = pgTable(
  'payment_nonces',
  {
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.nonce] }),
    index('payment_nonces_expires_idx').on(table.expires_at),
  ],
);
