import type { MerchantSortField, TAdminMerchant, TMerchantEditInput } from '@parlour/contract/calls/merchant-admin';
import { MERCHANT_TYPES, type MerchantStatus, type MerchantType } from '@parlour/contract/constants';
import { validationMessages } from '@parlour/contract/i18n/validation';
import type { SortOrder } from '@parlour/contract/schemas';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { PasswordHasher } from '../../../lib/secrets';
import { dayRange } from '../../../lib/business-days';
import { listSort } from '../../../lib/sql-sort';
import { fillDays, trendDays } from '../../../lib/trend';
import { isUniqueViolation } from '../../../db/errors';
import { defaultNickname, identityOf } from './account.service';
import type { SessionService } from '../../../platform/session/session.service';
import type { MerchantAdminRepository, MerchantFilter, MerchantView } from './merchant-admin.repository';

export function toAdminMerchant(view: MerchantView): TAdminMerchant {
  return {
    id: view.id,
    account: view.email ?? view.mobile ?? '',
    email: view.email,
    mobile: view.mobile,
    nickname: view.nickname,
    type: view.type,
    status: view.status,
    remark: view.remark,
    store_count: view.store_count,
    last_login_at: view.last_login_at ? view.last_login_at.toISOString() : null,
    created_at: view.created_at.toISOString(),
  };
}

interface ListInput {
  page: number;
  limit: number;
  keyword?: string;
  type?: MerchantType;
  status?: MerchantStatus;
  start_date?: string;
  end_date?: string;
  sort_field?: MerchantSortField;
  sort_order?: SortOrder;
}

/** What the edit call carries once parsed: an absent field stays as it is, a null email or phone is cleared. */
type EditInput = Omit<TMerchantEditInput, 'id' | 'email' | 'mobile'> & {
  email?: string | null;
  mobile?: string | null;
};

/**
 * The operator's merchant management: list, add (the registration rules for account and password),
 * edit profile, type, status and remark. Disabling a merchant ends all its sessions at once; its
 * login is then refused with ACCOUNT_DISABLED by the account service, and its stores' Open API keys
 * answer OPEN_KEY_SUSPENDED (the key lookup reads the merchant's status on every call). The period is
 * recorded (merchant_suspensions) so the merchant is told about it after it is enabled again.
 */
export function createMerchantAdminService(deps: {
  repository: MerchantAdminRepository;
  sessionService: SessionService;
  passwords: PasswordHasher;
  clock: Clock;
  /** The business time zone, whose days the date filters and the trend count. */
  getTimeZone: () => Promise<string>;
}) {
  const { repository, sessionService, passwords, clock } = deps;

  async function viewOf(id: number) {
    const view = await repository.findMerchantView(id);
    if (!view) throw new AppError('NOT_FOUND');
    return view;
  }

  async function assertAccountFree(account: { email?: string | null; mobile?: string | null }, exceptId?: number) {
    if (await repository.findOtherWithAccount(account, exceptId)) throw new AppError('ACCOUNT_EXISTS');
  }

  /** Two operators saving the same email at once: the unique index decides, and the loser hears ACCOUNT_EXISTS. */
  async function writeMerchant<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ACCOUNT_EXISTS');
      throw error;
    }
  }

  return {
    /** How many merchants match (the dashboard's totals). */
    countMerchants: (filter?: MerchantFilter) => repository.countMerchants(filter),
    /** One merchant as the operator's list shows it (the audit log's before and after). */
    async get(id: number) {
      return toAdminMerchant(await viewOf(id));
    },

    async list(input: ListInput) {
      const { start, end } = dayRange(input, await deps.getTimeZone());
      const filter = { keyword: input.keyword || undefined, type: input.type, status: input.status, start, end };
      const [rows, total] = await Promise.all([
        repository.listMerchants(
          filter,
          { limit: input.limit, offset: (input.page - 1) * input.limit },
          listSort(input),
        ),
        repository.countMerchants(filter),
      ]);
      return { list: rows.map(toAdminMerchant), total };
    },

    async add(input: {
      email?: string | null;
      mobile?: string | null;
      password: string;
      nickname: string;
      type: MerchantType;
      remark: string;
    }) {
      const email = input.email ?? null;
      const mobile = input.mobile ?? null;
      await assertAccountFree({ email, mobile });
      const passwordHash = await passwords.hash(input.password);
      // The call's schema requires an email or a phone; the account is whichever was given.
      const account = email ?? mobile;
      if (account === null)
        throw new AppError('VALIDATION_FAILED', { messages: validationMessages.merchant_account_required });
      const nickname = input.nickname || defaultNickname(identityOf(account));
      const row = await writeMerchant(() =>
        repository.insertMerchant({
          email,
          mobile,
          password_hash: passwordHash,
          nickname,
          type: input.type,
          remark: input.remark,
          created_at: clock.now(),
          updated_at: clock.now(),
        }),
      );
      return toAdminMerchant(await viewOf(row.id));
    },

    async edit(id: number, input: EditInput) {
      const current = await viewOf(id);
      const email = input.email === undefined ? current.email : input.email;
      const mobile = input.mobile === undefined ? current.mobile : input.mobile;
      if (!email && !mobile) {
        throw new AppError('VALIDATION_FAILED', { messages: validationMessages.merchant_account_required });
      }
      await assertAccountFree(
        { email: email !== current.email ? email : null, mobile: mobile !== current.mobile ? mobile : null },
        id,
      );
      const now = clock.now();
      const isStatusChanged = input.status !== undefined && input.status !== current.status;
      await writeMerchant(() =>
        repository.updateMerchant(
          id,
          {
            email,
            mobile,
            nickname: input.nickname === undefined ? current.nickname : input.nickname || current.nickname,
            type: input.type ?? current.type,
            status: input.status ?? current.status,
            remark: input.remark ?? current.remark,
            updated_at: now,
          },
          isStatusChanged ? { isDisabled: input.status === 'disabled', at: now } : undefined,
        ),
      );
      // Revoked after the status is stored: a login racing this edit either fails the status check
      // or created its session before this line and is revoked here; a session written after this
      // line is refused by session resolution, which reads the merchant's status. Enabling again
      // also revokes, so such a late session does not come back to life.
      if (isStatusChanged) await sessionService.revokeAllSessions('merchant', id);
      return toAdminMerchant(await viewOf(id));
    },

    async registerTrend(range: { start_date?: string; end_date?: string }) {
      const days = trendDays(range, clock.now(), await deps.getTimeZone());
      return { list: fillDays(days, await repository.registerTrend(days.start, days.end, days.zone)) };
    },

    async typeDistribution() {
      const rows = await repository.typeDistribution();
      const counts = new Map(rows.map((row) => [row.type, row.count]));
      return { list: MERCHANT_TYPES.map((type) => ({ type, count: counts.get(type) ?? 0 })) };
    },
  };
}
export type MerchantAdminService = ReturnType<typeof createMerchantAdminService>;
