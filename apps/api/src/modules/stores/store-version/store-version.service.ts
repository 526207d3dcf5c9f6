import type {
  TEditableStoreVersion,
  TStoreVersion,
  TVersionFunInput,
  TVersionPriceInput,
} from '@parlour/contract/calls/store';
import type { Lang } from '@parlour/contract/errors';
import type { TLocalizedText } from '@parlour/contract/localized-text';
import type { TPageInput } from '@parlour/contract/schemas';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import {
  localizedListOf,
  localizedListValues,
  localizedOf,
  localizedValues,
  pickColumn,
  pickList,
} from '../../../lib/localized-columns';
import type { StoreVersionRepository, StoreVersionRow } from './store-version.repository';

/** A version as a reader sees it: its texts in `lang`, falling back to Chinese. */
export function toStoreVersion(row: StoreVersionRow, lang: Lang): TStoreVersion {
  return {
    id: row.id,
    name: pickColumn(row, 'name', lang),
    description: pickColumn(row, 'description', lang),
    features: pickList(row.features, row.features_en, lang),
    trial_days: row.trial_days,
    currency: row.currency,
    prices: row.prices,
    status: row.status,
    sort: row.sort,
    domain_limit: row.domain_limit,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A version with both languages of its texts, for the operator's edit form. */
export function toEditableStoreVersion(row: StoreVersionRow, lang: Lang): TEditableStoreVersion {
  return {
    ...toStoreVersion(row, lang),
    localized: {
      name: localizedOf(row, 'name'),
      description: localizedOf(row, 'description'),
      features: localizedListOf(row.features, row.features_en),
    },
  };
}

/** Store versions (the spec's "package"): what a merchant chooses from and an operator edits. */
export function createStoreVersionService(deps: { repository: StoreVersionRepository; clock: Clock }) {
  const { repository, clock } = deps;
  return {
    async listForMerchant(lang: Lang) {
      const rows = await repository.listVersions({ isEnabledOnly: true });
      return { list: rows.map((row) => toStoreVersion(row, lang)), total: rows.length };
    },
    async listAll(lang: Lang) {
      const rows = await repository.listVersions({ isEnabledOnly: false });
      return { list: rows.map((row) => toStoreVersion(row, lang)), total: rows.length };
    },
    async listForAdmin(page: TPageInput, lang: Lang) {
      const [rows, total] = await Promise.all([
        repository.listVersions({ isEnabledOnly: false, limit: page.limit, offset: (page.page - 1) * page.limit }),
        repository.countVersions(),
      ]);
      const counts = await repository.countStoresByVersion(rows.map((row) => row.id));
      return {
        list: rows.map((row) => ({ ...toEditableStoreVersion(row, lang), store_count: counts.get(row.id) ?? 0 })),
        total,
      };
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
    async editFunctions(
      input: Omit<Required<TVersionFunInput>, 'id' | 'name' | 'description' | 'features' | 'domain_limit'> & {
        id?: number;
        domain_limit?: number | null;
        name: TLocalizedText;
        description: TLocalizedText;
        features: TLocalizedText[];
      },
      lang: Lang,
    ) {
      const features = localizedListValues(input.features);
      const values = {
        ...localizedValues('name', input.name),
        ...localizedValues('description', input.description),
        features: features.zh,
        features_en: features.en,
        trial_days: input.trial_days,
        status: input.status,
        sort: input.sort,
        // Absent keeps the version's limit.
        ...(input.domain_limit !== undefined ? { domain_limit: input.domain_limit } : {}),
      };
      if (input.id === undefined) return toEditableStoreVersion(await repository.insertVersion(values), lang);
      const row = await repository.updateVersion(input.id, { ...values, updated_at: clock.now() });
      if (!row) throw new AppError('NOT_FOUND');
      return toEditableStoreVersion(row, lang);
    },
    async editPrices(input: Required<TVersionPriceInput>, lang: Lang) {
      const row = await repository.updateVersion(input.id, {
        prices: input.prices,
        currency: input.currency,
        updated_at: clock.now(),
      });
      if (!row) throw new AppError('NOT_FOUND');
      return toEditableStoreVersion(row, lang);
    },
  };
}
export type StoreVersionService = ReturnType<typeof createStoreVersionService>;
