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
    type: text('type', { enum: ['individual', 'enterprise'] })
      .notNull()
      .default('individual'),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    remark: text('remark').notNull().default(''),
    last_login_at: timestamp('last_login_at', { withTimezone: true }),
    last_login_ip: text('last_login_ip'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('merchants_email_unique')
      .on(table.email)
      .where(sql`${table.email} is not null`),
    uniqueIndex('merchants_mobile_unique')
      .on(table.mobile)
      .where(sql`${table.mobile} is not null`),
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
  status: text('status', { enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
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

/** Image captchas used so far: the nonce of a signed captcha id (issuing one stores nothing), kept until it expires so it is used once. */
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

/**
 * The periods a merchant was disabled by an operator: opened when it is disabled, closed when it is
 * enabled again. While one is open the merchant's stores' Open API keys are suspended; a closed one
 * the merchant has not yet seen is shown to it after signing in, then marked seen.
 */
export const merchantSuspensions = pgTable(
  'merchant_suspensions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchant_id: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    disabled_at: timestamp('disabled_at', { withTimezone: true }).notNull(),
    enabled_at: timestamp('enabled_at', { withTimezone: true }),
    seen_at: timestamp('seen_at', { withTimezone: true }),
  },
  (table) => [
    index('merchant_suspensions_merchant_idx').on(table.merchant_id, table.disabled_at),
    // At most one open period per merchant: a second disable without an enable changes nothing.
    uniqueIndex('merchant_suspensions_open_unique')
      .on(table.merchant_id)
      .where(sql`${table.enabled_at} is null`),
  ],
);

/**
 * Operators' two-factor sign-in (TOTP, RFC 6238): the secret sealed with SECRETS_KEY. A row without
 * `enabled_at` is an enrolment not confirmed yet (its secret shown once, waiting for a first code).
 * `last_time_step` is the time step of the last code accepted: a code is accepted once.
 */
export const adminTwoFactor = pgTable('admin_two_factor', {
  admin_id: integer('admin_id')
    .primaryKey()
    .references(() => admins.id, { onDelete: 'cascade' }),
  secret_sealed: text('secret_sealed').notNull(),
  enabled_at: timestamp('enabled_at', { withTimezone: true }),
  last_time_step: integer('last_time_step'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Recovery codes of an operator's two-factor sign-in: Argon2id hashes, each usable once. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    admin_id: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_recovery_codes_admin_idx').on(table.admin_id)],
);

/**
 * The second step of an operator's sign-in: the password was right, a TOTP or recovery code is
 * awaited. Only a SHA-256 of the challenge token is kept; it lasts a few minutes, is used once and is
 * void after a few wrong codes.
 */
export const adminLoginChallenges = pgTable(
  'admin_login_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    token_hash: text('token_hash').notNull().unique(),
    admin_id: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_login_challenges_expires_idx').on(table.expires_at)],
);
