import { z } from 'zod';
import {
  CODE_MAX_LENGTH,
  CODE_MIN_LENGTH,
  MAX_PAGE_LIMIT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants';

/**
 * Field rules shared by every call and every form. Error messages are keys of
 * `i18n/validation.ts`, translated by whoever shows them.
 */

/** The largest value of PostgreSQL's `integer` (int4), the type of every serial id and count column. */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/**
 * A NUL character (PostgreSQL text cannot hold one) or a UTF-16 surrogate without its pair (no
 * UTF-8 encoding exists for it): no field of any call may carry either.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasUnsafeCharacter(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/** The text with every unsafe character replaced by U+FFFD, for text that is kept rather than refused. */
export function replaceUnsafeCharacters(value: string): string {
  return value.replaceAll('\u0000', '\uFFFD').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

/**
 * The path of the first string inside `value` (keys included) holding an unsafe character.
 * Iterative, each node linked to its parent, so any depth and size costs linear time and no stack.
 */
export function findUnsafeText(value: unknown): PropertyKey[] | undefined {
  type Node = { value: unknown; key?: PropertyKey; parent?: Node };
  const pathOf = (node: Node, last?: PropertyKey) => {
    const path: PropertyKey[] = last === undefined ? [] : [last];
    for (let current: Node | undefined = node; current?.parent; current = current.parent) path.push(current.key!);
    return path.reverse();
  };
  const pending: Node[] = [{ value }];
  while (pending.length > 0) {
    const node = pending.pop()!;
    const current = node.value;
    if (typeof current === 'string') {
      if (hasUnsafeCharacter(current)) return pathOf(node);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1)
        pending.push({ value: current[index], key: index, parent: node });
    } else if (current && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index];
        if (hasUnsafeCharacter(key)) return pathOf(node, key);
        pending.push({ value: item, key, parent: node });
      }
    }
  }
  return undefined;
}

/**
 * Adds the rule every call's input follows (`defineCall` applies it): no string anywhere in the
 * parsed input holds a NUL or a lone surrogate. The issue names the field.
 */
export function withSafeText<T extends z.ZodType>(schema: T): T {
  return schema.superRefine((value, context) => {
    const path = findUnsafeText(value);
    if (path)
      context.addIssue({ code: 'custom', message: 'text_unsafe_character', path: path as Array<string | number> });
  }) as T;
}

/** A positive row id: of a serial (int4) column unless `max` says otherwise (a bigserial's ids stay exact doubles). */
export function rowId(error?: string, max: number = INT4_MAX) {
  return z.coerce.number({ error }).int({ error }).positive({ error }).max(max, { error });
}

/** A whole number an int4 column (or int4 arithmetic) can hold. */
export function int4(error?: string) {
  return z.coerce.number({ error }).int({ error }).min(INT4_MIN, { error }).max(INT4_MAX, { error });
}

/** A real calendar day `YYYY-MM-DD` (not 2026-02-31, not month 64). */
export const ZCalendarDay = z
  .string({ error: 'date_range_invalid' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date_range_invalid' })
  .refine(
    (value) => {
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    },
    { error: 'date_range_invalid' },
  );

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Mainland mobile numbers (11 digits starting 1[3-9]) or any international number in E.164 form. */
const MOBILE_PATTERN = /^(1[3-9]\d{9}|\+[1-9]\d{6,14})$/;
const SPECIAL_CHARACTER = /[^A-Za-z0-9]/;
const CODE_PATTERN = new RegExp(`^[A-Za-z0-9]{${CODE_MIN_LENGTH},${CODE_MAX_LENGTH}}$`);

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}
export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value);
}

export const ZEmail = z
  .string({ error: 'email_required' })
  .trim()
  .min(1, { error: 'email_required' })
  .refine(isEmail, { error: 'email_invalid' })
  .transform((value) => value.toLowerCase());

export const ZMobile = z
  .string({ error: 'mobile_required' })
  .trim()
  .min(1, { error: 'mobile_required' })
  .refine(isMobile, { error: 'mobile_invalid' });

/** Email or phone number; emails are compared in lower case. */
export const ZAccount = z
  .string({ error: 'account_required' })
  .trim()
  .min(1, { error: 'account_required' })
  .refine((value) => isEmail(value) || isMobile(value), { error: 'account_invalid' })
  .transform((value) => (isEmail(value) ? value.toLowerCase() : value));

/** Password as entered at login: only required, so old passwords still work if rules change. */
export const ZLoginPassword = z
  .string({ error: 'password_required' })
  .min(1, { error: 'password_required' })
  .max(128, { error: 'password_length' });

/** The rules of a new password one by one (spec §5), for a checklist beside the field; {@link ZNewPassword} checks them all. */
export const PASSWORD_RULES = {
  length: (value: string) => value.length >= PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX_LENGTH,
  upper: (value: string) => /[A-Z]/.test(value),
  lower: (value: string) => /[a-z]/.test(value),
  digit: (value: string) => /\d/.test(value),
  special: (value: string) => SPECIAL_CHARACTER.test(value),
} as const;
export type PasswordRule = keyof typeof PASSWORD_RULES;
const PASSWORD_CHARACTER_RULES: readonly PasswordRule[] = ['upper', 'lower', 'digit', 'special'];

/** A new password: 6-16 characters with upper case, lower case, a digit and a special character. */
export const ZNewPassword = z
  .string({ error: 'password_required' })
  .min(1, { error: 'password_required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'password_length' })
  .max(PASSWORD_MAX_LENGTH, { error: 'password_length' })
  .refine((value) => PASSWORD_CHARACTER_RULES.every((rule) => PASSWORD_RULES[rule](value)), {
    error: 'password_complexity',
  });

export const ZConfirmPassword = z
  .string({ error: 'confirm_password_required' })
  .min(1, { error: 'confirm_password_required' });

export const ZCode = z
  .string({ error: 'code_required' })
  .trim()
  .min(1, { error: 'code_required' })
  .regex(CODE_PATTERN, { error: 'code_invalid' });

export const ZAgree = z.literal(true, { error: 'agree_required' });

/** Adds the "confirmation matches" rule to an object with password and confirm_password. */
export function withMatchingConfirmation<T extends z.ZodType<{ password: string; confirm_password: string }>>(
  schema: T,
): T {
  return schema.refine((value) => value.password === value.confirm_password, {
    error: 'confirm_password_mismatch',
    path: ['confirm_password'],
  });
}

/** The last page a list serves: its offset (page × limit) stays inside int4. */
export const MAX_PAGE = Math.floor(INT4_MAX / MAX_PAGE_LIMIT);

/** `{ page, limit }` of every list call. */
export const ZPageInput = z.object({
  page: z.coerce
    .number({ error: 'page_invalid' })
    .int({ error: 'page_invalid' })
    .min(1, { error: 'page_invalid' })
    .max(MAX_PAGE, { error: 'page_invalid' })
    .default(1),
  limit: z.coerce
    .number({ error: 'limit_invalid' })
    .int({ error: 'limit_invalid' })
    .min(1, { error: 'limit_invalid' })
    .max(MAX_PAGE_LIMIT, { error: 'limit_invalid' })
    .default(20),
});
export type TPageInput = z.infer<typeof ZPageInput>;

/** `{ list, total }` answer of every list call. */
export function listOutput<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int() });
}

/** Directions of a sorted list, named as the console's tables name them. */
export const SORT_ORDERS = ['ascend', 'descend'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * `{ sort_field, sort_order }` of a list sorted on the server. `fields` is the whitelist of its
 * sortable columns: anything else is refused, so no column name from a request reaches SQL.
 * Without `sort_field` the list keeps its default order (newest first).
 */
export function sortFields<const Field extends string>(fields: readonly [Field, ...Field[]]) {
  return z.object({
    sort_field: z.enum(fields, { error: 'sort_field_invalid' }).optional(),
    sort_order: z.enum(SORT_ORDERS, { error: 'sort_order_invalid' }).default('descend'),
  });
}
