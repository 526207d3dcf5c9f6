import type { TAdminNotice, TMerchantNotice, TNoticeFields } from '@parlour/contract/calls/notice';
import { validationMessages } from '@parlour/contract/i18n/validation';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { sanitizeNoticeHtml, visibleText } from './notice-content';
import type { NoticeAdminRow, NoticeMerchantRow, NoticeRepository } from './notice.repository';

type NoticeFields = Omit<Required<TNoticeFields>, 'publish_at'> & { publish_at?: string };

function toAdminNotice(row: NoticeAdminRow): TAdminNotice {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    status: row.status,
    is_pinned: row.is_pinned,
    publish_at: row.publish_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    read_count: row.read_count,
  };
}
function toMerchantNotice(row: NoticeMerchantRow): TMerchantNotice {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
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

  /** The row values of the fields; content that is empty once sanitised is refused like a missing one. */
  function rowValues(fields: NoticeFields, now: Date) {
    const content = sanitizeNoticeHtml(fields.content);
    if (!visibleText(content)) {
      throw new AppError('VALIDATION_FAILED', { messages: validationMessages.notice_content_required });
    }
    return {
      title: fields.title,
      content,
      status: fields.status,
      is_pinned: fields.is_pinned,
      publish_at: fields.publish_at ? new Date(fields.publish_at) : now,
      updated_at: now,
    };
  }

  async function getForAdmin(id: number) {
    const row = await repository.findForAdmin(id);
    if (!row) throw new AppError('NOT_FOUND');
    return toAdminNotice(row);
  }

  return {
    async listForAdmin(input: { page: number; limit: number; keyword?: string; status?: TAdminNotice['status'] }) {
      const { rows, total } = await repository.listForAdmin(
        { keyword: input.keyword || undefined, status: input.status },
        { limit: input.limit, offset: (input.page - 1) * input.limit },
      );
      return { list: rows.map(toAdminNotice), total };
    },

    getForAdmin,

    async addNotice(options: { adminId: number; fields: NoticeFields }) {
      const now = clock.now();
      const id = await repository.insert({ ...rowValues(options.fields, now), created_by_admin_id: options.adminId, created_at: now });
      return getForAdmin(id);
    },

    async editNotice(options: { id: number; fields: NoticeFields }) {
      const values = rowValues(options.fields, clock.now());
      // Editing without a publish time keeps the one it had, so fixing a typo does not re-date a notice.
      if (!options.fields.publish_at) delete (values as Partial<typeof values>).publish_at;
      if (!(await repository.update(options.id, values))) throw new AppError('NOT_FOUND');
      return getForAdmin(options.id);
    },

    async deleteNotice(id: number) {
      if (!(await repository.delete(id))) throw new AppError('NOT_FOUND');
      return null;
    },

    async listForMerchant(merchantId: number, input: { page: number; limit: number; include_read: boolean }) {
      const now = clock.now();
      const [{ rows, total }, unreadCount] = await Promise.all([
        repository.listForMerchant(merchantId, now, { includeRead: input.include_read, limit: input.limit, offset: (input.page - 1) * input.limit }),
        repository.countUnread(merchantId, now),
      ]);
      return { list: rows.map(toMerchantNotice), total, unread_count: unreadCount };
    },

    async markRead(merchantId: number, input: { ids?: number[]; all: boolean }) {
      const now = clock.now();
      await repository.markRead(merchantId, now, input.all ? 'all' : [...new Set(input.ids ?? [])]);
      return { unread_count: await repository.countUnread(merchantId, now) };
    },
  };
}
export type NoticeService = ReturnType<typeof createNoticeService>;
