import { createHmac } from 'node:crypto';
import { safeEqual } from './secrets';

/** HMAC-SHA256 of `payload` under `key`, base64url. */
export function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/** Compares a signature in constant time. */
export function isValidSignature(key: Buffer, payload: string, signature: string): boolean {
  return safeEqual(sign(key, payload), signature);
}
