import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Merchants: the platform's customers. Sign in by email or phone. */
export const merchants = pgTable(
  'merchants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email'),
    mobile: text('mobile'),
    password_hash: text('password_hash').notNull(),
    nickname: text('nickname').notNull(),
    type: text('type', { enum: ['individual', 'enterprise'] }).notNull().default('individual'),
    status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
    remark: text('remark').notNull().default(''),
    last_login_at: timestamp('last_login_at', { withTimezone: true }),
    last_login_ip: text('last_login_ip'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('merchants_email_unique').on(table.email).where(sql`${table.email} is not null`),
    uniqueIndex('merchants_mobile_unique').on(table.mobile).where(sql`${table.mobile} is not null`),
    index('merchants_created_idx').on(table.created_at),
    // The operator's list sorted on last login (both directions, ties by id: lib/sql-sort).
    index('merchants_last_login_idx').on(table.last_login_at, table.id),
    // Merchant searches (the operator's merchant list, the store list's merchant filter) are `ilike '%…%'`: trigram indexes.
    index('merchants_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('merchants_mobile_trgm_idx').using('gin', table.mobile.op('gin_trgm_ops')),
    index('merchants_nickname_trgm_idx').using('gin', table.nickname.op('gin_trgm_ops')),
  ],
);

/** Operators: a separate table and a separate principal from merchants. */
export const admins = pgTable('admins', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  account: text('account').notNull().unique(),
  password_hash: text('password_hash').notNull(),
  nickname: text('nickname').notNull(),
  status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
  last_login_at: timestamp('last_login_at', { withTimezone: true }),
  last_login_ip: text('last_login_ip'),
  ...timestamps,
});

/** Bearer sessions of both roles; only a hash of the token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    token_hash: text('token_hash').notNull().unique(),
    role: text('role', { enum: ['merchant', 'admin'] }).notNull(),
    user_id: integer('user_id').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    user_agent: text('user_agent'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_idx').on(table.role, table.user_id)],
);

/** Failed logins, counted per role and account over a sliding window to decide when a captcha is required. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    role: text('role', { enum: ['merchant', 'admin'] }).notNull(),
    account: text('account').notNull(),
    ip: text('ip'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_account_idx').on(table.role, table.account, table.created_at),
    index('login_failures_ip_idx').on(table.ip, table.created_at),
  ],
);

/** Image captchas: the answer is kept hashed, used once, for a few minutes. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answer_hash: text('answer_hash').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumed_at: timestamp('consumed_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Verification codes sent by email or SMS, bound to purpose and target, kept hashed. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['email', 'mobile'] }).notNull(),
    target: text('target').notNull(),
    purpose: text('purpose', { enum: ['register', 'forgot'] }).notNull(),
    code_hash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('verification_codes_target_idx').on(table.channel, table.target, table.purpose, table.created_at),
    index('verification_codes_ip_idx').on(table.ip, table.created_at),
  ],
);
