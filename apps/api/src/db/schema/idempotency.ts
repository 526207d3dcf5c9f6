import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Answers of writing calls by their Idempotency-Key (docs/idempotency.md), shared by every API
 * process. A row is taken when a request with a new key starts (`response` null: running) and holds
 * the sealed answer once it ends; a repeat of the key answers that answer for 24 hours, then the
 * purge job drops it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The client's key, unique platform-wide: another principal's request with it is refused. */
    key: text('key').primaryKey(),
    /** `merchant:<id>`, `admin:<id>`, or `anonymous` for calls made before signing in. */
    principal: text('principal').notNull(),
    call_path: text('call_path').notNull(),
    /** HMAC-SHA256 of the body's fields (without lang_code) in canonical JSON: a changed body is refused. */
    request_hash: text('request_hash').notNull(),
    /** The answer envelope as JSON, sealed (it may hold a session token); null while the request runs. */
    response: text('response'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the running request started; a running row older than the stale limit may be taken over. */
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('idempotency_keys_created_idx').on(table.created_at)],
);
