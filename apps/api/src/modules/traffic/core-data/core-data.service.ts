import type {
  TDataSource,
  TOpenApi,
  TPlatformPaths,
  TProductDataConfig,
  ZDataSourceAddInput,
  ZDataSourceEditInput,
  ZOpenApiFields,
  ZProductDataConfigInput,
} from '@parlour/contract/calls/open-core';
import type { z } from 'zod';
import {
  PRODUCT_DATA_DEFAULT_PLATFORM_PATHS,
  PRODUCT_DATA_DEFAULT_TIMEOUT_MS,
} from '@parlour/contract/calls/open-core';
import type { Lang } from '@parlour/contract/errors';
import { validationMessages } from '@parlour/contract/i18n/validation';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { SecretBox } from '../../../lib/secret-box';
import { createHttpProductDataProvider } from '../../../providers/product-data/http-product-data-provider';
import type { ProductDataProvider } from '../../../providers/product-data/product-data-provider';
import { createSandboxProductDataProvider } from '../../../providers/product-data/sandbox-product-data-provider';
import { isUniqueViolation } from '../../../db/errors';
import { checkOutboundOnSave } from '../../../lib/outbound/outbound-field-error';
import type { OutboundPolicy } from '../../../lib/outbound/outbound-policy';
import type { SettingsService } from '../../../platform/settings/settings.service';
import {
  PRODUCT_DATA_SETTINGS_KEY,
  type CoreDataRepository,
  type DataSourceRow,
  type OpenApiRow,
  type Platform,
  type StoredProductDataConfig,
} from './core-data.repository';

const DEFAULT_CONFIG: StoredProductDataConfig = {
  provider: 'sandbox',
  base_url: '',
  key: '',
  secret_sealed: '',
  timeout_ms: PRODUCT_DATA_DEFAULT_TIMEOUT_MS,
};
/**
 * How long a process keeps the provider configuration before reading it again. An edit takes effect
 * at once in the process that made it and within this long in the others.
 */
const CONFIG_CACHE_MS = 1_000;

/** The provider answering the Open API's calls, and how long it may take. */
export interface ActiveProductData {
  provider: ProductDataProvider;
  timeoutMs: number;
  /**
   * Names the data source for the product-data cache: answers cached from one vendor (or the sandbox)
   * are not served once the operator points the platform at another.
   */
  sourceKey: string;
}

function toDataSource(row: DataSourceRow, apiCount = 0, enabledApiCount = 0): TDataSource {
  return {
    id: row.id,
    platform: row.platform,
    name: row.name,
    is_enabled: row.is_enabled,
    remark: row.remark,
    sort: row.sort,
    api_count: apiCount,
    enabled_api_count: enabledApiCount,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toOpenApi(row: OpenApiRow): TOpenApi {
  return {
    id: row.id,
    platform: row.platform,
    code: row.code,
    name: row.name,
    description: row.description,
    cost: row.cost,
    fresh_seconds: row.fresh_seconds,
    stale_seconds: row.stale_seconds,
    cached_cost: row.cached_cost,
    is_enabled: row.is_enabled,
    sort: row.sort,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The stored paths over the defaults: a configuration saved before paths were editable has none. */
function platformPathsOf(value: StoredProductDataConfig): TPlatformPaths {
  return { ...PRODUCT_DATA_DEFAULT_PLATFORM_PATHS, ...value.platform_paths };
}

export function defaultProductDataProviderFactory(config: {
  provider: 'sandbox' | 'http';
  baseUrl: string;
  key: string;
  secret: string;
  platformPaths: TPlatformPaths;
  policy: OutboundPolicy;
}): ProductDataProvider {
  if (config.provider === 'http')
    return createHttpProductDataProvider({
      baseUrl: config.baseUrl,
      key: config.key,
      secret: config.secret,
      platformPaths: config.platformPaths,
      policy: config.policy,
    });
  return createSandboxProductDataProvider();
}

/**
 * Core data of the Open API (operator): the product-data provider configuration — its secret sealed,
 * never answered — the data source of each platform and the API catalogue.
 */
export function createCoreDataService(deps: {
  repository: CoreDataRepository;
  /** Where the provider configuration is kept (platform settings, `product_data`). */
  settings: Pick<SettingsService, 'getValue' | 'setValue'>;
  secrets: SecretBox;
  clock: Clock;
  /** Builds the provider from the configuration; tests may pass their own. */
  createProvider?: typeof defaultProductDataProviderFactory;
  /** The outbound policy the vendor's base URL is checked against on save and on every call. */
  outbound: OutboundPolicy;
}) {
  const { repository, secrets, clock, outbound } = deps;
  const createProvider = deps.createProvider ?? defaultProductDataProviderFactory;
  let cached: { active: ActiveProductData; readAt: number } | undefined;

  async function storedConfig() {
    const stored = await deps.settings.getValue<StoredProductDataConfig>(PRODUCT_DATA_SETTINGS_KEY);
    return { value: { ...DEFAULT_CONFIG, ...stored?.value }, updatedAt: stored?.updatedAt ?? null };
  }

  function toConfig(value: StoredProductDataConfig, updatedAt: Date | null): TProductDataConfig {
    return {
      provider: value.provider,
      base_url: value.base_url,
      key: value.key,
      has_secret: Boolean(value.secret_sealed),
      timeout_ms: value.timeout_ms,
      platform_paths: platformPathsOf(value),
      updated_at: updatedAt?.toISOString() ?? null,
    };
  }

  async function dataSourceView(id: number) {
    const rows = await repository.listDataSources();
    const found = rows.find((row) => row.source.id === id);
    if (!found) throw new AppError('NOT_FOUND');
    return toDataSource(found.source, found.apiCount, found.enabledApiCount);
  }

  return {
    /** The configuration with its secret opened (the audit log compares and then masks it). */
    async getConfigWithSecret() {
      const { value, updatedAt } = await storedConfig();
      return {
        ...toConfig(value, updatedAt),
        secret: value.secret_sealed ? secrets.openSecret(value.secret_sealed) : '',
      };
    },
    getDataSource: dataSourceView,
    async getOpenApi(id: number) {
      const row = await repository.findOpenApi(id);
      if (!row) throw new AppError('NOT_FOUND');
      return toOpenApi(row);
    },

    async getConfig(): Promise<TProductDataConfig> {
      const { value, updatedAt } = await storedConfig();
      return toConfig(value, updatedAt);
    },

    async editConfig(input: z.output<typeof ZProductDataConfigInput>, lang: Lang): Promise<TProductDataConfig> {
      const { value: current } = await storedConfig();
      const secretSealed = input.secret ? secrets.sealSecret(input.secret) : current.secret_sealed;
      if (input.provider === 'http' && !secretSealed) {
        // No secret stored and none given: the same answer as a field rule of the contract.
        const messages = validationMessages.vendor_secret_required;
        throw new AppError('VALIDATION_FAILED', {
          messages,
          data: { errors: [{ field: 'secret', message: messages[lang] }] },
        });
      }
      if (input.provider === 'http')
        await checkOutboundOnSave(() => outbound.checkUrlOnSave(input.base_url), 'base_url', lang);
      const next: StoredProductDataConfig = {
        provider: input.provider,
        base_url: input.base_url,
        key: input.key,
        secret_sealed: secretSealed,
        timeout_ms: input.timeout_ms,
        platform_paths: input.platform_paths,
      };
      const now = clock.now();
      await deps.settings.setValue(PRODUCT_DATA_SETTINGS_KEY, next, now);
      cached = undefined;
      return toConfig(next, now);
    },

    /** The provider serving calls now (read again at most every second), for the Open API. */
    async getActiveProductData(): Promise<ActiveProductData> {
      const nowMs = Date.now();
      if (cached && nowMs - cached.readAt < CONFIG_CACHE_MS) return cached.active;
      const { value } = await storedConfig();
      const provider = createProvider({
        provider: value.provider,
        baseUrl: value.base_url,
        key: value.key,
        secret: value.secret_sealed ? secrets.openSecret(value.secret_sealed) : '',
        platformPaths: platformPathsOf(value),
        policy: outbound,
      });
      const sourceKey = value.provider === 'http' ? `http ${value.base_url} ${value.key}` : 'sandbox';
      cached = { active: { provider, timeoutMs: value.timeout_ms, sourceKey }, readAt: nowMs };
      return cached.active;
    },

    async listDataSources() {
      const rows = await repository.listDataSources();
      return {
        list: rows.map((row) => toDataSource(row.source, row.apiCount, row.enabledApiCount)),
        total: rows.length,
      };
    },

    async addDataSource(input: z.output<typeof ZDataSourceAddInput>) {
      try {
        const row = await repository.insertDataSource({
          platform: input.platform,
          name: input.name,
          is_enabled: input.is_enabled,
          remark: input.remark,
          sort: input.sort,
        });
        return dataSourceView(row.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('DATA_SOURCE_EXISTS');
        throw error;
      }
    },

    async editDataSource(input: z.output<typeof ZDataSourceEditInput>) {
      const row = await repository.updateDataSource(input.id, {
        name: input.name,
        remark: input.remark,
        sort: input.sort,
        updated_at: clock.now(),
      });
      if (!row) throw new AppError('NOT_FOUND');
      return dataSourceView(row.id);
    },

    async setDataSourceEnabled(id: number, isEnabled: boolean) {
      const row = await repository.updateDataSource(id, { is_enabled: isEnabled, updated_at: clock.now() });
      if (!row) throw new AppError('NOT_FOUND');
      return dataSourceView(row.id);
    },

    async deleteDataSource(id: number) {
      if (!(await repository.deleteDataSource(id))) throw new AppError('NOT_FOUND');
      return null;
    },

    async listOpenApis(input: { page: number; limit: number; platform?: Platform; keyword?: string }) {
      const { rows, total } = await repository.listOpenApis({
        platform: input.platform,
        keyword: input.keyword,
        limit: input.limit,
        offset: (input.page - 1) * input.limit,
      });
      return { list: rows.map(toOpenApi), total };
    },

    async addOpenApi(input: z.output<typeof ZOpenApiFields>) {
      try {
        return toOpenApi(await repository.insertOpenApi({ ...input }));
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('OPEN_API_EXISTS');
        throw error;
      }
    },

    async editOpenApi(input: z.output<typeof ZOpenApiFields> & { id: number }) {
      const { id, ...fields } = input;
      try {
        const row = await repository.updateOpenApi(id, { ...fields, updated_at: clock.now() });
        if (!row) throw new AppError('NOT_FOUND');
        return toOpenApi(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('OPEN_API_EXISTS');
        throw error;
      }
    },
  };
}
export type CoreDataService = ReturnType<typeof createCoreDataService>;
