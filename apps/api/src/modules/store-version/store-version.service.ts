import type { TStoreVersion, TVersionFunInput, TVersionPriceInput } from '@parlour/contract/calls/store';
import type { TermType } from '@parlour/contract/constants';
import type { TPageInput } from '@parlour/contract/schemas';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { StoreVersionRepository, StoreVersionRow } from './store-version.repository';

export function toStoreVersion(row: StoreVersionRow): TStoreVersion {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    features: row.features,
    trial_days: row.trial_days,
    currency: row.currency,
    prices: row.prices,
    status: row.status,
    sort: row.sort,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The price of a term of a version; a version without one cannot be bought for it. */
export function priceOf(version: StoreVersionRow, termType: TermType, term: number): number {
  const price = version.prices.find((entry) => entry.type === termType && entry.term === term);
  if (!price) throw new AppError('PURCHASE_DATA_INVALID');
  return price.amount;
}

/** Store versions (the spec's "package"): what a merchant chooses from and an operator edits. */
export function createStoreVersionService(deps: { repository: StoreVersionRepository; clock: Clock }) {
  const { repository, clock } = deps;
  return {
    async listForMerchant() {
      const rows = await repository.listVersions({ isEnabledOnly: true });
      return { list: rows.map(toStoreVersion), total: rows.length };
    },
    async listAll() {
      const rows = await repository.listVersions({ isEnabledOnly: false });
      return { list: rows.map(toStoreVersion), total: rows.length };
    },
    async listForAdmin(page: TPageInput) {
      const [rows, total] = await Promise.all([
        repository.listVersions({ isEnabledOnly: false, limit: page.limit, offset: (page.page - 1) * page.limit }),
        repository.countVersions(),
      ]);
      const counts = await repository.countStoresByVersion(rows.map((row) => row.id));
      return { list: rows.map((row) => ({ ...toStoreVersion(row), store_count: counts.get(row.id) ?? 0 })), total };
    },
    /** A version a merchant may buy: it exists and is enabled. */
    async getPurchasableVersion(id: number) {
      const version = await repository.findVersion(id);
      if (!version || version.status !== 'enabled') throw new AppError('PURCHASE_DATA_INVALID');
      return version;
    },
    async getVersion(id: number) {
      const version = await repository.findVersion(id);
      if (!version) throw new AppError('NOT_FOUND');
      return version;
    },
    async editFunctions(input: Required<Omit<TVersionFunInput, 'id'>> & { id?: number }) {
      const values = {
        name: input.name,
        description: input.description,
        features: input.features,
        trial_days: input.trial_days,
        status: input.status,
        sort: input.sort,
      };
      if (input.id === undefined) return toStoreVersion(await repository.insertVersion(values));
      const row = await repository.updateVersion(input.id, { ...values, updated_at: clock.now() });
      if (!row) throw new AppError('NOT_FOUND');
      return toStoreVersion(row);
    },
    async editPrices(input: Required<TVersionPriceInput>) {
      const row = await repository.updateVersion(input.id, { prices: input.prices, currency: input.currency, updated_at: clock.now() });
      if (!row) throw new AppError('NOT_FOUND');
      return toStoreVersion(row);
    },
  };
}
export type StoreVersionService = ReturnType<typeof createStoreVersionService>;
