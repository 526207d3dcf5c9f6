import type { NoticeSortField, TAdminNotice, TMerchantNotice, TNoticeFields } from '@parlour/contract/calls/notice';
import type { Lang } from '@parlour/contract/errors';
import { translateIssue } from '@parlour/contract/i18n/validation';
import type { TLocalizedText } from '@parlour/contract/localized-text';
import type { SortOrder } from '@parlour/contract/schemas';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { localizedOf, localizedValues, pickColumn } from '../../../lib/localized-columns';
import { listSort } from '../../../lib/sql-sort';
import { sanitizeNoticeHtml, visibleText } from './notice-content';
import type { NoticeAdminRow, NoticeMerchantRow, NoticeRepository } from './notice.repository';

type NoticeFields = Omit<Required<TNoticeFields>, 'publish_at' | 'title' | 'content'> & {
  title: TLocalizedText;
  content: TLocalizedText;
  publish_at?: string;
};

function toAdminNotice(row: NoticeAdminRow, lang: Lang): TAdminNotice {
  return {
    id: row.id,
    title: pickColumn(row, 'title', lang),
    content: pickColumn(row, 'content', lang),
    status: row.status,
    is_pinned: row.is_pinned,
    publish_at: row.publish_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    read_count: row.read_count,
    localized: { title: localizedOf(row, 'title'), content: localizedOf(row, 'content') },
  };
}
function toMerchantNotice(row: NoticeMerchantRow, lang: Lang): TMerchantNotice {
  return {
    id: row.id,
    title: pickColumn(row, 'title', lang),
    content: pickColumn(row, 'content', lang),
    is_pinned: row.is_pinned,
    publish_at: row.publish_at.toISOString(),
    is_read: row.read_at !== null,
    read_at: row.read_at ? row.read_at.toISOString() : null,
  };
}

/**
 * Notices: operators write them, merchants read them. Content is stored sanitised, so every reader
 * gets safe HTML; a merchant sees published notices from their publish time on, with read marks of
 * its own (the merchant always comes from the session).
 */
export function createNoticeService(deps: { repository: NoticeRepository; clock: Clock }) {
  const { repository, clock } = deps;

  /**
   * The row values of the fields. Chinese content that is empty once sanitised is refused like a
   * missing one; English content that is empty once sanitised is no translation ('').
   */
  function rowValues(fields: NoticeFields, now: Date) {
    const content = sanitizeNoticeHtml(fields.content['zh-CN']);
    if (!visibleText(content)) {
      const path = ['content', 'zh-CN'];
      throw new AppError('VALIDATION_FAILED', {
        messages: {
          'zh-CN': translateIssue('notice_content_required', path, 'zh-CN'),
          'en-US': translateIssue('notice_content_required', path, 'en-US'),
        },
      });
    }
    const english = sanitizeNoticeHtml(fields.content['en-US'] ?? '');
    return {
      ...localizedValues('title', fields.title),
      ...localizedValues('content', { 'zh-CN': content, 'en-US': visibleText(english) ? english : '' }),
      status: fields.status,
      is_pinned: fields.is_pinned,
      publish_at: fields.publish_at ? new Date(fields.publish_at) : now,
      updated_at: now,
    };
  }

  async function getForAdmin(id: number, lang: Lang) {
    const row = await repository.findForAdmin(id);
    if (!row) throw new AppError('NOT_FOUND');
    return toAdminNotice(row, lang);
  }

  return {
    async listForAdmin(
      input: {
        page: number;
        limit: number;
        keyword?: string;
        status?: TAdminNotice['status'];
        sort_field?: NoticeSortField;
        sort_order?: SortOrder;
      },
      lang: Lang,
    ) {
      const { rows, total } = await repository.listForAdmin(
        { keyword: input.keyword || undefined, status: input.status },
        { limit: input.limit, offset: (input.page - 1) * input.limit },
        listSort(input),
      );
      return { list: rows.map((row) => toAdminNotice(row, lang)), total };
    },

    getForAdmin,

    async addNotice(options: { adminId: number; fields: NoticeFields; lang: Lang }) {
      const now = clock.now();
      const id = await repository.insert({
        ...rowValues(options.fields, now),
        created_by_admin_id: options.adminId,
        created_at: now,
      });
      return getForAdmin(id, options.lang);
    },

    async editNotice(options: { id: number; fields: NoticeFields; lang: Lang }) {
      const values = rowValues(options.fields, clock.now());
      // Editing without a publish time keeps the one it had, so fixing a typo does not re-date a notice.
      if (!options.fields.publish_at) delete (values as Partial<typeof values>).publish_at;
      if (!(await repository.update(options.id, values))) throw new AppError('NOT_FOUND');
      return getForAdmin(options.id, options.lang);
    },

    /**
     * A notice from the platform to one merchant (a custom domain bound, docs/domains.md),
     * published at once, in both languages; `content` is HTML, sanitised like an operator's.
     */
    async notifyMerchant(options: { merchantId: number; title: TLocalizedText; content: TLocalizedText }) {
      const now = clock.now();
      await repository.insert({
        ...localizedValues('title', options.title),
        ...localizedValues('content', {
          'zh-CN': sanitizeNoticeHtml(options.content['zh-CN']),
          'en-US': sanitizeNoticeHtml(options.content['en-US'] ?? ''),
        }),
        status: 'published',
        is_pinned: false,
        publish_at: now,
        merchant_id: options.merchantId,
        created_at: now,
        updated_at: now,
      });
    },

    async deleteNotice(id: number) {
      if (!(await repository.delete(id))) throw new AppError('NOT_FOUND');
      return null;
    },

    async listForMerchant(
      merchantId: number,
      input: { page: number; limit: number; include_read: boolean },
      lang: Lang,
    ) {
      const now = clock.now();
      const [{ rows, total }, unreadCount] = await Promise.all([
        repository.listForMerchant(merchantId, now, {
          includeRead: input.include_read,
          limit: input.limit,
          offset: (input.page - 1) * input.limit,
        }),
        repository.countUnread(merchantId, now),
      ]);
      return { list: rows.map((row) => toMerchantNotice(row, lang)), total, unread_count: unreadCount };
    },

    async markRead(merchantId: number, input: { ids?: number[]; all: boolean }) {
      const now = clock.now();
      await repository.markRead(merchantId, now, input.all ? 'all' : [...new Set(input.ids ?? [])]);
      return { unread_count: await repository.countUnread(merchantId, now) };
    },
  };
}
export type NoticeService = ReturnType<typeof createNoticeService>;
