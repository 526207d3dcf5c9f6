import { OPEN_API_CALLABLE_STATUSES } from '@parlour/contract/calls/open-core';
import type { Lang } from '@parlour/contract/errors';
import { ITEM_GET_PATTERN, ITEM_SEARCH_PATTERN, type ProductDataParams } from '../../providers/product-data/product-data-provider';

/** A store may call while on trial or operating, not disabled by an operator, and not past its expiry. */
export function isCallable(shop: { status: string; expiresAt: Date | null; isDisabledByOperator: boolean }, now: Date): boolean {
  if (shop.isDisabledByOperator) return false;
  if (!(OPEN_API_CALLABLE_STATUSES as readonly string[]).includes(shop.status)) return false;
  // The status column catches up with the expiry in a sweep; the expiry itself decides here.
  return !shop.expiresAt || shop.expiresAt.getTime() > now.getTime();
}

/**
 * Text the database can store: NUL characters and lone UTF-16 surrogates replaced by U+FFFD. A call's
 * row is written in a batch with other calls' rows, so one unstorable string must not fail them all.
 */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

const MAX_PARAMS = 30;
const MAX_VALUE_LENGTH = 500;
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;
const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/;
const RESERVED_PARAMS = new Set(['key', 'secret', 'result_type']);

type Messages = Record<Lang, string>;
export type ParamsCheck = { isValid: true; params: ProductDataParams } | { isValid: false; messages: Messages };

const invalid = (zh: string, en: string): ParamsCheck => ({ isValid: false, messages: { 'zh-CN': zh, 'en-US': en } });

/**
 * The call's parameters as the upstream receives them (scalars as strings), or why they are refused,
 * naming the parameter in both languages. item_get needs `num_iid`; item_search needs `q` and takes
 * `page` (1–100) and `page_size` (1–40). Other APIs pass their parameters through.
 */
export function checkCallParams(apiCode: string, body: Record<string, unknown>): ParamsCheck {
  const entries = Object.entries(body).filter(([name]) => name !== 'lang_code');
  if (entries.length > MAX_PARAMS) return invalid(`参数最多 ${MAX_PARAMS} 个`, `At most ${MAX_PARAMS} parameters are accepted`);
  const params: ProductDataParams = {};
  for (const [name, value] of entries) {
    if (!PARAM_NAME.test(name)) return invalid(`参数名 ${name.slice(0, 40)} 不合法`, `Parameter name ${name.slice(0, 40)} is not valid`);
    // The platform's own vendor credentials and answer format are not the caller's to set.
    if (RESERVED_PARAMS.has(name)) return invalid(`参数 ${name} 为保留字`, `Parameter ${name} is reserved`);
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      return invalid(`参数 ${name} 须为字符串、数字或布尔值`, `Parameter ${name} must be a string, number or boolean`);
    }
    const text = storableText(String(value)).trim();
    if (text.length > MAX_VALUE_LENGTH) return invalid(`参数 ${name} 最多 ${MAX_VALUE_LENGTH} 个字符`, `Parameter ${name} must be at most ${MAX_VALUE_LENGTH} characters`);
    params[name] = text;
  }
  if (ITEM_GET_PATTERN.test(apiCode)) {
    if (!params.num_iid) return invalid('请提供商品 ID（num_iid）', 'Parameter num_iid (the item ID) is required');
    if (!ITEM_ID.test(params.num_iid)) return invalid('商品 ID（num_iid）只能包含字母、数字、下划线和短横线，最多 64 个字符', 'Parameter num_iid may contain only letters, digits, _ and - (at most 64)');
  }
  if (ITEM_SEARCH_PATTERN.test(apiCode)) {
    if (!params.q) return invalid('请提供搜索关键词（q）', 'Parameter q (the search keyword) is required');
    if (params.q.length > 100) return invalid('搜索关键词（q）最多 100 个字符', 'Parameter q must be at most 100 characters');
    for (const [name, max] of [['page', 100], ['page_size', 40]] as const) {
      if (params[name] === undefined) continue;
      const number = Number(params[name]);
      if (!Number.isInteger(number) || number < 1 || number > max) return invalid(`参数 ${name} 须为 1-${max} 的整数`, `Parameter ${name} must be a whole number from 1 to ${max}`);
    }
  }
  return { isValid: true, params };
}
