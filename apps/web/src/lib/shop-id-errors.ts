import { ErrorCode } from '@parlour/contract/errors';
import { isApiError } from './api-error';

/** Refusals of a store ID the creation forms show on the shopId field, not as a toast: taken, or reserved by the platform. */
export const SHOP_ID_FIELD_ERRORS: number[] = [ErrorCode.SHOP_ID_TAKEN, ErrorCode.SHOP_ID_RESERVED];

/** The shopId field's error for a refused creation (the answer's message, in the caller's language), or null for any other failure. */
export function shopIdFieldError(error: unknown): { name: 'shop_id'; errors: string[] } | null {
  if (!isApiError(error) || error.code === undefined || !SHOP_ID_FIELD_ERRORS.includes(error.code)) return null;
  return { name: 'shop_id', errors: [error.message] };
}
