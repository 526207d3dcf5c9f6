import { z } from 'zod';
import { defineCall } from '../call';
import { localizedText, ZLocalizedTextOutput, type LocalizedTextRule } from '../localized-text';
import { listOutput, sortFields, ZPageInput, rowId } from '../schemas';

/** Notices (announcements) operators publish to merchants (spec §2, §7 cms/notification). */

/** `draft`: only operators see it; `published`: merchants see it from `publish_at` on. */
export const NOTICE_STATUSES = ['published', 'draft'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
export const NOTICE_TITLE_MAX_LENGTH = 100;
/** Length limit of the content as sent (HTML markup included). */
export const NOTICE_CONTENT_MAX_LENGTH = 20_000;
/** Largest number of ids one mark_read call takes. */
export const NOTICE_MARK_READ_MAX_IDS = 100;

const ZNoticeId = rowId('id_required');

/**
 * What an operator writes, in Chinese and optionally English (localized-text). `content` is HTML from the console's editor; the server keeps only an
 * allowlist of formatting tags and safe links, so what merchants get can never run script.
 */
/** Rules of the notice's bilingual texts (the console's inputs check each language with them). */
export const NOTICE_TEXT_RULES = {
  title: {
    maxLength: NOTICE_TITLE_MAX_LENGTH,
    requiredError: 'notice_title_required',
    lengthError: 'notice_title_length',
  },
  content: {
    maxLength: NOTICE_CONTENT_MAX_LENGTH,
    requiredError: 'notice_content_required',
    lengthError: 'notice_content_length',
  },
} satisfies Record<string, LocalizedTextRule>;

export const ZNoticeFields = z.object({
  title: localizedText(NOTICE_TEXT_RULES.title),
  content: localizedText(NOTICE_TEXT_RULES.content),
  status: z.enum(NOTICE_STATUSES, { error: 'notice_status_invalid' }).default('draft'),
  is_pinned: z.boolean().default(false),
  /** ISO 8601 time with offset; absent means now. */
  publish_at: z.iso.datetime({ offset: true, error: 'publish_at_invalid' }).optional(),
});
export type TNoticeFields = z.input<typeof ZNoticeFields>;
export const ZNoticeEditInput = ZNoticeFields.extend({ id: ZNoticeId });
export type TNoticeEditInput = z.input<typeof ZNoticeEditInput>;
export const ZNoticeRef = z.object({ id: ZNoticeId });

export const ZNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  status: z.enum(NOTICE_STATUSES),
  is_pinned: z.boolean(),
  publish_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TNotice = z.infer<typeof ZNotice>;
/** An operator's view: how many merchants have read it, and both languages of its texts for the edit form. */
export const ZAdminNotice = ZNotice.extend({
  read_count: z.number().int(),
  localized: z.object({ title: ZLocalizedTextOutput, content: ZLocalizedTextOutput }),
});
export type TAdminNotice = z.infer<typeof ZAdminNotice>;

/** Columns the operator's notice list sorts on (default: pinned first, newest publish time first). */
export const NOTICE_SORT_FIELDS = ['publish_at', 'created_at', 'updated_at', 'read_count'] as const;
export type NoticeSortField = (typeof NOTICE_SORT_FIELDS)[number];
export const ZNoticeListInput = ZPageInput.extend({
  /** Matches the title or the content. */
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(NOTICE_STATUSES, { error: 'notice_status_invalid' }).optional(),
}).extend(sortFields(NOTICE_SORT_FIELDS).shape);
export type TNoticeListInput = z.input<typeof ZNoticeListInput>;

export const adminListNotices = defineCall({
  path: 'admin/cms/notification/lists',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary:
    'All notices by title/content keyword and status, pinned first and newest publish time first, or sorted on publish, creation or update time or read count',
  input: ZNoticeListInput,
  output: listOutput(ZAdminNotice),
});
export const adminAddNotice = defineCall({
  path: 'admin/cms/notification/add',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Creates a notice; its HTML content is sanitised against script injection',
  input: ZNoticeFields,
  output: ZAdminNotice,
});
export const adminEditNotice = defineCall({
  path: 'admin/cms/notification/edit',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: "Replaces a notice's title, content, status, pinned flag and publish time",
  input: ZNoticeEditInput,
  output: ZAdminNotice,
});
export const adminDeleteNotice = defineCall({
  path: 'admin/cms/notification/delete',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: "Deletes a notice and the merchants' read marks of it",
  input: ZNoticeRef,
  output: z.null(),
});
export const adminNoticeDetail = defineCall({
  path: 'admin/cms/notification/detail',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'One notice with its read count',
  input: ZNoticeRef,
  output: ZAdminNotice,
});

// ---------- merchant ----------

/** A published notice as a merchant sees it, with the merchant's own read mark. */
export const ZMerchantNotice = ZNotice.omit({ status: true, created_at: true, updated_at: true }).extend({
  is_read: z.boolean(),
  read_at: z.string().nullable(),
});
export type TMerchantNotice = z.infer<typeof ZMerchantNotice>;

export const ZMerchantNoticeListInput = ZPageInput.extend({
  /** False (default): unread notices only, for the announcement panel; true: every visible notice with its read mark. */
  include_read: z.boolean().default(false),
});
export type TMerchantNoticeListInput = z.input<typeof ZMerchantNoticeListInput>;

export const ZMarkReadInput = z
  .object({
    ids: z.array(ZNoticeId).max(NOTICE_MARK_READ_MAX_IDS, { error: 'notice_ids_required' }).optional(),
    /** Marks every visible notice read. */
    all: z.boolean().default(false),
  })
  .refine((value) => value.all || (value.ids?.length ?? 0) > 0, { error: 'notice_ids_required', path: ['ids'] });
export type TMarkReadInput = z.input<typeof ZMarkReadInput>;

export const merchantListUnreadNotices = defineCall({
  path: 'merchant/cms/notification/unread_lists',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary:
    "Published notices visible now, pinned first then newest: the unread ones, or all with the merchant's read mark; plus the unread count",
  input: ZMerchantNoticeListInput,
  output: listOutput(ZMerchantNotice).extend({ unread_count: z.number().int() }),
});
export const merchantMarkNoticesRead = defineCall({
  path: 'merchant/cms/notification/mark_read',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Marks notices (or all visible ones) read for this merchant only; answers the new unread count',
  input: ZMarkReadInput,
  output: z.object({ unread_count: z.number().int() }),
});
