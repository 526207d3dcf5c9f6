import {
  OPEN_API_CALLABLE_STATUSES,
  OPEN_API_PARAM_NAME_PATTERN,
  OPEN_API_PARAM_SCHEMAS,
  OPEN_API_PARAM_VALUE_MAX,
  OPEN_API_PARAMS_MAX,
  OPEN_API_RESERVED_PARAMS,
} from '@parlour/contract/calls/open-core';
import type { ErrorKey, Lang } from '@parlour/contract/errors';
import { replaceUnsafeCharacters } from '@parlour/contract/schemas';
import { openApiParamMessages, translateIssue } from '@parlour/contract/i18n/validation';
import { AppError } from '../../../lib/app-error';
import type { ProductDataParams } from '../../../providers/product-data/product-data-provider';
import type { KeyOwner } from './shop-key.repository';

/** A store may call while on trial or operating, not disabled by an operator, and not past its expiry. */
export function isCallable(
  shop: { status: string; expiresAt: Date | null; isDisabledByOperator: boolean },
  now: Date,
): boolean {
  if (shop.isDisabledByOperator) return false;
  if (!(OPEN_API_CALLABLE_STATUSES as readonly string[]).includes(shop.status)) return false;
  // The status column catches up with the expiry in a sweep; the expiry itself decides here.
  return !shop.expiresAt || shop.expiresAt.getTime() > now.getTime();
}

/** Why a store API key is refused, in the order the rules are applied. */
export type KeyRefusal = Extract<ErrorKey, 'OPEN_KEY_INVALID' | 'OPEN_KEY_SUSPENDED' | 'OPEN_STORE_NOT_RUNNING'>;

/**
 * The rules of every call a store's system makes with its key — the metered Open API and the store's
 * plugin list — written once so the two never disagree: a key no store holds is unknown
 * (OPEN_KEY_INVALID), a disabled merchant's keys are suspended (OPEN_KEY_SUSPENDED), and a store not
 * callable now ({@link isCallable}: not on trial or operating, disabled by an operator, or past its
 * expiry) is not running (OPEN_STORE_NOT_RUNNING). Answers the first rule broken, or undefined when
 * the owner may be served.
 */
export function keyOwnerRefusal(owner: KeyOwner | undefined, now: Date): KeyRefusal | undefined {
  if (!owner) return 'OPEN_KEY_INVALID';
  if (owner.isMerchantSuspended) return 'OPEN_KEY_SUSPENDED';
  if (!isCallable(owner, now)) return 'OPEN_STORE_NOT_RUNNING';
  return undefined;
}

/** The key's owner when {@link keyOwnerRefusal} lets it be served now; otherwise throws the refusal. */
export function servedKeyOwner(owner: KeyOwner | undefined, now: Date): KeyOwner {
  const refusal = keyOwnerRefusal(owner, now);
  // `!owner` is for the compiler: keyOwnerRefusal refuses a missing owner first.
  if (refusal || !owner) throw new AppError(refusal ?? 'OPEN_KEY_INVALID');
  return owner;
}

/**
 * Text the database can store: NUL characters and lone UTF-16 surrogates replaced by U+FFFD. A call's
 * row is written in a batch with other calls' rows, so one unstorable string must not fail them all.
 */
export function storableText(text: string): string {
  return replaceUnsafeCharacters(text);
}

type Messages = Record<Lang, string>;
export type ParamsCheck = { isValid: true; params: ProductDataParams } | { isValid: false; messages: Messages };

const reservedParams: ReadonlySet<string> = new Set(OPEN_API_RESERVED_PARAMS);

function invalid<Values extends unknown[]>(
  message: Record<Lang, (...values: Values) => string>,
  ...values: Values
): ParamsCheck {
  return { isValid: false, messages: { 'zh-CN': message['zh-CN'](...values), 'en-US': message['en-US'](...values) } };
}

/**
 * The call's parameters as the upstream receives them (scalars as strings), or why they are refused,
 * naming the parameter in both languages. The rules are the contract's (calls/open-core.ts): those of
 * every call, then the schema of the API's family (item_get, item_search) when it has one; other
 * APIs pass their parameters through.
 */
export function checkCallParams(apiCode: string, body: Record<string, unknown>): ParamsCheck {
  const entries = Object.entries(body).filter(([name]) => name !== 'lang_code');
  if (entries.length > OPEN_API_PARAMS_MAX) return invalid(openApiParamMessages.too_many, OPEN_API_PARAMS_MAX);
  const params: ProductDataParams = {};
  for (const [name, value] of entries) {
    if (!OPEN_API_PARAM_NAME_PATTERN.test(name)) return invalid(openApiParamMessages.name_invalid, name.slice(0, 40));
    if (reservedParams.has(name)) return invalid(openApiParamMessages.reserved, name);
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      return invalid(openApiParamMessages.not_scalar, name);
    const text = storableText(String(value)).trim();
    if (text.length > OPEN_API_PARAM_VALUE_MAX)
      return invalid(openApiParamMessages.too_long, name, OPEN_API_PARAM_VALUE_MAX);
    params[name] = text;
  }
  const family = OPEN_API_PARAM_SCHEMAS.find(({ pattern }) => pattern.test(apiCode));
  // Checked on the trimmed strings the upstream will get; the first issue is the answer's message.
  const issue = family?.schema.safeParse(params).error?.issues[0];
  if (issue)
    return {
      isValid: false,
      messages: {
        'zh-CN': translateIssue(issue.message, issue.path, 'zh-CN'),
        'en-US': translateIssue(issue.message, issue.path, 'en-US'),
      },
    };
  return { isValid: true, params };
}
