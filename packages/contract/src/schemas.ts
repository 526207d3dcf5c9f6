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

/** A new password: 6-16 characters with upper case, lower case, a digit and a special character. */
export const ZNewPassword = z
  .string({ error: 'password_required' })
  .min(1, { error: 'password_required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'password_length' })
  .max(PASSWORD_MAX_LENGTH, { error: 'password_length' })
  .refine(
    (value) => /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value) && SPECIAL_CHARACTER.test(value),
    { error: 'password_complexity' },
  );

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
export function withMatchingConfirmation<T extends z.ZodType<{ password: string; confirm_password: string }>>(schema: T): T {
  return schema.refine((value) => value.password === value.confirm_password, {
    error: 'confirm_password_mismatch',
    path: ['confirm_password'],
  });
}

/** `{ page, limit }` of every list call. */
export const ZPageInput = z.object({
  page: z.coerce.number({ error: 'page_invalid' }).int({ error: 'page_invalid' }).min(1, { error: 'page_invalid' }).default(1),
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
