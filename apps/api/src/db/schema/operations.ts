import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { admins, merchants } from './accounts';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Notices (announcements) operators publish to merchants; `content` is sanitised HTML. Title and
 * content are bilingual: the `_en` columns hold English, '' when not translated.
 */
export const notices = pgTable(
  'notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    title_en: text('title_en').notNull().default(''),
    content: text('content').notNull(),
    content_en: text('content_en').notNull().default(''),
    status: text('status', { enum: ['published', 'draft'] })
      .notNull()
      .default('draft'),
    is_pinned: boolean('is_pinned').notNull().default(false),
    /** When merchants start seeing it (published notices only). */
    publish_at: timestamp('publish_at', { withTimezone: true }).notNull().defaultNow(),
    created_by_admin_id: integer('created_by_admin_id').references(() => admins.id),
    /**
     * A notice the platform writes to one merchant (a custom domain was bound, docs/domains.md);
     * null: an operator's notice to every merchant. The operator's notice pages show only the
     * latter.
     */
    merchant_id: integer('merchant_id').references(() => merchants.id),
    created_at: createdAt,
    updated_at: updatedAt,
  },
  (table) => [
    index('notices_visible_idx').on(table.status, table.is_pinned, table.publish_at),
    index('notices_merchant_idx').on(table.merchant_id),
  ],
);

/** Which merchant has read which notice; read state is per merchant. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    merchant_id: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    notice_id: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    read_at: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.merchant_id, table.notice_id] })],
);

/** Leads left through the public site's message form (the spec's "message board"). */
export const prospects = pgTable(
  'prospects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    contact: text('contact').notNull(),
    content: text('content').notNull(),
    ip: text('ip'),
    status: text('status', { enum: ['new', 'followed_up'] })
      .notNull()
      .default('new'),
    remark: text('remark').notNull().default(''),
    followed_up_at: timestamp('followed_up_at', { withTimezone: true }),
    followed_up_by_admin_id: integer('followed_up_by_admin_id').references(() => admins.id),
    created_at: createdAt,
    updated_at: updatedAt,
  },
  (table) => [
    index('prospects_created_idx').on(table.created_at),
    index('prospects_status_created_idx').on(table.status, table.created_at),
    index('prospects_ip_created_idx').on(table.ip, table.created_at),
  ],
);

/**
 * Images uploaded by operators (logo, ico, screenshots) and by merchants (their stores' logo and
 * icon); the file lives under UPLOAD_DIR by its name. One of the two uploaders is set.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    file_name: text('file_name').notNull().unique(),
    mime: text('mime', { enum: ['image/jpeg', 'image/png'] }).notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    original_name: text('original_name').notNull().default(''),
    uploaded_by_admin_id: integer('uploaded_by_admin_id').references(() => admins.id),
    uploaded_by_merchant_id: integer('uploaded_by_merchant_id').references(() => merchants.id),
    created_at: createdAt,
  },
  (table) => [index('uploads_sha256_idx').on(table.sha256)],
);
