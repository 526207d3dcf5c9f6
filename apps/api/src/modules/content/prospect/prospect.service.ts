import type { ProspectSortField, ProspectStatus, TMessageInput, TProspect } from '@parlour/contract/calls/prospect';
import type { SortOrder } from '@parlour/contract/schemas';
import { toE164 } from '@parlour/contract/phone';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { dayRange } from '../../../lib/business-days';
import { listSort } from '../../../lib/sql-sort';
import type { ProspectRepository, ProspectRow } from './prospect.repository';

const HOUR_MS = 3_600_000;

function toProspect(row: ProspectRow): TProspect {
  return {
    id: row.id,
    name: row.name,
    contact: row.contact,
    content: row.content,
    ip: row.ip,
    status: row.status,
    remark: row.remark,
    followed_up_at: row.followed_up_at ? row.followed_up_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * A search that looks like a phone number (digits with spaces, dashes, dots, brackets, a leading +;
 * at least 4 digits) as the stored contacts hold it: its digits and, when it is a valid number (read
 * as a Chinese number unless it names its country), its E.164 form. Anything else is plain text.
 */
export function phoneSearch(keyword: string): { digits: string; e164: string | null } | undefined {
  if (!/^\+?[\d\s().-]+$/.test(keyword)) return undefined;
  const digits = keyword.replace(/\D/g, '');
  if (digits.length < 4) return undefined;
  return { digits, e164: toE164(keyword) };
}

/**
 * Prospects: the public message form stores leads (a few per address per hour, so the form cannot
 * be used to flood the operators), and operators follow them up.
 */
export function createProspectService(deps: {
  repository: ProspectRepository;
  clock: Clock;
  submitsPerIpPerHour: number;
  /** The business time zone, whose days the date filter counts. */
  getTimeZone: () => Promise<string>;
}) {
  const { repository, clock } = deps;

  return {
    async addMessage(options: { fields: Required<TMessageInput>; ip: string }) {
      const now = clock.now();
      // Stored normalised (E.164), so the same number typed two ways is one number; the contract has
      // already refused an invalid one.
      const contact = toE164(options.fields.contact, options.fields.country);
      if (contact === null) throw new AppError('VALIDATION_FAILED');
      const isStored = await repository.insertWithinLimit(
        {
          name: options.fields.name,
          contact,
          content: options.fields.content,
          ip: options.ip,
          created_at: now,
          updated_at: now,
        },
        new Date(now.getTime() - HOUR_MS),
        deps.submitsPerIpPerHour,
      );
      if (!isStored) throw new AppError('TOO_MANY_REQUESTS', { data: { retry_after: 3600 } });
      return null;
    },

    async list(input: {
      page: number;
      limit: number;
      keyword?: string;
      status?: ProspectStatus;
      start_date?: string;
      end_date?: string;
      sort_field?: ProspectSortField;
      sort_order?: SortOrder;
    }) {
      const { start, end } = dayRange(input, await deps.getTimeZone());
      const keyword = input.keyword || undefined;
      const { rows, total, newCount } = await repository.list(
        { keyword, phone: keyword ? phoneSearch(keyword) : undefined, status: input.status, start, end },
        { limit: input.limit, offset: (input.page - 1) * input.limit },
        listSort(input),
      );
      return { list: rows.map(toProspect), total, new_count: newCount };
    },

    async get(id: number) {
      const row = await repository.findById(id);
      if (!row) throw new AppError('NOT_FOUND');
      return toProspect(row);
    },

    async followUp(options: { id: number; adminId: number; status: ProspectStatus; remark: string }) {
      const now = clock.now();
      const isFollowedUp = options.status === 'followed_up';
      const row = await repository.update(options.id, {
        status: options.status,
        remark: options.remark,
        followed_up_at: isFollowedUp ? now : null,
        followed_up_by_admin_id: isFollowedUp ? options.adminId : null,
        updated_at: now,
      });
      if (!row) throw new AppError('NOT_FOUND');
      return toProspect(row);
    },
  };
}
export type ProspectService = ReturnType<typeof createProspectService>;
