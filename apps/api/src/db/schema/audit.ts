import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './accounts';

/**
 * The audit log (docs/SECURITY.md, Audit log): one row per target an operator's writing call changed,
 * written in the call's own transaction (lib/unit-of-work), so a call that fails leaves no row and a row
 * always describes a change that happened. Secrets are masked before they are stored
 * (platform/audit/audit-mask).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    admin_id: integer('admin_id').references(() => admins.id),
    /** The operator's account as it was at the time (an operator renamed later still reads right). */
    admin_account: text('admin_account').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    request_id: text('request_id').notNull(),
    /** The contract call, e.g. `admin/cms/notification/edit`. */
    call_path: text('call_path').notNull(),
    /** What was done, `<target>.<verb>` (e.g. `notice.edit`); the console translates it. */
    action: text('action').notNull(),
    target_type: text('target_type').notNull(),
    /** The target's id as text (store IDs and settings groups are not numbers); '' when none. */
    target_id: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    /** Top-level fields whose value changed, compared before masking (a changed secret is listed, its value is not). */
    changed_fields: text('changed_fields').array().notNull(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.created_at, table.id),
    index('audit_log_admin_idx').on(table.admin_id, table.created_at),
    index('audit_log_target_idx').on(table.target_type, table.target_id, table.created_at),
    index('audit_log_action_idx').on(table.action, table.created_at),
  ],
);

/** The last failure of each external provider (mail, SMS, WeCom, product data, payments), for the operations page. */
export const providerStatus = pgTable('provider_status', {
  provider: text('provider').primaryKey(),
  last_error_at: timestamp('last_error_at', { withTimezone: true }).notNull(),
  /** The provider's own error text (operators only; never shown to merchants). */
  last_error: text('last_error').notNull(),
  error_count: integer('error_count').notNull().default(1),
  last_success_at: timestamp('last_success_at', { withTimezone: true }),
});
