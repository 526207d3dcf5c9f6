import { z } from 'zod';
import { defineCall, ZEmptyInput, ZNullOutput } from '../call';
import { LOG_PLATFORMS, STORE_STATUSES } from '../constants';
import { listOutput, ZPageInput, rowId } from '../schemas';
import { ZShopId } from './store';

/**
 * Core data of the product-data Open API (spec §7 admin open/core_data): which provider serves the
 * calls, the data source of each platform, and the API catalogue with what a call costs; and the
 * stores' API keys (merchant open/shop_key). The Open API itself is `POST /open/v1/<platform>/<api_code>`
 * outside /api/v1: see {@link OPEN_API_PATH_PREFIX}.
 */

/** The metered Open API: `POST ${OPEN_API_PATH_PREFIX}/<platform>/<api_code>` with a JSON body of call parameters. */
export const OPEN_API_PATH_PREFIX = '/open/v1';
/** The header carrying a store's API key (`Authorization: Bearer <key>` is accepted too). */
export const OPEN_API_KEY_HEADER = 'x-api-key';
/** Every store API key starts with this, so a leaked key is recognisable by secret scanners. */
export const OPEN_API_KEY_PREFIX = 'pk_live_';
/** Store statuses whose key may call the Open API. */
export const OPEN_API_CALLABLE_STATUSES = ['trial', 'operating'] as const satisfies ReadonlyArray<
  (typeof STORE_STATUSES)[number]
>;

export const PRODUCT_DATA_PROVIDERS = ['sandbox', 'http'] as const;
export type ProductDataProviderKind = (typeof PRODUCT_DATA_PROVIDERS)[number];
export const PRODUCT_DATA_TIMEOUT_MIN_MS = 200;
export const PRODUCT_DATA_TIMEOUT_MAX_MS = 60_000;
export const PRODUCT_DATA_DEFAULT_TIMEOUT_MS = 8_000;
export const OPEN_API_COST_MAX = 10_000;
/** The product-data cache's windows per API (seconds): the longest freshness (30 days) and stale window (90 days). */
export const CACHE_FRESH_MAX_SECONDS = 30 * 24 * 3600;
export const CACHE_STALE_MAX_SECONDS = 90 * 24 * 3600;
/** The defaults of a new API: fresh for 30 minutes, then served stale for 7 days when the vendor fails. */
export const CACHE_FRESH_DEFAULT_SECONDS = 1800;
export const CACHE_STALE_DEFAULT_SECONDS = 7 * 24 * 3600;
/**
 * Per-key rate protection of one API process: sustained calls per second and burst. Past it a call
 * is answered TOO_MANY_REQUESTS with `data.retry_after` (seconds), not logged and not charged.
 */
export const OPEN_API_RATE_PER_SECOND = 1_000;
export const OPEN_API_RATE_BURST = 2_000;

export const ZPlatform = z.enum(LOG_PLATFORMS, { error: 'api_platform_invalid' });
export type TPlatform = z.infer<typeof ZPlatform>;

/** An API code of the catalogue, the last path segment of a call: lower case letters, digits and underscores. */
export const OPEN_API_CODE_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

// ---------- the metered call's parameters ----------
// Declared once: the route checks a call's body against these (open-api.rules.ts), the API reference
// describes them (plugins/api-reference-metered.ts), and their messages are the validation catalogue's.

/** Every call: at most this many parameters (lang_code, which chooses the answer's language, aside). */
export const OPEN_API_PARAMS_MAX = 30;
/** Every call: a parameter's value, as a string, at most this long. */
export const OPEN_API_PARAM_VALUE_MAX = 500;
/** Every call: a parameter's name (letters, digits and _, up to 40). */
export const OPEN_API_PARAM_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;
/** The platform's own vendor credentials and answer format are not the caller's to set. */
export const OPEN_API_RESERVED_PARAMS = ['key', 'secret', 'result_type'] as const;

/** Codes of the item_get family (item_get and codes starting item_get_): one item by its ID. */
export const ITEM_GET_PATTERN = /^item_get(_|$)/;
/** Codes of the item_search family (item_search and codes starting item_search_): items matching a keyword. */
export const ITEM_SEARCH_PATTERN = /^item_search(_|$)/;

/** Codes of the item_password family: a short link or share code (淘口令) resolved to the item it names. */
export const ITEM_PASSWORD_PATTERN = /^item_password(_|$)/;
/** The code of the catalogue's API that resolves short links and share codes, where a platform has one. */
export const ITEM_PASSWORD_API_CODE = 'item_password';

/**
 * How item_search orders its results, where the data source supports it: the marketplace's own order,
 * price low to high, price high to low, most sold first. Providers map it to the vendor's parameter.
 */
export const SEARCH_SORTS = ['default', 'price_asc', 'price_desc', 'sales'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** item_get's parameters. Values arrive as strings (numbers coerced), and are passed on as strings. */
export const ZItemGetParams = z.object({
  num_iid: z
    .string({ error: 'open_num_iid_required' })
    .min(1, { error: 'open_num_iid_required' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'open_num_iid_format' })
    .meta({ description: 'The item ID on the platform', example: '520813250866' }),
});

/** An optional whole number from 1 to `max` (sent as a number or a string). */
const wholeNumberParam = (max: number, error: 'open_page_invalid' | 'open_page_size_invalid') =>
  z.coerce.number({ error }).int({ error }).min(1, { error }).max(max, { error }).optional();

/** item_search's parameters. */
export const ZItemSearchParams = z.object({
  q: z
    .string({ error: 'open_q_required' })
    .min(1, { error: 'open_q_required' })
    .max(100, { error: 'open_q_length' })
    .meta({ description: 'Keyword', example: '保温杯' }),
  page: wholeNumberParam(100, 'open_page_invalid').meta({ description: 'Page number', default: 1 }),
  page_size: wholeNumberParam(40, 'open_page_size_invalid').meta({
    description: "Items per page (the data source's default when left out)",
  }),
  sort: z
    .enum(SEARCH_SORTS, { error: 'open_sort_invalid' })
    .optional()
    .meta({ description: 'Order of the results: default, price_asc, price_desc or sales', default: 'default' }),
});

/** item_password's parameters. */
export const ZItemPasswordParams = z.object({
  word: z.string({ error: 'open_word_required' }).min(1, { error: 'open_word_required' }).meta({
    description: 'The short link or share code (淘口令), or the whole share text holding it',
    example: 'https://m.tb.cn/h.VudJ7MB',
  }),
});

/** The APIs whose parameters are checked beyond the rules of every call, by the codes they serve. */
export const OPEN_API_PARAM_SCHEMAS = [
  {
    title: 'item_get',
    pattern: ITEM_GET_PATTERN,
    description: 'item_get (and codes starting item_get_): one item by its ID.',
    schema: ZItemGetParams,
  },
  {
    title: 'item_search',
    pattern: ITEM_SEARCH_PATTERN,
    description: 'item_search (and codes starting item_search_): items matching a keyword, page by page.',
    schema: ZItemSearchParams,
  },
  {
    title: 'item_password',
    pattern: ITEM_PASSWORD_PATTERN,
    description:
      'item_password (and codes starting item_password_): the item a short link or share code (淘口令) names, as `num_iid`.',
    schema: ZItemPasswordParams,
  },
] as const;

// ---------- provider configuration ----------

const ZBaseUrl = z
  .string({ error: 'base_url_invalid' })
  .trim()
  .max(300, { error: 'base_url_invalid' })
  .refine((value) => value === '' || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(value), { error: 'base_url_invalid' })
  .default('');

/** The vendor's path segment of each platform (onebound's: Weidian is `micro`). */
export const PRODUCT_DATA_DEFAULT_PLATFORM_PATHS: Record<TPlatform, string> = {
  '1688': '1688',
  taobao: 'taobao',
  micro_store: 'micro',
  jd: 'jd',
};
/** A vendor path segment: 1–40 letters, digits, `-`, `_` or `.` (not `.` or `..` alone). */
const VENDOR_PATH_PATTERN = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,40}$/;
const vendorPath = (platform: TPlatform, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(VENDOR_PATH_PATTERN, { error: message })
    .default(PRODUCT_DATA_DEFAULT_PLATFORM_PATHS[platform]);

/** The vendor's path of each platform; a platform left out takes its default path. */
export const ZPlatformPaths = z.object(
  {
    '1688': vendorPath('1688', 'vendor_path_1688_invalid'),
    taobao: vendorPath('taobao', 'vendor_path_taobao_invalid'),
    micro_store: vendorPath('micro_store', 'vendor_path_micro_store_invalid'),
    jd: vendorPath('jd', 'vendor_path_jd_invalid'),
  },
  { error: 'platform_paths_invalid' },
);
export type TPlatformPaths = z.output<typeof ZPlatformPaths>;

export const ZProductDataConfigInput = z
  .object({
    provider: z.enum(PRODUCT_DATA_PROVIDERS, { error: 'provider_invalid' }),
    /** The vendor's base URL, e.g. https://api-gw.onebound.cn */
    base_url: ZBaseUrl,
    key: z.string({ error: 'vendor_key_length' }).trim().max(200, { error: 'vendor_key_length' }).default(''),
    /** Empty keeps the stored secret. Never answered back. */
    secret: z.string({ error: 'vendor_secret_length' }).trim().max(200, { error: 'vendor_secret_length' }).default(''),
    timeout_ms: z.coerce
      .number({ error: 'timeout_ms_invalid' })
      .int({ error: 'timeout_ms_invalid' })
      .min(PRODUCT_DATA_TIMEOUT_MIN_MS, { error: 'timeout_ms_invalid' })
      .max(PRODUCT_DATA_TIMEOUT_MAX_MS, { error: 'timeout_ms_invalid' })
      .default(PRODUCT_DATA_DEFAULT_TIMEOUT_MS),
    /** The vendor's path segment of each platform: `<base_url>/<path>/<api_code>/`. */
    platform_paths: ZPlatformPaths.prefault({}),
  })
  .superRefine((value, context) => {
    if (value.provider !== 'http') return;
    if (!value.base_url) context.addIssue({ code: 'custom', message: 'base_url_required', path: ['base_url'] });
    if (!value.key) context.addIssue({ code: 'custom', message: 'vendor_key_required', path: ['key'] });
  });
export type TProductDataConfigInput = z.input<typeof ZProductDataConfigInput>;

export const ZProductDataConfig = z.object({
  provider: z.enum(PRODUCT_DATA_PROVIDERS),
  base_url: z.string(),
  key: z.string(),
  /** Whether a secret is stored; the secret itself is never answered. */
  has_secret: z.boolean(),
  timeout_ms: z.number().int(),
  platform_paths: z.object({ '1688': z.string(), taobao: z.string(), micro_store: z.string(), jd: z.string() }),
  updated_at: z.string().nullable(),
});
export type TProductDataConfig = z.infer<typeof ZProductDataConfig>;

export const adminGetProductDataConfig = defineCall({
  path: 'admin/open/core_data/configGet',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'The product-data provider configuration (the secret only as has_secret)',
  input: ZEmptyInput,
  output: ZProductDataConfig,
});
export const adminEditProductDataConfig = defineCall({
  path: 'admin/open/core_data/config_edit',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary:
    "Sets the product-data provider, its base URL, key, secret (empty keeps it), timeout and the vendor's path of each platform",
  input: ZProductDataConfigInput,
  output: ZProductDataConfig,
});

// ---------- data sources ----------

const ZSort = z.coerce
  .number({ error: 'api_sort_invalid' })
  .int({ error: 'api_sort_invalid' })
  .min(0, { error: 'api_sort_invalid' })
  .max(9999, { error: 'api_sort_invalid' })
  .default(0);
const ZIsEnabled = z.boolean({ error: 'is_enabled_invalid' });
const ZRecordId = rowId('id_required');
const ZRemark = z.string({ error: 'remark_length' }).trim().max(200, { error: 'remark_length' }).default('');

export const ZDataSource = z.object({
  id: z.number().int(),
  platform: ZPlatform,
  name: z.string(),
  is_enabled: z.boolean(),
  remark: z.string(),
  sort: z.number().int(),
  /** APIs of the catalogue on this platform, and how many of them are enabled. */
  api_count: z.number().int(),
  enabled_api_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TDataSource = z.infer<typeof ZDataSource>;

const ZDataSourceName = z
  .string({ error: 'data_source_name_required' })
  .trim()
  .min(1, { error: 'data_source_name_required' })
  .max(40, { error: 'data_source_name_length' });
export const ZDataSourceAddInput = z.object({
  platform: ZPlatform,
  name: ZDataSourceName,
  is_enabled: ZIsEnabled.default(true),
  remark: ZRemark,
  sort: ZSort,
});
export type TDataSourceAddInput = z.input<typeof ZDataSourceAddInput>;
export const ZDataSourceEditInput = z.object({ id: ZRecordId, name: ZDataSourceName, remark: ZRemark, sort: ZSort });
export type TDataSourceEditInput = z.input<typeof ZDataSourceEditInput>;

export const adminListDataSources = defineCall({
  path: 'admin/open/core_data/list',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'The data source of each platform, with its API counts',
  input: ZEmptyInput,
  output: listOutput(ZDataSource),
});
export const adminAddDataSource = defineCall({
  path: 'admin/open/core_data/add',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Adds the data source of a platform (one per platform)',
  input: ZDataSourceAddInput,
  output: ZDataSource,
});
export const adminEditDataSource = defineCall({
  path: 'admin/open/core_data/edit',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Edits a data source: name, remark, sort',
  input: ZDataSourceEditInput,
  output: ZDataSource,
});
export const adminDeleteDataSource = defineCall({
  path: 'admin/open/core_data/delete',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Deletes a data source; calls on its platform are then rejected until one is added again',
  input: z.object({ id: ZRecordId }),
  output: ZNullOutput,
});
export const adminEnableDataSource = defineCall({
  path: 'admin/open/core_data/enable',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Switches a platform on or off: calls on a switched-off platform are rejected (logged, not charged)',
  input: z.object({ id: ZRecordId, is_enabled: ZIsEnabled }),
  output: ZDataSource,
});

// ---------- API catalogue ----------

export const ZOpenApi = z.object({
  id: z.number().int(),
  platform: ZPlatform,
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** Units taken from a package per successful call. */
  cost: z.number().int(),
  /** The product-data cache: an answer is served without a vendor call for this long (seconds)… */
  fresh_seconds: z.number().int(),
  /** …and for this long after that when the vendor fails or times out. */
  stale_seconds: z.number().int(),
  /** Units a cached answer costs; null: the same as a call (`cost`); 0: free. */
  cached_cost: z.number().int().nullable(),
  is_enabled: z.boolean(),
  sort: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TOpenApi = z.infer<typeof ZOpenApi>;

export const ZOpenApiFields = z.object({
  platform: ZPlatform,
  /** Path segment of the call; lower case letters, digits and underscores. */
  code: z
    .string({ error: 'api_code_required' })
    .trim()
    .min(1, { error: 'api_code_required' })
    .regex(OPEN_API_CODE_PATTERN, { error: 'api_code_format' }),
  name: z
    .string({ error: 'api_name_required' })
    .trim()
    .min(1, { error: 'api_name_required' })
    .max(40, { error: 'api_name_length' }),
  description: z.string({ error: 'description_length' }).trim().max(500, { error: 'description_length' }).default(''),
  cost: z.coerce
    .number({ error: 'api_cost_invalid' })
    .int({ error: 'api_cost_invalid' })
    .min(1, { error: 'api_cost_invalid' })
    .max(OPEN_API_COST_MAX, { error: 'api_cost_invalid' }),
  /** Absent: the default on add (CACHE_FRESH_DEFAULT_SECONDS), unchanged on edit; likewise the two below. */
  fresh_seconds: z
    .number({ error: 'cache_fresh_invalid' })
    .int({ error: 'cache_fresh_invalid' })
    .min(0, { error: 'cache_fresh_invalid' })
    .max(CACHE_FRESH_MAX_SECONDS, { error: 'cache_fresh_invalid' })
    .optional(),
  stale_seconds: z
    .number({ error: 'cache_stale_invalid' })
    .int({ error: 'cache_stale_invalid' })
    .min(0, { error: 'cache_stale_invalid' })
    .max(CACHE_STALE_MAX_SECONDS, { error: 'cache_stale_invalid' })
    .optional(),
  /** null: the same as a call. */
  cached_cost: z
    .number({ error: 'cached_cost_invalid' })
    .int({ error: 'cached_cost_invalid' })
    .min(0, { error: 'cached_cost_invalid' })
    .max(OPEN_API_COST_MAX, { error: 'cached_cost_invalid' })
    .nullable()
    .optional(),
  is_enabled: ZIsEnabled.default(true),
  sort: ZSort,
});
export type TOpenApiFields = z.input<typeof ZOpenApiFields>;
export const ZOpenApiEditInput = ZOpenApiFields.extend({ id: ZRecordId });
export type TOpenApiEditInput = z.input<typeof ZOpenApiEditInput>;

export const ZOpenApiListInput = ZPageInput.extend({
  platform: ZPlatform.optional(),
  /** Matches the code or the name. */
  keyword: z.string().trim().max(100).optional(),
});
export type TOpenApiListInput = z.input<typeof ZOpenApiListInput>;

export const adminListOpenApis = defineCall({
  path: 'admin/open/core_data/api_list',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'The API catalogue: code, platform, name, cost per call, enabled',
  input: ZOpenApiListInput,
  output: listOutput(ZOpenApi),
});
export const adminAddOpenApi = defineCall({
  path: 'admin/open/core_data/api_add',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Adds an API to the catalogue',
  input: ZOpenApiFields,
  output: ZOpenApi,
});
export const adminEditOpenApi = defineCall({
  path: 'admin/open/core_data/api_edit',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Edits an API of the catalogue (code, platform, name, cost, enabled)',
  input: ZOpenApiEditInput,
  output: ZOpenApi,
});

// ---------- the product-data cache (operator) ----------

/** The days a cache report covers (UTC): today, or the last 7 or 30 days, today included. */
export const CACHE_STATS_RANGES = ['today', 'last_7_days', 'last_30_days'] as const;
export const ZProductCacheStatsInput = z.object({
  time_range: z.enum(CACHE_STATS_RANGES, { error: 'time_range_invalid' }).default('last_7_days'),
});
/** How the cache answered one API of one platform over the range, and how many answers it keeps now. */
export const ZProductCacheStat = z.object({
  platform: ZPlatform,
  api_code: z.string(),
  /** Answered from a fresh copy (no vendor call). */
  hits: z.number().int(),
  /** Answered from a stale copy because the vendor failed or timed out. */
  stale: z.number().int(),
  /** Went to the vendor. */
  misses: z.number().int(),
  /** (hits + stale) ÷ all answers, 0..1; 0 without answers. */
  hit_rate: z.number(),
  /** Answers cached now. */
  entries: z.number().int(),
});
export type TProductCacheStat = z.infer<typeof ZProductCacheStat>;
export const ZProductCacheStats = z.object({
  start_date: z.string(),
  end_date: z.string(),
  list: z.array(ZProductCacheStat),
  total: ZProductCacheStat.omit({ platform: true, api_code: true }),
});
export type TProductCacheStats = z.infer<typeof ZProductCacheStats>;
export const adminProductCacheStats = defineCall({
  path: 'admin/open/cache/hit_stats',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'The product-data cache: hits, stale serves, misses and hit rate per platform and API, and answers kept',
  input: ZProductCacheStatsInput,
  output: ZProductCacheStats,
});
/** An item number as the marketplaces write them. */
export const MARKETPLACE_ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const ZProductCachePurgeInput = z.object({
  platform: ZPlatform,
  item_id: z.string({ error: 'item_id_invalid' }).trim().regex(MARKETPLACE_ITEM_ID, { error: 'item_id_invalid' }),
});
export const adminPurgeProductCache = defineCall({
  path: 'admin/open/cache/delete',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Deletes every cached answer about one item (its next lookup asks the vendor)',
  input: ZProductCachePurgeInput,
  output: z.object({ deleted: z.number().int() }),
});

// ---------- store API keys (merchant) ----------

export const ZShopKey = z.object({
  shop_id: z.string(),
  shop_name: z.string(),
  status: z.enum(STORE_STATUSES),
  /** True when the store's status lets its key call the Open API (on trial or operating). */
  is_callable: z.boolean(),
  /** e.g. `pk_live_••••••••3fA9`; the whole key through reveal. */
  key_masked: z.string(),
  key_last4: z.string(),
  rotated_at: z.string(),
});
export type TShopKey = z.infer<typeof ZShopKey>;

export const merchantListShopKeys = defineCall({
  path: 'merchant/open/shop_key/lists',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: "The merchant's stores with their API keys masked (a key is created on first listing)",
  input: ZPageInput,
  output: listOutput(ZShopKey),
});
export const merchantRevealShopKey = defineCall({
  path: 'merchant/open/shop_key/reveal',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: "A store's whole API key, to copy",
  input: z.object({ shop_id: ZShopId }),
  output: z.object({ shop_id: z.string(), key: z.string() }),
});
export const merchantRotateShopKey = defineCall({
  path: 'merchant/open/shop_key/rotate',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary: "Replaces a store's API key; the old key stops working at once",
  input: z.object({ shop_id: ZShopId }),
  output: ZShopKey.extend({ key: z.string() }),
});
